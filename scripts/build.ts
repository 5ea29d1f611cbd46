/**
 * Builds the whole app: the Vite build, then the service worker (bundled as one file) with the
 * precache manifest of every built file injected by workbox-build.
 *   npm run build
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';

const root = path.resolve(import.meta.dirname, '..');

export interface BuildReport {
  precacheFiles: number;
  precacheBytes: number;
  serviceWorkerGzipBytes: number;
}

export async function buildApp({ quiet = false, outDir = path.join(root, 'dist') } = {}): Promise<BuildReport> {
  const dist = path.resolve(outDir);
  const logLevel = quiet ? 'silent' : 'warn';
  await build({ root, logLevel, build: { outDir: dist, emptyOutDir: true } });
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
  });
  if (warnings.length) console.warn(warnings.join('\n'));
  fs.rmSync(swBundleDir, { recursive: true, force: true });
  return {
    precacheFiles: count,
    precacheBytes: size,
    serviceWorkerGzipBytes: gzipSync(fs.readFileSync(path.join(dist, 'sw.js'))).length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npx tsx scripts/build.ts [--out <dir>]
  const outFlag = process.argv.indexOf('--out');
  const report = await buildApp(outFlag > 0 ? { outDir: process.argv[outFlag + 1] } : {});
  console.log(
    `built dist/: precache ${report.precacheFiles} files, ${(report.precacheBytes / 1024).toFixed(0)} kB; service worker ${(report.serviceWorkerGzipBytes / 1024).toFixed(1)} kB gzip`,
  );
}
