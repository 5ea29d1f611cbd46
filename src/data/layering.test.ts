/**
 * The data layer owns no UI state (issue 19): it emits (syncStatus$, the session's state and
 * notices) and the UI listens; it never imports the UI's stores, screens or React. Test files
 * are held to the same rule: they run in the Node project without the UI, and a data test that
 * needs a UI store is testing a binding, which belongs next to that store (src/state).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DATA = join(ROOT, 'src/data');
const UI_FOLDERS = ['src/state', 'src/screens', 'src/components', 'src/app'];
const UI_PACKAGES = ['zustand', 'react', 'react-dom', 'wouter'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: static imports, `export … from`, dynamic import(), `import type`. */
export function importedSpecifiers(source: string): string[] {
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s+['"]([^'"]+)['"]/gm];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

/** Why an import from `file` breaks the rule, or null when it does not. */
export function uiImport(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = relative(ROOT, resolve(dirname(file), specifier));
    const folder = UI_FOLDERS.find((ui) => target === ui || target.startsWith(`${ui}/`));
    return folder ? `${folder} (${specifier})` : null;
  }
  const packageName = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return UI_PACKAGES.includes(packageName) ? specifier : null;
}

describe('the data layer imports no UI', () => {
  test('no file under src/data imports src/state, src/screens, src/components, src/app, zustand or react', () => {
    // This file names UI modules in its own self-check below.
    const files = sourceFiles(DATA).filter((file) => file !== import.meta.filename);
    const offences = files.flatMap((file) =>
      importedSpecifiers(readFileSync(file, 'utf8'))
        .map((specifier) => uiImport(file, specifier))
        .filter((offence): offence is string => offence !== null)
        .map((offence) => `${relative(ROOT, file)} → ${offence}`),
    );
    expect(offences).toEqual([]);
  });

  test('the check sees every kind of import', () => {
    const file = join(DATA, 'replication/status.ts');
    const source = [
      "import { create } from 'zustand';",
      "import type { X } from '../../state/sync-status.ts';",
      "export { Y } from '../../app/session.ts';",
      "const m = import('../../screens/Login/LoginScreen.tsx');",
      "import '../../components/ui.css.ts';",
      "import { useState } from 'react';",
      "import { map } from 'rxjs';",
      "import { documentKey } from './ledger.ts';",
    ].join('\n');
    const found = importedSpecifiers(source).map((specifier) => uiImport(file, specifier));
    expect(found.filter((offence) => offence !== null).sort()).toEqual([
      'react',
      'src/app (../../app/session.ts)',
      'src/components (../../components/ui.css.ts)',
      'src/screens (../../screens/Login/LoginScreen.tsx)',
      'src/state (../../state/sync-status.ts)',
      'zustand',
    ]);
    expect(found.filter((offence) => offence === null)).toHaveLength(2);
  });
});
