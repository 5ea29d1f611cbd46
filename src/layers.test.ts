/**
 * The tree reads top-down (issue 30): the shell (src/app) sits on the screens, the screens on the
 * shared components, those on the stores (src/state) and navigation, and everything on the data
 * layer, the locale and the styles. An import that runs back up, or a loop of imports, means a
 * service lives in the wrong room: move it down to where both sides can own it (as
 * src/navigation/pages.ts holds the pages the shell registers). src/data has its own, stricter
 * rule (src/data/layering.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Static imports, `export … from`, `import type` and dynamic `import()` — all of them tie two files. */
const IMPORT = /(?:import|export)[^'"();]*?from\s*['"](\.[^'"]+)['"]|import\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** `src`-relative path → the `src`-relative files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => relative(SRC, resolve(dirname(file), m[1] ?? m[2])));
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

const topFolder = (path: string) => path.split('/')[0];

/** Who may not import whom: each folder and the folders above it. */
const NOT_IMPORTED_BY: Record<string, readonly string[]> = {
  screens: ['app'],
  components: ['app', 'screens'],
  state: ['app', 'screens', 'components'],
  navigation: ['app', 'screens', 'components', 'state'],
};

function upwardImports(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const above = NOT_IMPORTED_BY[topFolder(file)] ?? [];
    for (const target of targets) if (above.includes(topFolder(target))) found.push(`${file} → ${target}`);
  }
  return found;
}

/** Each loop of imports, as the files it passes through (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, order.get(target)!));
    }
    if (low.get(file) === order.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

describe('the layers of src', () => {
  const graph = importGraph();

  it('screens do not import the shell; components neither the shell nor a screen; state and navigation nothing above them', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('have no loop of imports', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('the checks see what they look for', () => {
    const sample = new Map([
      ['components/A.tsx', ['app/routes.ts']],
      ['app/routes.ts', ['screens/B.tsx']],
      ['screens/B.tsx', ['app/routes.ts']],
    ]);
    expect(upwardImports(sample)).toEqual(['components/A.tsx → app/routes.ts', 'screens/B.tsx → app/routes.ts']);
    expect(cycles(sample)).toEqual([['app/routes.ts', 'screens/B.tsx']]);
  });
});
