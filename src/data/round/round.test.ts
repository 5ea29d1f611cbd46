/**
 * The round's small pieces (issue 21): claim codes as the contract gives them, and the lock that
 * only its own PIN or password opens.
 */
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '../random-codes.ts';
import { claimHashOf, claimPath, formatClaimCode, isClaimCode, newAnswerSecret, newClaimCode, normalizeClaimCode } from './claim-code.ts';
import { createLock, lockSecretProblem, unlocks } from './round-lock.ts';

describe('claim codes', () => {
  it('are 12 symbols of the alphabet without look-alikes, shown in groups of four', () => {
    for (let i = 0; i < 200; i++) {
      const code = newClaimCode();
      expect(code).toHaveLength(12);
      expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(CODE_ALPHABET).not.toMatch(/[IO01]/);
    expect(formatClaimCode('abcdefghjklm')).toBe('ABCD-EFGH-JKLM');
    expect(claimPath('abcd-efgh-jklm')).toBe('/claim/ABCDEFGHJKLM');
  });

  it('are read as typed: case, dashes and spaces do not matter; look-alikes and wrong lengths are not codes', () => {
    expect(normalizeClaimCode(' abcd-efgh jklm ')).toBe('ABCDEFGHJKLM');
    expect(isClaimCode('abcd efgh jklm')).toBe(true);
    expect(isClaimCode('ABCD-EFGH-JKL0')).toBe(false);
    expect(isClaimCode('ABCD-EFGH')).toBe(false);
  });

  it('reach the server only as the hex SHA-256 of the normalised code', async () => {
    // sha256("ABCDEFGHJKLM"), as Postgres' encode(sha256(...), 'hex') gives it
    expect(await claimHashOf('abcd-efgh-jklm')).toBe('3f63d25fcb898ecfd6c2e2322bfdb11f44fe17dd0dc359e70b7246224bb223e9');
  });

  it('answer secrets are 43 base64url characters, each one new', () => {
    const secrets = new Set(Array.from({ length: 50 }, newAnswerSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('the round lock', () => {
  it('a PIN is 4 to 8 digits; a password at least 6 characters', () => {
    expect(lockSecretProblem('pin', '123')).toBe('pin_invalid');
    expect(lockSecretProblem('pin', '12a4')).toBe('pin_invalid');
    expect(lockSecretProblem('pin', '1234')).toBeNull();
    expect(lockSecretProblem('password', 'curta')).toBe('password_too_short');
    expect(lockSecretProblem('password', 'bem longa')).toBeNull();
  });

  it('opens with its own secret only, and keeps no copy of it', async () => {
    const lock = await createLock('pin', '2468');
    expect(JSON.stringify(lock)).not.toContain('2468');
    expect(await unlocks(lock, '2468')).toBe(true);
    expect(await unlocks(lock, '2469')).toBe(false);
    expect(await unlocks(lock, '')).toBe(false);
    // A second lock of the same PIN has its own salt.
    expect((await createLock('pin', '2468')).hash).not.toBe(lock.hash);
  });
});
