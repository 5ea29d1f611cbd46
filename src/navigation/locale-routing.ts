import { useCallback } from 'react';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { localeFromPath, localizePath } from '../locale/detect.ts';
import { activateLocale, storeLocaleChoice } from '../locale/i18n.ts';
import { DEFAULT_LOCALE, type Locale } from '../locale/locales.ts';

/**
 * After start-up the URL always carries the language (main.tsx rewrites an unprefixed path when
 * the detected language has a prefix), so the locale is simply read from the path.
 */
export function useLocaleFromUrl(): Locale {
  const [path] = useBrowserLocation();
  return localeFromPath(path) ?? DEFAULT_LOCALE;
}

/** Returns a function that switches language: loads the catalog, stores the choice, rewrites the URL in place. */
export function useLocaleSwitch(): (locale: Locale) => Promise<void> {
  const [path, navigate] = useBrowserLocation();
  return useCallback(
    async (locale: Locale) => {
      await activateLocale(locale);
      storeLocaleChoice(locale);
      navigate(localizePath(path, locale) + window.location.search + window.location.hash, { replace: true });
    },
    [path, navigate],
  );
}
