/**
 * The one list of supported locales. Everything else (Lingui config, path prefixes, detection,
 * <html lang>, the language switch) derives from it. The first entry is the default and has no
 * path prefix; every other locale lives under its own prefix.
 */
export const LOCALES = [
  { code: 'pt-BR', prefix: '', label: 'Português' },
  { code: 'en-US', prefix: '/en', label: 'English' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const DEFAULT_LOCALE: Locale = LOCALES[0].code;

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);

/** The key under which an explicit language choice is stored (spec: the i18n language key). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

export function localeInfo(locale: Locale) {
  return LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
}
