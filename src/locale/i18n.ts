import { i18n, type Messages } from '@lingui/core';
import { LANGUAGE_STORAGE_KEY, type Locale } from './locales.ts';

type CatalogModule = { messages: Messages };
type CatalogFiles = Record<string, () => Promise<CatalogModule>>;

/**
 * Catalogs are compiled from .po by the Lingui Vite plugin, one chunk per locale and area (see
 * lingui.config.ts). The app catalog loads at start; an area catalog (the long texts of the
 * content pages) loads the first time a page of that area opens, and again with each language
 * switch from then on. Globs derive from the folder layout: adding a locale means adding it to
 * LOCALES and creating its catalog folders.
 */
// Functions, so that importing this module outside Vite (the route table in browser tests) is harmless.
const appCatalogs = (): CatalogFiles => import.meta.glob<CatalogModule>('./locales/*/messages.po');
const areaCatalogs = {
  pages: (): CatalogFiles => import.meta.glob<CatalogModule>('../screens/static/locales/*/messages.po'),
  accounts: (): CatalogFiles => import.meta.glob<CatalogModule>('../screens/accounts/locales/*/messages.po'),
  notebooks: (): CatalogFiles => import.meta.glob<CatalogModule>('../screens/notebooks/locales/*/messages.po'),
  profiles: (): CatalogFiles => import.meta.glob<CatalogModule>('../screens/online/locales/*/messages.po'),
  invite: (): CatalogFiles => import.meta.glob<CatalogModule>('../screens/Invite/locales/*/messages.po'),
  notifications: (): CatalogFiles => import.meta.glob<CatalogModule>('../screens/Notifications/locales/*/messages.po'),
  admin: (): CatalogFiles => import.meta.glob<CatalogModule>('../screens/Admin/locales/*/messages.po'),
};

export type CatalogArea = keyof typeof areaCatalogs;
const areasInUse = new Set<CatalogArea>();

function loadCatalog(files: CatalogFiles, locale: Locale): Promise<CatalogModule> {
  const entry = Object.entries(files).find(([file]) => file.includes(`/${locale}/`));
  if (!entry) throw new Error(`No ${locale} catalog among ${Object.keys(files).join(', ')}`);
  return entry[1]();
}

async function messagesFor(locale: Locale): Promise<Messages> {
  const parts = await Promise.all([
    loadCatalog(appCatalogs(), locale),
    ...[...areasInUse].map((area) => loadCatalog(areaCatalogs[area](), locale)),
  ]);
  return Object.assign({}, ...parts.map((p) => p.messages));
}

/** The app's first activation of a language (main.tsx), once started. */
let firstActivation: Promise<void> | undefined;

/** Loads the locale's catalogs, activates it and sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  const activation = (async () => {
    if (i18n.locale !== locale) i18n.loadAndActivate({ locale, messages: await messagesFor(locale) });
    // Not at build time: the landing pages are prerendered in each language (src/prerender).
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  })();
  firstActivation ??= activation;
  await activation;
}

/** Makes an area's messages available (in the active language, and in every later one). */
export async function loadCatalogArea(area: CatalogArea): Promise<void> {
  if (areasInUse.has(area)) return;
  areasInUse.add(area);
  // Asked for before any language is active (the first page, preloaded at start): the first
  // activation loads it with the app's catalog. Asked for during it: loaded once it is done.
  if (!firstActivation) return;
  await firstActivation.catch(() => undefined);
  const locale = i18n.locale as Locale;
  const { messages } = await loadCatalog(areaCatalogs[area](), locale);
  i18n.load(locale, messages);
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
