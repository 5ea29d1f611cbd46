import { i18n, type Messages } from '@lingui/core';
import { LANGUAGE_STORAGE_KEY, type Locale } from './locales.ts';

/**
 * Catalogs are compiled from .po by the Lingui Vite plugin and loaded one at a time, each in its
 * own chunk. The glob derives from the folder layout, so adding a locale to LOCALES and a
 * catalog folder is all it takes.
 */
const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*/messages.po');

function catalogLoader(locale: Locale) {
  const load = catalogs[`./locales/${locale}/messages.po`];
  if (!load) throw new Error(`No catalog for ${locale}; expected src/locale/locales/${locale}/messages.po`);
  return load;
}

/** Loads the locale's catalog, activates it and sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const { messages } = await catalogLoader(locale)();
    i18n.loadAndActivate({ locale, messages });
  }
  document.documentElement.lang = locale;
}

/** Remembers an explicit language choice for unprefixed paths on later visits. */
export function storeLocaleChoice(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the choice still applies through the URL.
  }
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export { i18n };
