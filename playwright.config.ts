import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './scripts/ensure-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Another build folder (`npx tsx scripts/build.ts --out <dir>`), so that parallel work does not share dist/. */
const DIST = process.env.E2E_DIST ? ` --dist ${process.env.E2E_DIST}` : '';

/**
 * Browser tests open the built app (dist/, built by `npm test`) served by the sync-server, as a
 * person would, in Debian's Chromium. Phone-sized by default (the app is used on phones).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices['Pixel 7'],
    // The app's first audience; tests of browser-language detection use their own context.
    locale: 'pt-BR',
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `npx tsx scripts/start.ts --no-build --memory --port ${PORT}${DIST}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    // Every test signs people up and in from this one address: GoTrue's per-address limits (the
    // server's defaults) are for phones, not for a suite of dozens of people; raised 100x, as in
    // the Vitest servers (sync-server/testing.ts). The limits have their own tests.
    // The same for wrong codes to claim_guest, redeem_invite and confirm_guardian (issue 28).
    env: {
      GOTRUE_RATE_LIMIT_OTP: '3000',
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '15000',
      GOTRUE_RATE_LIMIT_VERIFY: '3000',
      SYNC_RATE_LIMIT_CODE_GUESSES: '3000',
    },
  },
});
