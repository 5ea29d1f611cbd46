/**
 * A screen folder (src/screens/<Name>/, capitalised) never imports another screen folder: what two
 * screens share lives in a shared folder (notebooks/, accounts/, static/), so a screen can be moved
 * or removed without breaking another one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCREENS = resolve(__dirname);
// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`.
const IMPORT = /(?:import|export)[^'"();]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;

const isScreenFolder = (name: string) => /^[A-Z]/.test(name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder under src/screens a path lies in, or null when it lies outside. */
function screensFolderOf(path: string): string | null {
  const inside = relative(SCREENS, path);
  if (inside.startsWith('..')) return null;
  const [top] = inside.split(sep);
  return top === inside ? null : top;
}

/** "<file> imports <specifier>" for each import of one screen folder from another. */
function crossScreenImports(): string[] {
  const found: string[] = [];
  for (const folder of readdirSync(SCREENS, { withFileTypes: true })) {
    if (!folder.isDirectory() || !isScreenFolder(folder.name)) continue;
    for (const file of sourceFiles(join(SCREENS, folder.name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2];
        if (!specifier.startsWith('.')) continue;
        const target = screensFolderOf(resolve(dirname(file), specifier));
        if (target && target !== folder.name && isScreenFolder(target)) found.push(`${relative(SCREENS, file)} imports ${specifier}`);
      }
    }
  }
  return found;
}

describe('screen folders', () => {
  it('never import one another (shared parts live in notebooks/, accounts/ or static/)', () => {
    expect(crossScreenImports()).toEqual([]);
  });
});

/**
 * One home per online area (issue 30): a screen reaches online-only data through its area's hooks
 * module (src/screens/online/hooks/<area>.ts), never through TanStack Query itself, so an area's
 * keys, reads, writes and live refresh stay in one file.
 */
// online/testing.tsx: the providers of component tests (never imported by the app)
const ONLINE_PLUMBING = new Set(['online/query-client.ts', 'online/live.ts', 'online/OnlineData.tsx', 'online/testing.tsx']);

function tanstackImportsOutsideHooks(): string[] {
  return sourceFiles(SCREENS)
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => relative(SCREENS, file).split(sep).join('/'))
    .filter((file) => !file.startsWith('online/hooks/') && !ONLINE_PLUMBING.has(file))
    .filter((file) => /from\s*['"]@tanstack\/react-query['"]/.test(readFileSync(join(SCREENS, file), 'utf8')));
}

describe('online areas', () => {
  it('are read and written only through their hooks modules', () => {
    expect(tanstackImportsOutsideHooks()).toEqual([]);
  });
});

/**
 * Screens see only the data layer's `api` and what it returns (issue 30): what a role may do comes
 * with the views (`view.may`, `myAnswersWait`, `statusOnSave`), not from the screen reading roles
 * or guessing moderation, and the round's parts are reached through repositories/rounds.ts.
 */
const DATA_LAYER_INSIDES = [/data\/repositories\/(roles|answer-status)\.ts$/, /data\/round\//];

function dataLayerInsidesImported(): string[] {
  return sourceFiles(SCREENS)
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => match[1] ?? match[2])
        .filter((specifier) => DATA_LAYER_INSIDES.some((inside) => inside.test(specifier)))
        .map((specifier) => `${relative(SCREENS, file)} imports ${specifier}`),
    );
}

describe('screens and the data layer', () => {
  it('ask the views what a person may do, and reach the round through its repository', () => {
    expect(dataLayerInsidesImported()).toEqual([]);
  });
});
