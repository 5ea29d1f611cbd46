import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { getRequestListener } from '@hono/node-server';
import { defaultConfig, type ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { openDatabase, type Database } from './db/index.ts';
import { bootstrapSupabase } from './db/bootstrap.ts';
import { applyMigrations, applySeed, isFreshDatabase } from './db/migrations.ts';
import { JwtService } from './jwt.ts';
import { createAuthApp } from './auth/index.ts';
import { createRestApp } from './rest/index.ts';
import { createStorageApp } from './storage/index.ts';
import { createFunctionsApp } from './functions/index.ts';
import { createAnalyticsApp } from './analytics/index.ts';
import { attachRealtime, createRealtimeApp } from './realtime/index.ts';
import { createPaymentsApp } from './payments/index.ts';
import { serveStatic } from './static.ts';
import { schedulePurge } from './purge/index.ts';
import { openDataFolder } from './data-folder.ts';
import { serverKeys } from './install-keys.ts';
import { assertPortFree, portProblem } from './startup-checks.ts';

export interface RunningServer {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  port: number;
  ctx: ServerContext;
  close(): Promise<void>;
}

/**
 * Starts the whole backend: database (bootstrap + migrations), one sub-app per protocol, realtime
 * on the same port, and the built app as static files when config.staticDir is set.
 */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const given = defaultConfig(overrides);
  await assertPortFree(given.host, given.port);
  const folder = openDataFolder(given);
  try {
    const config = { ...given, ...(await serverKeys(given)) };
    return await startOnFolder(config, folder.release);
  } catch (error) {
    folder.release();
    throw error;
  }
}

async function startOnFolder(config: ServerConfig, releaseFolder: () => void): Promise<RunningServer> {
  const db = await openDatabase(config);
  try {
    return await startOnDatabase(config, db, releaseFolder);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

async function startOnDatabase(config: ServerConfig, db: Database, releaseFolder: () => void): Promise<RunningServer> {
  await bootstrapSupabase(db);
  const fresh = await isFreshDatabase(db);
  await applyMigrations(db, config.migrationsDir);
  for (const seed of fresh ? config.seedFiles : []) await applySeed(db, seed);
  // Asked for by whoever started this server on their machine (npm start -- --demo): the demo
  // accounts' file refuses to run anywhere a session has not opted in like this.
  for (const seed of config.extraSeedFiles) await applySeed(db, seed, { 'cadernos.allow_demo_data': 'on' });

  const closers: (() => Promise<void> | void)[] = [];
  const ctx: ServerContext = { config, db, jwt: new JwtService(config.jwtSecret), onClose: (fn) => closers.push(fn) };

  const app = new Hono();
  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      allowHeaders: [
        'authorization',
        'apikey',
        'content-type',
        'x-client-info',
        'x-supabase-api-version',
        'accept-profile',
        'content-profile',
        'prefer',
        'range',
        'range-unit',
        'x-upsert',
        'x-metadata',
        'x-region',
        'cache-control',
      ],
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['content-range', 'content-location', 'x-supabase-api-version', 'content-type', 'etag', 'content-disposition', 'content-profile', 'preference-applied', 'location'],
      credentials: true,
      maxAge: 86400,
    }),
  );
  // The API's JSON goes compressed to whoever accepts it (supabase-js in a browser does), as a
  // hosted Supabase's gateway sends it: a replication page is several kilobytes of repeated keys,
  // and on a school's crowded Wi-Fi or a phone's 400 kbit/s each of them is a wait (issue 20).
  // Small answers (under 1 kB) stay as they are.
  app.use('/rest/v1/*', compress());
  app.route('/auth/v1', createAuthApp(ctx));
  app.route('/rest/v1', createRestApp(ctx));
  app.route('/storage/v1', createStorageApp(ctx));
  app.route('/functions/v1', createFunctionsApp(ctx));
  app.route('/realtime/v1', createRealtimeApp(ctx));
  app.route('/payments/v1', createPaymentsApp(ctx));
  app.route('/__analytics', createAnalyticsApp(ctx)); // the app's VITE_ANALYTICS_ENDPOINT (issue 36)
  if (config.staticDir) app.route('/', serveStatic(config.staticDir, { anonKey: config.anonKey }));

  const server = http.createServer(getRequestListener(app.fetch));
  // Idle keep-alive connections stay open longer than clients and proxies assume (Node's 5 s closed
  // them as a client reused one: "other side closed"); headersTimeout must stay above it (issue 37).
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = config.keepAliveTimeoutMs + 1000;
  const realtime = attachRealtime(server, ctx);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(portProblem(error, config.host, config.port)));
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await realtime.close();
    for (const fn of closers.reverse()) await fn();
    throw error;
  }
  schedulePurge(ctx);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await realtime.close();
      await stopServing(server);
      for (const fn of closers.reverse()) await fn();
      await db.close();
      releaseFolder();
    })());

  return { url, port, ctx, close };
}

/** Requests under way when the server stops get this long to finish. */
export const CLOSE_GRACE_MS = 1000;

/**
 * Stops accepting and closes every connection. `server.close()` alone waits for each open
 * connection to end, and one that never sent a request (a browser's preconnected socket) or sent
 * half of one ends only at the keep-alive / headers timeout — 65 s since issue 37. Requests under
 * way get CLOSE_GRACE_MS; whatever is left then is cut.
 */
async function stopServing(server: http.Server): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await stopped;
  } finally {
    clearTimeout(cut);
  }
}
