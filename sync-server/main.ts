import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './app.ts';
import { grantAdmins } from './admins.ts';
import type { ServerConfig } from './config.ts';
import { describeStartupFailure } from './startup-checks.ts';
import { purgeWarning } from './purge/index.ts';
import { isLoopbackHost, keysFileOf } from './install-keys.ts';

/**
 * The command line of the sync-server: `npx tsx sync-server/main.ts [options]`.
 * Flags win over environment variables, which win over the Supabase CLI defaults (config.ts).
 */

const USAGE = `Usage: npx tsx sync-server/main.ts [options]

Runs the Cadernos backend: the Supabase protocols (auth, rest, realtime, storage, functions) on
embedded Postgres (PGlite) or on any Postgres server.

Options:
  --port <n>                 port to listen on (env PORT / SYNC_PORT, default 54321; 0 = any free port)
  --host <address>           address to bind (env HOST, default 127.0.0.1; 0.0.0.0 to serve a LAN)
  --data-dir <dir>           PGlite data folder (env SYNC_DATA_DIR, default .data/db; memory:// for a throwaway one)
  --database-url <url>       use this Postgres server instead of PGlite (env DATABASE_URL)
  --storage-dir <dir>        where storage objects are written (env SYNC_STORAGE_DIR, default .data/storage)
  --migrations <dir>         SQL migrations applied at start (env SYNC_MIGRATIONS_DIR, default supabase/migrations)
  --functions <dir>          edge functions served at /functions/v1 (env SYNC_FUNCTIONS_DIR, default supabase/functions)
  --static <dir>             serve this folder (the built app) for every other path
  --site-url <url>           where auth e-mails link back to (env SITE_URL, default this server)
  --email-confirmation       sign-up needs the link from the e-mail (env ENABLE_EMAIL_CONFIRMATION=true)
  --no-email-confirmation    sign-up signs in at once (the default)
  --admin <e-mail>           make that existing account an admin (repeatable)
  --purge-interval <s>       run replication_purge (tombstones older than 30 days) every <s> seconds
                             (env SYNC_PURGE_INTERVAL, default 3600; 0 = never: only where a pg_cron
                             job does it — the server warns at start when nothing does)
  -h, --help                 show this help

The e-mails the server would send (confirmations, password recovery) are in the local mailbox:
open <url>/auth/v1/mailbox in a browser on this machine.
`;

export function parseCommandLine(
  argv: string[],
): { help: true } | { help: false; overrides: Partial<ServerConfig>; admins: string[] } {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'storage-dir': { type: 'string' },
      migrations: { type: 'string' },
      functions: { type: 'string' },
      static: { type: 'string' },
      'site-url': { type: 'string' },
      'email-confirmation': { type: 'boolean' },
      'no-email-confirmation': { type: 'boolean' },
      'purge-interval': { type: 'string' },
      admin: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { help: true };

  const overrides: Partial<ServerConfig> = {};
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port number: ${values.port}`);
    overrides.port = port;
  }
  if (values.host !== undefined) overrides.host = values.host;
  if (values['data-dir'] !== undefined) overrides.dataDir = resolveDir(values['data-dir']);
  if (values['database-url'] !== undefined) overrides.databaseUrl = values['database-url'] || undefined;
  if (values['storage-dir'] !== undefined) overrides.storageDir = resolveDir(values['storage-dir']);
  if (values.migrations !== undefined) overrides.migrationsDir = resolveDir(values.migrations);
  if (values.functions !== undefined) overrides.functionsDir = resolveDir(values.functions);
  if (values.static !== undefined) overrides.staticDir = resolveDir(values.static);
  if (values['site-url'] !== undefined) overrides.siteUrl = values['site-url'];
  if (values['email-confirmation']) overrides.emailConfirmation = true;
  if (values['no-email-confirmation']) overrides.emailConfirmation = false;
  if (values['purge-interval'] !== undefined) {
    const seconds = Number(values['purge-interval']);
    if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`--purge-interval: not a number of seconds: ${values['purge-interval']}`);
    overrides.purgeIntervalMs = seconds * 1000;
  }
  return { help: false, overrides, admins: values.admin ?? [] };
}

function resolveDir(value: string): string {
  return value === 'memory://' ? value : path.resolve(value);
}

/** Where a browser on this machine or the LAN can reach the server. */
function reachableUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [];
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address!.address}:${port}`);
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    return;
  }

  const server = await startServer(parsed.overrides);
  const { config } = server.ctx;
  const database = config.databaseUrl ? redactPassword(config.databaseUrl) : `PGlite in ${config.dataDir}`;
  const lines = [
    `Cadernos sync-server listening on ${server.url}`,
    ...reachableUrls(config.host, server.port).map((url) => `  also reachable at ${url}`),
    `  database:         ${database}`,
    `  anon key:         ${config.anonKey}`,
    isLoopbackHost(config.host)
      ? `  service_role key: ${config.serviceRoleKey}`
      : `  service_role key: this install's own, in ${keysFileOf(config) ?? 'memory'} (never share it)`,
    `  e-mail confirmation ${config.emailConfirmation ? 'on' : 'off'}; mailbox: ${server.url}/auth/v1/mailbox`,
  ];
  lines.push(...(await grantAdmins(server.ctx.db, parsed.admins)));
  const purgeProblem = await purgeWarning(server.ctx);
  if (purgeProblem) lines.push(purgeProblem);
  process.stdout.write(`${lines.join('\n')}\n`);

  // Graceful shutdown: stop accepting requests, let the ones in flight finish, close the database
  // (PGlite flushes its files), then exit. A second signal exits at once.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${signal}: shutting down…\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while shutting down: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'a Postgres server';
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    process.stderr.write(`sync-server failed to start: ${describeStartupFailure(error)}\n`);
    process.exit(1);
  });
}
