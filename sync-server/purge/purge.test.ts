import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig, PURGE_INTERVAL_MS, PURGE_RETENTION } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { parseCommandLine } from '../main.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { signUpAdult } from '../test-people.ts';
import { purgeWarning, schedulePurge, type PurgeResult } from './index.ts';

/** S10 on the sync-server: the periodic replication_purge, its retention, and its switch. */

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../supabase/migrations');

async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A forbidden word inserted and deleted: a tombstone, dated `age` ago. Returns its id and xid. */
async function tombstoneAged(server: TestServer, word: string, age: string): Promise<{ id: string; xid: string }> {
  const db = server.ctx.db;
  const { rows } = await db.query<{ id: string }>(`insert into public.forbidden_words (word) values ($1) returning id`, [word]);
  const id = rows[0].id;
  const deleted = await db.query<{ xid: string }>(
    `with gone as (delete from public.forbidden_words where id = $1) select pg_current_xact_id()::text as xid`,
    [id],
  );
  await db.query(`update private.replication_tombstones set deleted_at = now() - $2::interval where id = $1`, [id, age]);
  return { id, xid: deleted.rows[0].xid };
}

async function tombstoneExists(server: TestServer, id: string): Promise<boolean> {
  const { rows } = await server.ctx.db.query(`select 1 from private.replication_tombstones where id = $1`, [id]);
  return rows.length > 0;
}

let servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

describe.each(TEST_BACKENDS)('the periodic purge (S10) on $name', ({ postgresServerUrl }) => {
  it('runs on its own: tombstones older than 30 days go, younger ones stay, old pulses go, the horizon moves — and again at the next tick', async () => {
    const server = await startTestServer({ postgresServerUrl, purgeIntervalMs: 200 });
    servers.push(server);
    const db = server.ctx.db;
    const { id: old, xid: oldXid } = await tombstoneAged(server, 'velhissima', '30 days 1 hour');
    const { id: young } = await tombstoneAged(server, 'novinha', '29 days 23 hours');
    await db.query(`insert into public.replication_pulses (user_id, txid, created_at) values (gen_random_uuid(), 1, now() - interval '11 minutes')`);
    await db.query(`insert into public.replication_pulses (user_id, txid, created_at) values (gen_random_uuid(), 2, now() - interval '9 minutes')`);

    const pulses = async () =>
      (await db.query<{ txid: string }>(`select txid::text from public.replication_pulses where txid in (1, 2)`)).rows.map((p) => p.txid);
    await eventually(async () => {
      expect(await tombstoneExists(server, old)).toBe(false);
      expect(await pulses()).toEqual(['2']);
    });
    expect(await tombstoneExists(server, young)).toBe(true);
    const [horizon] = (await db.query<{ xid: string }>(`select purged_xid::text as xid from private.replication_horizon`)).rows;
    expect(BigInt(horizon.xid)).toBeGreaterThanOrEqual(BigInt(oldXid));

    // the job keeps running: a tombstone that ages past the retention goes at a later tick
    await db.query(`update private.replication_tombstones set deleted_at = now() - interval '31 days' where id = $1`, [young]);
    await eventually(async () => expect(await tombstoneExists(server, young)).toBe(false));
  });
});

