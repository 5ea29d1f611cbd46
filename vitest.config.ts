import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Two projects: the web app (jsdom, with the Vite plugins for Lingui and vanilla-extract) and the
// backend (Node: sync-server, supabase SQL tests). Browser tests are Playwright's (tests/e2e).
export default defineConfig({
  test: {
    projects: [
      mergeConfig(viteConfig, {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['src/test-setup.ts'],
        },
      }),
      {
        test: {
          name: 'server',
          environment: 'node',
          globalSetup: ['sync-server/test-global-setup.ts'],
          include: ['sync-server/**/*.test.ts', 'supabase/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
