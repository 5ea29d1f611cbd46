import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/**
 * React's API, run by Preact (preact/compat): react-dom alone was ~64 kB gzip of the landing's
 * ~90 kB, Preact is ~5 kB. Every import of react / react-dom, ours and the libraries' (wouter,
 * zustand, @lingui/react, @testing-library/react), resolves here; the types stay React's
 * (@types/react), so tsc checks against React. Traps: README "How it is built".
 */
// Files, not package names: Vite resolves an alias to a bare name again from each importer's
// folder (and warns that this can load a module twice).
const preactFile = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
export const PREACT_COMPAT_ALIASES = [
  { find: /^react$/, replacement: preactFile('preact/compat') },
  { find: /^react-dom$/, replacement: preactFile('preact/compat') },
  { find: /^react-dom\/client$/, replacement: preactFile('preact/compat/client') },
  { find: /^react-dom\/test-utils$/, replacement: preactFile('preact/test-utils') },
  { find: /^react\/jsx-runtime$/, replacement: preactFile('preact/compat/jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: preactFile('preact/compat/jsx-dev-runtime') },
];

// The Lingui macro (t`…`, <Trans>) runs through Babel; @vitejs/plugin-react 6 has no babel option.
export default defineConfig({
  // Shown in the footer; APP_VERSION names a build (CI, the update test).
  define: { __APP_VERSION__: JSON.stringify(process.env.APP_VERSION || pkg.version) },
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    vanillaExtractPlugin(),
  ],
  resolve: {
    // One Preact for every importer, resolved from the project (two copies' hooks don't mix).
    dedupe: ['preact'],
    alias: [
      ...PREACT_COMPAT_ALIASES,
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/app/shims/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets the bundle benchmark (and the service worker) know which chunks a route needs.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: by default rolldown split it into a
          // dozen chunks of 0.2–3 kB, each a request (a round trip of 400 ms on a slow phone).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
  },
});
