/**
 * Bundle benchmark: builds the app (Vite + service worker) N times (median build time) and reports the initial
 * JavaScript of the landing route — the entry chunk, its static imports, the Home page chunk and
 * the Portuguese catalog — gzip-compressed. Target: ≤ 80 kB gzip, with no data layer in it.
 *
 *   npm run bench            (3 builds)
 *   npm run bench -- 5       (5 builds)
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, type BuildReport } from '../../scripts/build.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

let lastReport: BuildReport | undefined;

async function timedBuild(): Promise<number> {
  const started = performance.now();
  lastReport = await buildApp({ quiet: true });
  return performance.now() - started;
}

function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

async function main() {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timedBuild());

  const dist = path.join(root, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const key = (pattern: RegExp) => {
    const found = Object.keys(manifest).find((k) => pattern.test(k));
    if (!found) throw new Error(`no chunk matches ${pattern}`);
    return found;
  };
  const initial = staticClosure(manifest, [
    key(/^index\.html$/),
    key(/screens\/Home\/HomeScreen\.tsx$/),
    key(/locales\/pt-BR\/messages\.po$/),
  ]);

  let js = 0;
  let css = 0;
  const rows: string[] = [];
  for (const k of initial) {
    const chunk = manifest[k];
    const size = gzipSync(fs.readFileSync(path.join(dist, chunk.file))).length;
    js += size;
    rows.push(`    ${kB(size).padStart(9)}  ${chunk.file}`);
    for (const c of chunk.css ?? []) css += gzipSync(fs.readFileSync(path.join(dist, c))).length;
  }
  const initialCode = [...initial].map((k) => fs.readFileSync(path.join(dist, manifest[k].file), 'utf8')).join('\n');
  const heavy = ['RxDatabase', 'supabase-js', 'GoTrueClient', 'Dexie'].filter((marker) => initialCode.includes(marker));

  console.log(`build time: median ${(median(times) / 1000).toFixed(2)} s over ${runs} builds (${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`);
  console.log(`landing route initial JavaScript (gzip): ${kB(js)}  (target ≤ 80 kB)`);
  console.log(rows.join('\n'));
  console.log(`landing route CSS (gzip): ${kB(css)}`);
  console.log(`data layer / supabase-js in the initial chunks: ${heavy.length ? heavy.join(', ') : 'none'}`);
  if (lastReport) {
    console.log(
      `precache: ${lastReport.precacheFiles} files, ${kB(lastReport.precacheBytes)}; service worker ${kB(lastReport.serviceWorkerGzipBytes)} gzip`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
