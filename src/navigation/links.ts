import { i18n } from '@lingui/core';
import { localizePath } from '../locale/detect.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../locale/locales.ts';

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

/** Where a person goes after signing in when no page asked for another one. */
export const AFTER_LOGIN = '/meus-cadernos';

/**
 * The page that sent the person to log in or register and wants them back (`?next=/n/ABC123`,
 * an invite link), or null. Only a path of this app is followed — never another site
 * (`//evil.example`, `https://…`).
 */
export function nextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

/** Where to go after signing in or registering. */
export function afterSignIn(search: string): string {
  return nextPath(search) ?? AFTER_LOGIN;
}

/** A link to an account page (log in, register) that brings the person back to `next` afterwards. */
export function backTo(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** A link to an account page that passes on the `next` this page was given. */
export function withNext(path: string, search: string): string {
  return backTo(path, nextPath(search));
}
