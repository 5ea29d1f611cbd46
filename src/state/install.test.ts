import { describe, expect, it } from 'vitest';
import { INSTALL_DISMISS_MS, isDismissed, isIosSafari } from './install.ts';

describe('install card', () => {
  it('stays hidden for 24 hours after dismissal, then comes back', () => {
    const at = 1_700_000_000_000;
    expect(isDismissed(String(at), at + 1000)).toBe(true);
    expect(isDismissed(String(at), at + INSTALL_DISMISS_MS - 1)).toBe(true);
    expect(isDismissed(String(at), at + INSTALL_DISMISS_MS)).toBe(false);
    expect(isDismissed(null, at)).toBe(false);
    expect(isDismissed('garbage', at)).toBe(false);
  });

  it('recognises iOS Safari, which has no install prompt, and not other iOS browsers', () => {
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const chromeIos = safari.replace('Version/17.0', 'CriOS/120.0');
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
    expect(isIosSafari(safari, 5)).toBe(true);
    expect(isIosSafari(chromeIos, 5)).toBe(false);
    expect(isIosSafari(android, 5)).toBe(false);
  });
});
