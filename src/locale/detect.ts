import { DEFAULT_LOCALE, LOCALES, isLocale, localeInfo, type Locale } from './locales.ts';

/** The locale whose prefix starts this path (`/en`, `/en/…`), or undefined for an unprefixed path. */
export function localeFromPath(pathname: string): Locale | undefined {
  for (const { code, prefix } of LOCALES) {
    if (prefix && (pathname === prefix || pathname.startsWith(prefix + '/'))) return code;
  }
  return undefined;
}

/** The path without its locale prefix: `/en/faq` → `/faq`, `/en` → `/`. */
export function stripLocalePrefix(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (!locale) return pathname || '/';
  const rest = pathname.slice(localeInfo(locale).prefix.length);
  return rest === '' ? '/' : rest;
}

/** The same page in another locale: adds or removes the prefix. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocalePrefix(pathname);
  const { prefix } = localeInfo(locale);
  if (!prefix) return bare;
  return bare === '/' ? prefix : prefix + bare;
}

/** The best supported locale for a browser language list (`en-GB` → en-US, `pt-PT` → pt-BR). */
export function localeFromBrowser(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    if (isLocale(language)) return language;
    const base = language.toLowerCase().split('-')[0];
    const match = LOCALES.find((l) => l.code.toLowerCase().split('-')[0] === base);
    if (match) return match.code;
  }
  return undefined;
}

/** Initial language (spec §2): the path prefix, otherwise the stored choice, otherwise the browser. */
export function detectLocale(input: {
  pathname: string;
  stored: string | null | undefined;
  browserLanguages: readonly string[];
}): Locale {
  return (
    localeFromPath(input.pathname) ??
    (isLocale(input.stored) ? input.stored : undefined) ??
    localeFromBrowser(input.browserLanguages) ??
    DEFAULT_LOCALE
  );
}
