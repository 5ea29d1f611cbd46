import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import linguiConfig from '../../lingui.config.ts';
import { LOCALE_CODES } from './locales.ts';

const root = path.resolve(import.meta.dirname, '../..');
const catalogPaths = linguiConfig.catalogs!.map((c) => c.path.replace('<rootDir>', root));

/**
 * Every message must be translated in every catalog. `npm test` runs `lingui extract` first, so a
 * message added to the code but not yet translated shows up here as an empty msgstr.
 */
/** Every catalog of a locale (app and content pages), merged. */
function readCatalog(locale: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const catalogPath of catalogPaths) readPo(catalogPath.replace('{locale}', locale) + '.po', entries);
  return entries;
}

function readPo(file: string, entries: Map<string, string>) {
  const text = fs.readFileSync(file, 'utf8');
  for (const block of text.split(/\n\s*\n/)) {
    const id = joinedString(block, 'msgid');
    if (id === undefined || id === '') continue;
    entries.set(id, joinedString(block, 'msgstr') ?? '');
  }
}

/** The value of a (possibly multi-line) PO string field. */
function joinedString(block: string, field: 'msgid' | 'msgstr'): string | undefined {
  const match = new RegExp(`^${field} ((?:".*"\\n?)+)`, 'm').exec(block + '\n');
  if (!match) return undefined;
  return [...match[1].matchAll(/"(.*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('');
}

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
});
