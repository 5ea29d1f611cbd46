/**
 * `npm test`: every test of the project, in the order that fails fastest.
 *   1. keep the translation catalogs current (a new untranslated message then fails the catalog test)
 *   2. type-check
 *   3. unit and integration tests (vitest: web app in jsdom; sync-server and SQL on PGlite, and on a
 *      real Postgres server when TEST_DATABASE_URL is set — required when CI=true)
 *   4. browser tests (Playwright with Debian's Chromium against the built app served by the sync-server)
 * Extra arguments go to vitest, e.g. `npm test -- src/locale`; `--no-e2e` skips step 4.
 */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const args = process.argv.slice(2);
const skipE2e = args.includes('--no-e2e');
const vitestArgs = args.filter((a) => a !== '--no-e2e');

function run(label, command, commandArgs, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}

const started = Date.now();
run('translation catalogs', 'npx', ['lingui', 'extract']);
run('type-check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('unit and integration tests', 'npx', ['vitest', 'run', ...vitestArgs]);
if (!skipE2e && vitestArgs.length === 0) {
  ensureChromium();
  run('build for browser tests', 'npx', ['tsx', 'scripts/build.ts'], { VITE_ANALYTICS_ENDPOINT: '/__analytics' });
  run('browser tests', 'npx', ['playwright', 'test']);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
