import { beforeEach, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, CONSENT_STORAGE_KEY, REJECT_OPTIONAL, readConsent, useConsentStore, writeConsent } from './consent.ts';

describe('consent storage', () => {
  beforeEach(() => localStorage.clear());

  it('has no choice on a first visit', () => {
    expect(readConsent(localStorage)).toBeNull();
  });

  it('round-trips a customised choice, with necessary always on', () => {
    writeConsent(localStorage, { necessary: true, functional: true, analytics: false, marketing: true });
    expect(readConsent(localStorage)).toEqual({ necessary: true, functional: true, analytics: false, marketing: true });
  });

  it('treats a corrupt or partial record as no choice, so the dialog asks again', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, '{not json');
    expect(readConsent(localStorage)).toBeNull();
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ analytics: true }));
    expect(readConsent(localStorage)).toBeNull();
  });

  it('cannot switch necessary cookies off', () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ necessary: false, functional: false, analytics: false, marketing: false }),
    );
    expect(readConsent(localStorage)?.necessary).toBe(true);
  });

  it('the store persists accept-all and reject-optional', () => {
    useConsentStore.getState().save(ACCEPT_ALL);
    expect(readConsent(localStorage)).toEqual(ACCEPT_ALL);
    useConsentStore.getState().save(REJECT_OPTIONAL);
    expect(useConsentStore.getState().choice).toEqual(REJECT_OPTIONAL);
    expect(readConsent(localStorage)).toEqual(REJECT_OPTIONAL);
  });
});
