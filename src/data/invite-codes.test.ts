import { describe, expect, it } from 'vitest';
import { formatCode, inviteCodeFrom, isCodeOf, normalizeCode } from './invite-codes.ts';
import { formatClaimCode, isClaimCode, normalizeClaimCode } from './round/claim-code.ts';

// Issue 29: codes were shown in one block (GZ2WW6BADL7R); one home now says how they are written and typed.
describe('codes people read and type', () => {
  it('are shown in groups of four', () => {
    expect(formatCode('GZ2WW6BADL7R')).toBe('GZ2W-W6BA-DL7R');
    expect(formatClaimCode('gz2ww6badl7r')).toBe('GZ2W-W6BA-DL7R');
  });

  it('are accepted in any case, with or without dashes or spaces', () => {
    for (const typed of ['GZ2WW6BADL7R', 'gz2w-w6ba-dl7r', ' gz2w w6ba dl7r ', 'Gz2W - w6Ba-DL7R']) {
      expect(normalizeCode(typed).trim()).toBe('GZ2WW6BADL7R');
      expect(inviteCodeFrom(typed)).toBe('GZ2WW6BADL7R');
      expect(isCodeOf(typed, 12)).toBe(true);
      expect(isClaimCode(typed)).toBe(true);
      expect(normalizeClaimCode(typed)).toBe('GZ2WW6BADL7R');
    }
  });

  it('leave what is not a code as it was: a public notebook link carries the notebook id', () => {
    const id = '0b7f8c2e-5d1a-4c3e-9f00-1234567890ab';
    expect(inviteCodeFrom(id)).toBe(id);
    expect(inviteCodeFrom('ABC123')).toBe('ABC123');
    // the server's own codes are 8 characters
    expect(inviteCodeFrom('abcd-efgh')).toBe('ABCDEFGH');
    expect(formatCode('ABCDEFGH')).toBe('ABCD-EFGH');
    // look-alikes the alphabet leaves out (0, O, 1, I) are not a code
    expect(isCodeOf('GZ2W-W6BA-DL70', 12)).toBe(false);
  });
});
