import { create } from 'zustand';

/** Spec §3 cookie preferences: necessary is always on; the rest are the person's choice. */
export interface CookiePreferences {
  necessary: true;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
}

export const OPTIONAL_CATEGORIES = ['functional', 'analytics', 'marketing'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

export const CONSENT_STORAGE_KEY = 'cookie-consent';
/** The dialog appears about one second after the first load (spec §4, §9). */
export const CONSENT_DELAY_MS = 1000;

export const ACCEPT_ALL: CookiePreferences = { necessary: true, functional: true, analytics: true, marketing: true };
export const REJECT_OPTIONAL: CookiePreferences = { necessary: true, functional: false, analytics: false, marketing: false };

/** The stored choice, or null when there is none (or it is unreadable, so we ask again). */
export function readConsent(storage: Pick<Storage, 'getItem'>): CookiePreferences | null {
  try {
    const raw = storage.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (!OPTIONAL_CATEGORIES.every((c) => typeof parsed[c] === 'boolean')) return null;
    return {
      necessary: true,
      functional: parsed.functional as boolean,
      analytics: parsed.analytics as boolean,
      marketing: parsed.marketing as boolean,
    };
  } catch {
    return null;
  }
}

export function writeConsent(storage: Pick<Storage, 'setItem'>, preferences: CookiePreferences): void {
  const record = { ...preferences, necessary: true, savedAt: new Date().toISOString() };
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the choice still holds for this visit.
  }
}

interface ConsentState {
  choice: CookiePreferences | null;
  save(preferences: CookiePreferences): void;
}

export const useConsentStore = create<ConsentState>((set) => ({
  choice: typeof localStorage === 'undefined' ? null : readConsent(localStorage),
  save(preferences) {
    const choice = { ...preferences, necessary: true as const };
    writeConsent(localStorage, choice);
    set({ choice });
  },
}));
