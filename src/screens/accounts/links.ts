import { i18n } from '@lingui/core';
import { localizePath } from '../../locale/detect.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../locale/locales.ts';

/**
 * The absolute address of an app page in the current language, for links the server mails
 * (confirmation → `/`, recovery → `/reset-password`).
 */
export function appUrl(path: string, locale: Locale = currentLocale()): string {
  return window.location.origin + localizePath(path, locale);
}

function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
