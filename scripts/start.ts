/**
 * `npm start`: builds the app and serves it, with the whole backend (sync-server on embedded
 * Postgres), from one origin. Prints the URL.
 *
 *   npm start                       build, then serve on http://127.0.0.1:54321, data in .data/
 *   npm start -- --port 8080        another port (or PORT=8080)
 *   npm start -- --demo             also load demo people and notebooks (supabase/seed-demo.sql)
 *   npm start -- --admin <e-mail>   make that account an admin (repeatable; sign up first)
 *   npm start -- --no-build         serve the existing dist/ as it is
 *   npm start -- --memory           throwaway database (tests)
 *   npm start -- --dist <dir>       serve a build from another folder (the update test)
 *   HOST=0.0.0.0 npm start          reachable from phones on the same Wi-Fi (a school, a party)
 *   SYNC_DATA_DIR=<folder>          keep the database in another folder (default .data/db)
 *
 * A problem the person can fix (port in use, a data folder it cannot use or another server on
 * it) ends with one line saying what to do.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './build.ts';
import { startServer } from '../sync-server/app.ts';
import { grantAdmins } from '../sync-server/admins.ts';
import { purgeWarning } from '../sync-server/purge/index.ts';
import { defaultConfig } from '../sync-server/config.ts';
import { assertPortFree, describeStartupFailure, StartupError } from '../sync-server/startup-checks.ts';

const root = path.resolve(import.meta.dirname, '..');

function parseCommandLine() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      memory: { type: 'boolean', default: false },
      dist: { type: 'string' },
      demo: { type: 'boolean', default: false },
      admin: { type: 'string', multiple: true, default: [] },
    },
  });
  if (values.port !== undefined && !/^\d+$/.test(values.port)) throw new StartupError(`--port: not a port number: ${values.port}`);
  return values;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main() {
  const args = parseCommandLine();
  const overrides = {
    ...(args.port ? { port: Number(args.port) } : {}),
    ...(args.memory ? { dataDir: 'memory://' } : {}),
    ...(args.demo ? { extraSeedFiles: [path.join(root, 'supabase', 'seed-demo.sql')] } : {}),
  };
  const dist = path.resolve(args.dist ?? path.join(root, 'dist'));
  if (!args['no-build']) {
    const { host, port } = defaultConfig(overrides);
    await assertPortFree(host, port); // before spending the build on a port that is taken
    // The bundler's diagnostics are for `npm run build`; a person starting the app reads what it does.
    console.log('Building the app…');
    const buildStarted = performance.now();
    const report = await buildApp({ outDir: dist, quiet: true });
    console.log(`Built in ${seconds(buildStarted)} (${report.precacheFiles} files). Starting the server…`);
  }
  const serverStarted = performance.now();
  const server = await startServer({ staticDir: dist, ...overrides });
  const lines = [
    `\n  Cadernos is running at ${server.url} (server ready in ${seconds(serverStarted)})`,
    '  (backend for supabase-js at the same address; Ctrl+C stops it)',
    ...(args.demo ? ['  Demo accounts: ana@demo.cadernos.app and bruno@demo.cadernos.app, password Demo1234'] : []),
    ...(await grantAdmins(server.ctx.db, args.admin)),
    ...[await purgeWarning(server.ctx)].filter((line) => line !== undefined).map((line) => `  ${line}`),
  ];
  console.log(`${lines.join('\n')}\n`); // one write: whoever waits for "running at" reads it all

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing pending work and stopping…`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(describeStartupFailure(error));
  process.exit(1);
});
