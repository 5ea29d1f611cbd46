import fs from 'node:fs';
import path from 'node:path';
import linguiConfig from '../../lingui.config.ts';

/**
 * The translation catalogs as the tests read them (Node only): msgid → msgstr of a locale's .po
 * files, every catalog of lingui.config.ts merged.
 */

const root = path.resolve(import.meta.dirname, '../..');
const catalogPaths = linguiConfig.catalogs!.map((c) => c.path.replace('<rootDir>', root));

/** Every catalog of a locale (app, content pages, accounts, notebooks), merged. */
export function readCatalog(locale: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const catalogPath of catalogPaths) readPo(catalogPath.replace('{locale}', locale) + '.po', entries);
  return entries;
}

/** The .po files of a locale, one per catalog of lingui.config.ts. */
export function catalogFiles(locale: string): string[] {
  return catalogPaths.map((catalogPath) => catalogPath.replace('{locale}', locale) + '.po');
}

/**
 * One .po file's live entries, keyed by context and msgid as Lingui keys them at run time (two
 * entries of the same words in different contexts are different messages).
 */
export function readCatalogFileWithContexts(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const block of fs.readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    const id = joinedString(block, 'msgid');
    if (id === undefined || id === '') continue;
    const context = joinedString(block, 'msgctxt');
    entries.set(context === undefined ? id : `${context}\u0004${id}`, joinedString(block, 'msgstr') ?? '');
  }
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
function joinedString(block: string, field: 'msgctxt' | 'msgid' | 'msgstr'): string | undefined {
  const match = new RegExp(`^${field} ((?:".*"\\n?)+)`, 'm').exec(block + '\n');
  if (!match) return undefined;
  return [...match[1].matchAll(/"(.*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('');
}
