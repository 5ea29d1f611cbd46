import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Three projects: the web app (jsdom, with the Vite plugins for Lingui and vanilla-extract), the
// backend (Node: sync-server, supabase SQL tests) and the offline data layer (Node with
// fake-indexeddb and the sync-server in process). Browser tests are Playwright's (tests/e2e).
const DATA_TESTS = [
  'src/data/{db,data-layer,content-rules,derived-ids,layering,persist,sign-up,leader-election,account-status,online/profile-upload,online/guardian,online/data-export}.test.ts',
  'src/data/{replication,repositories,queries,schemas,invariants,session}/**/*.test.ts',
];
export default defineConfig({
  test: {
    projects: [
      mergeConfig(viteConfig, {
        resolve: {
          alias: [
            // Its ES build, whose imports of react-dom go through the Preact aliases; the CommonJS
            // one that Node would pick require()s the real react-dom.
            { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
          ],
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DATA_TESTS],
          setupFiles: ['src/test-setup.ts'],
          // Through Vite, so that their `react` is preact/compat too (vite.config.ts): Node would
          // load real React for them, and two renderers' hooks don't mix.
          server: { deps: { inline: [/[\\/]node_modules[\\/](wouter|zustand|@lingui[\\/]react|@testing-library[\\/]react|@tanstack[\\/]react-query|react-easy-crop)[\\/]/] } },
        },
      }),
      {
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['sync-server/test-global-setup.ts'],
          include: ['sync-server/**/*.test.ts', 'supabase/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'data',
          environment: 'node',
          include: DATA_TESTS,
          setupFiles: ['src/data/testing/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
