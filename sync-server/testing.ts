import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startServer, type RunningServer } from './app.ts';
import { CODE_GUESS_RATE_LIMIT, CONTACT_RATE_LIMIT, GOTRUE_AUTH_RATE_LIMITS, type AuthRateLimits, type ServerConfig } from './config.ts';
import { createScratchDatabase } from './db/scratch.ts';

export { createScratchDatabase };

/**
 * A real Postgres server for the tests, when one is configured. CI sets it (`.ci/run` starts
 * Debian's postgresql); on a laptop without one, the tests that need it say so and stand aside.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/**
 * The auth limits of test servers: GoTrue's, with 100 times its request rates, because one test
 * file signs up and in dozens of people from one address (127.0.0.1) within seconds — everyone at
 * a school's party, from one device. Still limits: 30 at once, then 10 sign-ups and 50 sign-ins a
 * second, and GoTrue's minute between two mails to one account; the tests of the limits pass
 * GOTRUE_AUTH_RATE_LIMITS.
 */
export const TEST_AUTH_RATE_LIMITS: AuthRateLimits = {
  ...GOTRUE_AUTH_RATE_LIMITS,
  otp: GOTRUE_AUTH_RATE_LIMITS.otp * 100,
  tokenRefresh: GOTRUE_AUTH_RATE_LIMITS.tokenRefresh * 100,
  verify: GOTRUE_AUTH_RATE_LIMITS.verify * 100,
};

/**
 * The same for the wrong codes one address may send to claim_guest, redeem_invite and
 * confirm_guardian (sync-server/auth/rate-limit.ts): 100 times the server's. The database's own
 * limit per account (30 wrong codes in 5 minutes) stays as it is: no test person guesses.
 */
export const TEST_CODE_GUESS_RATE_LIMIT = CODE_GUESS_RATE_LIMIT * 100;

/** Contact messages per client address (send_contact_message, issue 33): 100 times the server's, for the same reason. */
export const TEST_CONTACT_RATE_LIMIT = CONTACT_RATE_LIMIT * 100;

export interface TestServer extends RunningServer {
  anonClient(): SupabaseClient;
  serviceClient(): SupabaseClient;
}

/**
 * Starts the sync-server in this process on a free port, on a throwaway database: in-memory
 * PGlite by default, or a fresh database on the Postgres server at `databaseUrl` (dropped on close).
 */
export async function startTestServer(
  options: Partial<ServerConfig> & { postgresServerUrl?: string } = {},
): Promise<TestServer> {
  const { postgresServerUrl, ...overrides } = options;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (postgresServerUrl) {
    const { url, drop } = await createScratchDatabase(postgresServerUrl);
    overrides.databaseUrl = url;
    dropDatabase = drop;
  }
  // The periodic purge (S10) stays off: a test that wants it passes purgeIntervalMs.
  const server = await startServer({
    port: 0,
    dataDir: 'memory://',
    databaseUrl: undefined,
    purgeIntervalMs: 0,
    authRateLimits: TEST_AUTH_RATE_LIMITS,
    codeGuessRateLimit: TEST_CODE_GUESS_RATE_LIMIT,
    contactRateLimit: TEST_CONTACT_RATE_LIMIT,
    ...overrides,
  });
  const clientFor = (key: string) =>
    createClient(server.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
  return {
    ...server,
    anonClient: () => clientFor(server.ctx.config.anonKey),
    serviceClient: () => clientFor(server.ctx.config.serviceRoleKey),
    async close() {
      await server.close();
      await dropDatabase?.();
    },
  };
}

/**
 * The backends every protocol suite runs on: PGlite always, and a real Postgres server when
 * TEST_DATABASE_URL is set. In CI (CI=true) the real server is required, so a missing variable
 * fails loudly instead of silently testing less.
 */
export const TEST_BACKENDS: { name: 'pglite' | 'postgres'; postgresServerUrl?: string }[] = [
  { name: 'pglite' },
  ...(TEST_DATABASE_URL ? [{ name: 'postgres' as const, postgresServerUrl: TEST_DATABASE_URL }] : []),
];

if (!TEST_DATABASE_URL) {
  if (process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the real-Postgres tests must run in CI.');
  }
  console.warn(
    '[sync-server tests] real-Postgres runs stand aside: set TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres to enable them.',
  );
}
