/**
 * Test harness for the SQL contract in supabase/: a fresh database with what Supabase provides
 * (sync-server's bootstrap) and every migration of supabase/migrations applied, people created
 * straight in auth.users (the sign-up trigger makes their profiles), and calls made as a given
 * person exactly as PostgREST makes them (role + request.jwt.claims in one transaction).
 *
 * One database per test file: PGlite in memory by default, or a scratch database on the real
 * PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database, type Queryable } from '../../sync-server/db/index.ts';
import { bootstrapSupabase } from '../../sync-server/db/bootstrap.ts';
import { applyMigrations } from '../../sync-server/db/migrations.ts';
import { asRequester } from '../../sync-server/db/request-context.ts';
import { createScratchDatabase } from '../../sync-server/db/scratch.ts';
import { adultSignUpData } from '../../sync-server/test-people.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
/** Demo people and notebooks: loaded only where a session opts in (see seed-demo.sql). */
export const DEMO_SEED_FILE = fileURLToPath(new URL('../seed-demo.sql', import.meta.url));

/** The real Postgres server for the tests that need one (CI sets it). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
if (!TEST_DATABASE_URL && process.env.CI === 'true') {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the real-Postgres tests of supabase/ must run in CI.');
}

/** Who makes a call: a person's id, 'anon' (a visitor) or 'service' (the service-role key). */
export type Caller = string | 'anon' | 'service';

export interface SqlError extends Error {
  code?: string;
  hint?: string;
  detail?: string;
}

export interface TestDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The scratch database's URL (postgres backend only), for tests that open their own connections. */
  url?: string;
  /** Creates a person as GoTrue would (auth.users row; the trigger makes profile and settings). */
  createUser(username: string, options?: { admin?: boolean; email?: string; displayName?: string }): Promise<string>;
  /** Runs one statement as the caller and returns its rows. */
  as<Row = Record<string, unknown>>(caller: Caller, sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs fn in one transaction as the caller. */
  tx<T>(caller: Caller, fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs one statement as the database owner (no RLS): setup and inspection. */
  sql<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

function claimsFor(caller: Caller) {
  if (caller === 'anon') return { role: 'anon' };
  if (caller === 'service') return { role: 'service_role' };
  return { role: 'authenticated', sub: caller, aud: 'authenticated' };
}

export async function openTestDatabase(
  options: { backend?: 'pglite' | 'postgres' } = {},
): Promise<TestDatabase> {
  const backend = options.backend ?? 'pglite';
  let drop: (() => Promise<void>) | undefined;
  let url: string | undefined;
  let db: Database;
  if (backend === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const scratch = await createScratchDatabase(TEST_DATABASE_URL, 'cadernos_sql');
    drop = scratch.drop;
    url = scratch.url;
    db = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch.url });
  } else {
    db = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined });
  }
  await bootstrapSupabase(db);
  await applyMigrations(db, MIGRATIONS_DIR);

  const tx = <T>(caller: Caller, fn: (q: Queryable) => Promise<T>) => asRequester(db, claimsFor(caller), fn);

  return {
    db,
    kind: db.kind,
    url,
    async createUser(username, opts = {}) {
      const id = randomUUID();
      const email = opts.email ?? `${username.toLowerCase()}-${id.slice(0, 8)}@example.test`;
      await db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, now(), $3, '{"provider":"email"}')`,
        [id, email, JSON.stringify(adultSignUpData(username, opts.displayName ? { display_name: opts.displayName } : {}))],
      );
      if (opts.admin) {
        await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
      }
      return id;
    },
    async as(caller, sql, params = []) {
      return tx(caller, async (q) => (await q.query(sql, params)).rows as never);
    },
    tx,
    async sql(sql, params = []) {
      return (await db.query(sql, params)).rows as never;
    },
    async close() {
      await db.close();
      await drop?.();
    },
  };
}

/** The error a call failed with (fails the test if it did not fail). */
export async function failure(promise: Promise<unknown>): Promise<SqlError> {
  try {
    await promise;
  } catch (error) {
    return error as SqlError;
  }
  throw new Error('expected the call to fail, and it succeeded');
}
