/**
 * Bundle benchmark: builds the app (Vite + service worker) N times (median build time) and reports the initial
 * JavaScript of the landing routes — the entry chunk, its static imports, the page's chunk and
 * the Portuguese catalogs it needs — gzip-compressed, for / (Home) and /n/{code} (an invitation,
 * issue 20: the invitation's own catalog too). Target: ≤ 80 kB gzip, with no data layer in it.
 * tests/bench/invite-first-visit.ts measures what the invitation actually loads on a slow phone.
 *
 *   npm run bench            (3 builds)
 *   npm run bench -- 5       (5 builds)
 *   npx tsx tests/bench/bundle-size.ts --dist /tmp/bench-dist   (an existing build, not timed)
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, type BuildReport } from '../../scripts/build.ts';
import { median } from './figures.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = path.resolve(import.meta.dirname, '../..');
const distFlag = process.argv.indexOf('--dist');
/** An existing build to read instead of building (no build time then). */
const givenDist = distFlag > 0 ? path.resolve(process.argv[distFlag + 1]) : null;
const runs = givenDist ? 0 : Number(process.argv[2] ?? 3);

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

/** gzip sizes of a route's initial chunks (static imports included), and whether the data layer is among them. */
function initialJavaScript(manifest: Record<string, ManifestChunk>, dist: string, initial: Set<string>) {
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
  const code = [...initial].map((k) => fs.readFileSync(path.join(dist, manifest[k].file), 'utf8')).join('\n');
  const heavy = ['RxDatabase', 'supabase-js', 'GoTrueClient', 'Dexie'].filter((marker) => code.includes(marker));
  return { js, css, rows, heavy };
}

async function main() {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timedBuild());

  const dist = givenDist ?? path.join(root, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const key = (pattern: RegExp) => {
    const found = Object.keys(manifest).find((k) => pattern.test(k));
    if (!found) throw new Error(`no chunk matches ${pattern}`);
    return found;
  };
  const routes: [string, string[]][] = [
    ['/', [key(/^index\.html$/), key(/screens\/Home\/HomeScreen\.tsx$/), key(/src\/locale\/locales\/pt-BR\/messages\.po$/)]],
    [
      '/n/{code}',
      [
        key(/^index\.html$/),
        key(/screens\/Invite\/InviteScreen\.tsx$/),
        key(/src\/locale\/locales\/pt-BR\/messages\.po$/),
        key(/screens\/Invite\/locales\/pt-BR\/messages\.po$/),
      ],
    ],
  ];
  const reports = routes.map(([route, entries]) => ({ route, ...initialJavaScript(manifest, dist, staticClosure(manifest, entries)) }));

  if (runs > 0) console.log(`build time: median ${(median(times) / 1000).toFixed(2)} s over ${runs} builds (${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`);
  for (const report of reports) {
    console.log(`${report.route.padEnd(9)} initial JavaScript (gzip): ${kB(report.js)}  (target ≤ 80 kB)`);
    console.log(report.rows.join('\n'));
    console.log(`${report.route.padEnd(9)} CSS (gzip): ${kB(report.css)}`);
    console.log(`${report.route.padEnd(9)} data layer / supabase-js in the initial chunks: ${report.heavy.length ? report.heavy.join(', ') : 'none'}`);
  }
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