describe('the purge schedule', () => {
  // (On PGlite a query holds the event loop, so only the PostgreSQL run can catch an overlap.)
  it.each(TEST_BACKENDS)('calls replication_purge at every tick, never two runs at once, and stops when the server closes ($name)', async ({ postgresServerUrl }) => {
    const server = await startTestServer({ postgresServerUrl });
    servers.push(server);
    const results: PurgeResult[] = [];
    const closers: (() => Promise<void> | void)[] = [];
    // the real database, watched: how many purges are in flight at once
    let inFlight = 0;
    let mostInFlight = 0;
    const db = server.ctx.db;
    const watched = Object.create(db, {
      query: {
        value: async (sql: string, params?: unknown[]) => {
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          try {
            return await db.query(sql, params);
          } finally {
            inFlight--;
          }
        },
      },
    }) as typeof db;
    const ctx: ServerContext = {
      ...server.ctx,
      db: watched,
      // far shorter than one purge takes: ticks find the previous run still going
      config: { ...server.ctx.config, purgeIntervalMs: 1 },
      onClose: (fn) => closers.push(fn),
    };
    schedulePurge(ctx, { onPurged: (result) => results.push(result) });
    await eventually(async () => expect(results.length).toBeGreaterThanOrEqual(3));
    expect(results[0]).toEqual({ tombstones: 0, accesses: 0, pulses: 0, horizon: expect.any(String) });
    expect(mostInFlight).toBe(1);
    for (const close of closers) await close();
    const stoppedAt = results.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(results.length).toBe(stoppedAt);
  });

  it('is hourly with a 30-day retention by default, off in the test servers, and set by --purge-interval or SYNC_PURGE_INTERVAL', async () => {
    expect(PURGE_INTERVAL_MS).toBe(60 * 60 * 1000);
    expect(PURGE_RETENTION).toBe('30 days');
    expect(defaultConfig()).toMatchObject({ purgeIntervalMs: PURGE_INTERVAL_MS, purgeRetention: '30 days' });

    const server = await startTestServer();
    servers.push(server);
    expect(server.ctx.config.purgeIntervalMs).toBe(0);
    const { id: old } = await tombstoneAged(server, 'esquecida', '60 days');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await tombstoneExists(server, old)).toBe(true);

    expect(parseCommandLine(['--purge-interval', '60'])).toEqual({ help: false, overrides: { purgeIntervalMs: 60_000 }, admins: [] });
    expect(parseCommandLine(['--purge-interval', '0'])).toEqual({ help: false, overrides: { purgeIntervalMs: 0 }, admins: [] });
    expect(() => parseCommandLine(['--purge-interval', 'often'])).toThrow('--purge-interval');
    const saved = process.env.SYNC_PURGE_INTERVAL;
    process.env.SYNC_PURGE_INTERVAL = '120';
    try {
      expect(defaultConfig().purgeIntervalMs).toBe(120_000);
    } finally {
      if (saved === undefined) delete process.env.SYNC_PURGE_INTERVAL;
      else process.env.SYNC_PURGE_INTERVAL = saved;
    }
  });

  it('the database keeps the same retention: replication_purge defaults to it and the pg_cron job (Supabase) uses it', async () => {
    const server = await startTestServer();
    servers.push(server);
    const [{ args }] = (
      await server.ctx.db.query<{ args: string }>(`select pg_get_function_arguments('public.replication_purge(interval)'::regprocedure) as args`)
    ).rows;
    expect(args).toContain(`'${PURGE_RETENTION}'::interval`);
    const schedule = await fs.readFile(path.join(MIGRATIONS_DIR, '20261124100500_purge_schedule.sql'), 'utf8');
    expect(schedule).toMatch(new RegExp(`cron\\.schedule\\([^;]*replication_purge\\(interval '${PURGE_RETENTION}'\\)`));
  });

  it.each(TEST_BACKENDS)('the schedule migration is applied everywhere, and is a no-op where pg_cron cannot run ($name)', async ({ postgresServerUrl }) => {
    const server = await startTestServer({ postgresServerUrl });
    servers.push(server);
    const db = server.ctx.db;
    const applied = await db.query(`select 1 from supabase_migrations.schema_migrations where version = '20261124100500'`);
    expect(applied.rows).toHaveLength(1);
    const [{ available }] = (await db.query<{ available: boolean }>(`select exists (select 1 from pg_available_extensions where name = 'pg_cron') as available`)).rows;
    const [{ cron }] = (await db.query<{ cron: string | null }>(`select to_regnamespace('cron')::text as cron`)).rows;
    // pg_cron available but not loaded (or bound to another database): no extension either
    if (!available || cron === null) {
      expect(cron).toBeNull();
    } else {
      const jobs = await db.query(`select 1 from cron.job where jobname = 'cadernos-replication-purge'`);
      expect(jobs.rows).toHaveLength(1);
    }
  });
});

describe.each(TEST_BACKENDS)('whether the purge runs, visible (S10) on $name', ({ postgresServerUrl }) => {
  async function signUp(server: TestServer, username: string) {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: `${username}@example.test`, password: 'Senha-forte-1', username });
    if (error || !data.user) throw error ?? new Error('no user');
    return { id: data.user.id, client };
  }

  it('purge_status: no pg_cron job here, and the last run of replication_purge by the server itself; admins and the service role only', async () => {
    const server = await startTestServer({ postgresServerUrl });
    servers.push(server);
    const service = server.serviceClient();
    const before = await service.rpc('purge_status');
    expect(before.error).toBeNull();
    expect(before.data).toEqual({ pg_cron_job: null, last_run_at: null, purging: false });

    const results: PurgeResult[] = [];
    const closers: (() => Promise<void> | void)[] = [];
    schedulePurge({ ...server.ctx, config: { ...server.ctx.config, purgeIntervalMs: 50 }, onClose: (fn) => closers.push(fn) }, { onPurged: (r) => results.push(r) });
    await eventually(async () => expect(results.length).toBeGreaterThanOrEqual(1));
    for (const close of closers) await close();
    const after = await service.rpc('purge_status');
    expect(after.data).toMatchObject({ pg_cron_job: null, last_run_at: expect.any(String), purging: true });

    const admin = await signUp(server, 'purge_admin');
    await server.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.id]);
    expect((await admin.client.rpc('purge_status')).data).toMatchObject({ purging: true });
    const someone = await signUp(server, 'purge_someone');
    expect((await someone.client.rpc('purge_status')).error).toMatchObject({ code: '42501', message: 'Only admins see the purge status.' });
    expect((await server.anonClient().rpc('purge_status')).error).toMatchObject({ code: '42501' });
  });

  it('the server warns at start when nothing purges: its timer off and no pg_cron job', async () => {
    const server = await startTestServer({ postgresServerUrl }); // timer off, as in every test server
    servers.push(server);
    expect(await purgeWarning(server.ctx)).toMatch(/^Warning: nothing purges the replication history: --purge-interval is 0 and this database has no pg_cron job/);
    expect(await purgeWarning({ ...server.ctx, config: { ...server.ctx.config, purgeIntervalMs: PURGE_INTERVAL_MS } })).toBeUndefined();
  });

  it('has nothing to say, and does not fail, on a database without public.purge_status() (not Cadernos\' schema)', async () => {
    // Postgres resolves a function's name when it parses the statement, even in a CASE branch never taken.
    const server = await startTestServer({ postgresServerUrl, migrationsDir: path.resolve(import.meta.dirname, '../rest/test-fixtures/migrations') });
    servers.push(server);
    expect((await server.ctx.db.query(`select to_regprocedure('public.purge_status()') as f`)).rows[0].f).toBeNull();
    await expect(purgeWarning(server.ctx)).resolves.toBeUndefined();
  });
});
