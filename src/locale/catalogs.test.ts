import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from './locales.ts';
import fs from 'node:fs';
import path from 'node:path';
import { catalogFiles, readCatalog, readCatalogFileWithContexts } from './po-catalog.ts';

/**
 * Every message must be translated in every catalog. `npm test` runs `lingui extract` first, so a
 * message added to the code but not yet translated shows up here as an empty msgstr.
 */
describe('translation catalogs', () => {
  const catalogs = LOCALE_CODES.map((locale) => ({ locale, entries: readCatalog(locale) }));

  it('are not empty', () => {
    for (const { entries } of catalogs) expect(entries.size).toBeGreaterThan(50);
  });

  it.each(LOCALE_CODES)('%s translates every message', (locale) => {
    const { entries } = catalogs.find((c) => c.locale === locale)!;
    const untranslated = [...entries].filter(([, value]) => value.trim() === '').map(([id]) => id);
    expect(untranslated, `untranslated in ${locale}`).toEqual([]);
  });

  it('all catalogs hold the same messages', () => {
    const [first, ...rest] = catalogs;
    for (const other of rest) {
      expect([...other.entries.keys()].sort(), `${other.locale} vs ${first.locale}`).toEqual([...first.entries.keys()].sort());
    }
  });

  it('keeps the placeholders of each message in its translations', () => {
    const [source, ...targets] = catalogs;
    const placeholders = (s: string) => (s.match(/<\/?\d+\/?>|\{\w+\}/g) ?? []).sort();
    for (const target of targets) {
      for (const [id] of source.entries) {
        const translated = target.entries.get(id);
        if (translated) expect(placeholders(translated), `${target.locale}: ${id}`).toEqual(placeholders(id));
      }
    }
  });

  // An obsolete entry (#~) beside live ones of the same words — "Papel" without a context, after
  // the paper and the role got their own (2e7628c) — shows translators a meaning the code no longer has.
  it.each(LOCALE_CODES)('%s keeps no obsolete entry of words still in use', (locale) => {
    for (const file of catalogFiles(locale)) {
      const text = fs.readFileSync(file, 'utf8');
      const live = new Set([...text.matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]));
      const stale = [...text.matchAll(/^#~ msgid "(.+)"$/gm)].map((m) => m[1]).filter((id) => live.has(id));
      expect(stale, file).toEqual([]);
    }
  });

  // An area's catalog, once loaded, overrides the app's for the whole app (src/locale/i18n.ts): two
  // catalogs giving the same words (and context) different translations make a screen's wording
  // depend on which areas were opened before ("Criar conta": "Sign up" on /en/register opened
  // directly, "Create account" after the invitation).
  it.each(LOCALE_CODES)('%s translates the same message alike in every catalog', (locale) => {
    const translations = new Map<string, Map<string, string[]>>();
    for (const file of catalogFiles(locale)) {
      const catalog = path.relative(process.cwd(), file);
      for (const [key, value] of readCatalogFileWithContexts(file)) {
        const byValue = translations.get(key) ?? new Map<string, string[]>();
        byValue.set(value, [...(byValue.get(value) ?? []), catalog]);
        translations.set(key, byValue);
      }
    }
    const conflicts = [...translations]
      .filter(([, byValue]) => byValue.size > 1)
      .map(([key, byValue]) => ({ message: key.replace('\u0004', ' | '), translations: Object.fromEntries(byValue) }));
    expect(conflicts).toEqual([]);
  });
});
