/**
 * Builds the whole app: the Vite build, the landing pages prerendered (an SSR build of
 * src/prerender/landing.tsx, run once), then the service worker (bundled as one file) with the
 * precache manifest of every built file injected by workbox-build.
 *   npm run build
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';
import { injectManifest } from 'workbox-build';
import { PRERENDERED_FILE } from '../sync-server/prerendered.ts';
import { precacheOrder, type ManifestChunk } from './precache-order.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface BuildReport {
  prerenderedPages: number;
  prerenderSeconds: number;
  precacheFiles: number;
  precacheBytes: number;
  serviceWorkerGzipBytes: number;
}

export async function buildApp({ quiet = false, outDir = path.join(root, 'dist') } = {}): Promise<BuildReport> {
  const dist = path.resolve(outDir);
  const logLevel = quiet ? 'silent' : 'warn';
  await build({ root, logLevel, build: { outDir: dist, emptyOutDir: true } });
  const prerenderStart = performance.now();
  const prerenderedPages = await prerenderLandingPages(dist, logLevel);
  const prerenderSeconds = (performance.now() - prerenderStart) / 1000;
  const swBundleDir = path.join(path.dirname(dist), `${path.basename(dist)}-sw`);
  await build({
    root,
    logLevel,
    configFile: false,
    publicDir: false,
    build: {
      outDir: swBundleDir,
      emptyOutDir: true,
      minify: true,
      sourcemap: false,
      lib: { entry: path.join(root, 'sw/sw.ts'), formats: ['iife'], name: 'cadernosSw', fileName: () => 'sw.js' },
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: path.join(swBundleDir, 'sw.js'),
    swDest: path.join(dist, 'sw.js'),
    globDirectory: dist,
    globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2,webmanifest}'],
    globIgnores: ['.vite/**', '**/*.map', 'sw.js'],
    // Hashed file names already say when a file changed.
    dontCacheBustURLsMatching: /\/assets\/.+-[\w-]{8,}\.\w+$/,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // The shell, then what a signed-in screen leads to that works offline (precache-order.ts).
    manifestTransforms: [
      (entries) => {
        const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
        return { manifest: precacheOrder(entries, manifest), warnings: [] };
      },
    ],
  });
  if (warnings.length) console.warn(warnings.join('\n'));
  fs.rmSync(swBundleDir, { recursive: true, force: true });
  return {
    prerenderedPages,
    prerenderSeconds,
    precacheFiles: count,
    precacheBytes: size,
    serviceWorkerGzipBytes: gzipSync(fs.readFileSync(path.join(dist, 'sw.js'))).length,
  };
}

/**
 * Renders the landing pages with the app's own components (src/prerender/landing.tsx, bundled for
 * Node with the app's Vite config: the same aliases, texts and class names) into PRERENDERED_FILE.
 * Returns how many pages it wrote.
 */
async function prerenderLandingPages(dist: string, logLevel: 'silent' | 'warn'): Promise<number> {
  const ssrDir = path.join(path.dirname(dist), `${path.basename(dist)}-prerender`);
  const output = await build({
    root,
    logLevel,
    publicDir: false,
    plugins: [onlyLandingModules()],
    // Bundled, not imported from node_modules: `react` is Preact only through the config's aliases.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender/landing.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false, manifest: false, minify: false },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const entry = outputs.flatMap((o) => o.output).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) throw new Error('prerender: the SSR build has no entry chunk');
  try {
    const render = async () => {
      const landing = (await import(pathToFileURL(path.join(ssrDir, entry.fileName)).href)) as typeof import('../src/prerender/landing.tsx');
      return { placeholder: landing.CODE_PLACEHOLDER, pages: await landing.prerenderLandings() };
    };
    const { placeholder, pages } = await render().catch((error: unknown) => {
      throw new Error(
        'prerender: the landing pages are rendered in Node at build time (src/prerender/landing.tsx), so what the app ' +
          'runs on import or while rendering them must not need the browser (window, document, storage: use effects)',
        { cause: error },
      );
    });
    expectStyled(dist, pages.map((page) => page.markup));
    const file = { codePlaceholder: placeholder, pages };
    fs.writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify(file));
    return pages.length;
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

/**
 * vanilla-extract names classes alike in the SSR and the client build (production builds): every
 * class of the prerendered markup must be in the client's CSS, or the page would show unstyled.
 */
function expectStyled(dist: string, markups: string[]): void {
  const assets = path.join(dist, 'assets');
  const css = fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.css'))
    .map((name) => fs.readFileSync(path.join(assets, name), 'utf8'))
    .join('\n');
  const classes = new Set(markups.flatMap((markup) => [...markup.matchAll(/ class="([^"]+)"/g)].flatMap((match) => match[1].split(' '))));
  const missing = [...classes].filter((name) => !css.includes(`.${name}`));
  if (missing.length) throw new Error(`prerender: classes not in the built CSS: ${missing.join(', ')}`);
}

/**
 * The prerender needs the landing page and the catalogs, not every screen the router can load:
 * other dynamic imports stay unbundled (a fraction of a full build's time). A lazy part left out
 * renders as its Suspense fallback, as in the app's first frame (landing.tsx checks the page itself
 * rendered).
 */
function onlyLandingModules(): Plugin {
  const needed = [/\/screens\/Invite\/InviteScreen\.tsx$/, /\/messages\.po$/];
  return {
    name: 'cadernos:prerender-only-landing-modules',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      const kind = (options as { kind?: string } | undefined)?.kind;
      if (kind !== 'dynamic-import' || needed.some((pattern) => pattern.test(source))) return null;
      return { id: source, external: true };
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npx tsx scripts/build.ts [--out <dir>]
  const outFlag = process.argv.indexOf('--out');
  const report = await buildApp(outFlag > 0 ? { outDir: process.argv[outFlag + 1] } : {});
  console.log(
    `built dist/: ${report.prerenderedPages} landing pages prerendered (${report.prerenderSeconds.toFixed(1)} s); precache ${report.precacheFiles} files, ${(report.precacheBytes / 1024).toFixed(0)} kB; service worker ${(report.serviceWorkerGzipBytes / 1024).toFixed(1)} kB gzip`,
  );
}
