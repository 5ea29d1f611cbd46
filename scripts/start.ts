/**
 * `npm start`: builds the app and serves it, with the whole backend (sync-server on embedded
 * Postgres), from one origin. Prints the URL.
 *
 *   npm start                     build, then serve on http://127.0.0.1:54321
 *   npm start -- --port 8080      another port (or PORT=8080)
 *   npm start -- --no-build       serve the existing dist/ as it is
 *   npm start -- --memory         throwaway database (tests)
 *   npm start -- --dist <dir>     serve a build from another folder (the update test)
 *   npm start -- --demo           also load demo people and notebooks (supabase/seed-demo.sql)
 *   HOST=0.0.0.0 npm start        reachable from phones on the same Wi-Fi (a school, a party)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './build.ts';
import { startServer } from '../sync-server/app.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    dist: { type: 'string' },
    demo: { type: 'boolean', default: false },
  },
});

async function main() {
  const dist = path.resolve(args.dist ?? path.join(root, 'dist'));
  if (!args['no-build']) {
    console.log('Building the app…');
    await buildApp({ outDir: dist });
  }
  const server = await startServer({
    staticDir: dist,
    ...(args.port ? { port: Number(args.port) } : {}),
    ...(args.memory ? { dataDir: 'memory://' } : {}),
    ...(args.demo ? { extraSeedFiles: [path.join(root, 'supabase', 'seed-demo.sql')] } : {}),
  });
  console.log(`\n  Cadernos is running at ${server.url}\n  (backend for supabase-js at the same address; Ctrl+C stops it)\n`);
  if (args.demo) console.log('  Demo accounts: ana@demo.cadernos.app and bruno@demo.cadernos.app, password Demo1234\n');

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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
