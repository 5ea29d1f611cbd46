import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { txEndSetting } from './index.ts';

/**
 * Issue 37: `Prefer: tx=rollback|commit` where db-tx-end (PGRST_DB_TX_END) allows an override,
 * `Prefer: max-affected` with handling=strict on RPC (PGRST124, PGRST128), and
 * `Prefer: missing=default` filling identity columns (NULL went into them: 23502).
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';
const BRUNO = '00000000-0000-4000-8000-00000000000b';

const SEED = `
insert into auth.users (id, email, aud, role) values
  ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated'),
  ('${BRUNO}', 'bruno@example.com', 'authenticated', 'authenticated');
insert into public.profiles (id, username) values ('${ANA}', 'ana'), ('${BRUNO}', 'bruno');
insert into public.notebooks (id, owner_id, title) values (1, '${ANA}', 'one'), (2, '${ANA}', 'two'), (3, '${ANA}', 'three'), (10, '${BRUNO}', 'bruno');
select setval(pg_get_serial_sequence('public.notebooks', 'id'), 100);
`;

it('reads PGRST_DB_TX_END as PostgREST does, commit by default', () => {
  expect(txEndSetting()).toEqual({ rollbackAll: false, allowOverride: false });
  expect(txEndSetting('commit-allow-override')).toEqual({ rollbackAll: false, allowOverride: true });
  expect(txEndSetting('rollback')).toEqual({ rollbackAll: true, allowOverride: false });
  expect(txEndSetting('rollback-allow-override')).toEqual({ rollbackAll: true, allowOverride: true });
  expect(() => txEndSetting('sometimes')).toThrow(/PGRST_DB_TX_END must be/);
});

describe.each(TEST_BACKENDS)('Prefer on $name', (backend) => {
  /** The default (commit, no override) and one allowing the override. */
  let plain: TestServer;
  let overridable: TestServer;
  let tokens: { ana: string; bruno: string };

  const start = async (txEnd: string | undefined) => {
    const before = process.env.PGRST_DB_TX_END;
    if (txEnd === undefined) delete process.env.PGRST_DB_TX_END;
    else process.env.PGRST_DB_TX_END = txEnd;
    try {
      const server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
      await server.ctx.db.exec(SEED);
      return server;
    } finally {
      if (before === undefined) delete process.env.PGRST_DB_TX_END;
      else process.env.PGRST_DB_TX_END = before;
    }
  };

  const client = (server: TestServer, token: string): SupabaseClient =>
    createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });

  const rest = (server: TestServer, route: string, token: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('apikey', server.ctx.config.anonKey);
    headers.set('Authorization', `Bearer ${token}`);
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(`${server.url}/rest/v1${route}`, { ...init, headers });
  };

  const titles = async (server: TestServer) =>
    (await server.ctx.db.query<{ title: string }>(`select title from public.notebooks order by id`)).rows.map((r) => r.title);

  beforeAll(async () => {
    plain = await start(undefined);
    overridable = await start('commit-allow-override');
    tokens = {
      ana: await plain.ctx.jwt.sign({ role: 'authenticated', sub: ANA, aud: 'authenticated' }, 3600),
      bruno: await plain.ctx.jwt.sign({ role: 'authenticated', sub: BRUNO, aud: 'authenticated' }, 3600),
    };
  });

  afterAll(async () => {
    await plain?.close();
    await overridable?.close();
  });

  describe('tx=rollback / tx=commit', () => {
    it('with db-tx-end allowing it, the answer is as if committed and nothing stays; tx=commit commits', async () => {
      const res = await rest(overridable, '/notebooks?select=title', tokens.ana, {
        method: 'POST',
        headers: { Prefer: 'return=representation, tx=rollback' },
        body: JSON.stringify({ title: 'draft' }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
      expect(await res.json()).toEqual([{ title: 'draft' }]);
      expect(await titles(overridable)).not.toContain('draft');

      const update = await rest(overridable, '/notebooks?id=eq.1', tokens.ana, { method: 'PATCH', headers: { Prefer: 'tx=rollback' }, body: '{"title": "renamed"}' });
      expect(update.status).toBe(204);
      const rpc = await rest(overridable, '/rpc/retitle_my_notebooks', tokens.ana, { method: 'POST', headers: { Prefer: 'tx=rollback' }, body: '{"prefix": "x "}' });
      expect(rpc.status).toBe(200);
      expect(await rpc.json()).toHaveLength(3);
      expect(await titles(overridable)).toEqual(['one', 'two', 'three', 'bruno']);

      const kept = await rest(overridable, '/notebooks', tokens.ana, { method: 'POST', headers: { Prefer: 'tx=commit' }, body: '{"id": 50, "title": "kept"}' });
      expect(kept.status).toBe(201);
      expect(kept.headers.get('preference-applied')).toBe('tx=commit');
      expect(await titles(overridable)).toContain('kept');
    });

    it('a rolled-back request goes through the same role and RLS: what is refused stays refused', async () => {
      const res = await rest(overridable, '/notebooks', tokens.bruno, {
        method: 'POST',
        headers: { Prefer: 'tx=rollback' },
        body: JSON.stringify({ owner_id: ANA, title: 'planted' }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: '42501' });
      const read = await rest(overridable, '/notebooks?select=id', tokens.bruno, { headers: { Prefer: 'tx=rollback' } });
      expect(await read.json()).toEqual([{ id: 10 }]);
      const anon = await rest(overridable, '/notebooks', overridable.ctx.config.anonKey, { method: 'POST', headers: { Prefer: 'tx=rollback' }, body: '{"title": "x"}' });
      expect(anon.status).toBeGreaterThanOrEqual(400);
      expect(anon.status).toBeLessThan(500);
    });

    it("by default (db-tx-end = commit) the preference is ignored, as PostgREST's: the write commits, nothing says tx", async () => {
      const res = await rest(plain, '/notebooks', tokens.ana, { method: 'POST', headers: { Prefer: 'tx=rollback' }, body: '{"id": 60, "title": "committed anyway"}' });
      expect(res.status).toBe(201);
      expect(res.headers.get('preference-applied')).toBeNull();
      expect(await titles(plain)).toContain('committed anyway');
      const strict = await rest(plain, '/notebooks?select=id&id=eq.60', tokens.ana, { headers: { Prefer: 'handling=strict, tx=rollback' } });
      expect(strict.status).toBe(200);
    });
  });

  describe('max-affected on RPC', () => {
    it('a function returning more rows than allowed is PGRST124 and its writes are undone', async () => {
      const mine = (await plain.ctx.db.query(`select 1 from public.notebooks where owner_id = $1`, [ANA])).rows.length;
      expect(mine).toBeGreaterThan(2);
      const res = await rest(plain, '/rpc/retitle_my_notebooks', tokens.ana, {
        method: 'POST',
        headers: { Prefer: 'handling=strict, max-affected=2' },
        body: '{"prefix": "x "}',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: `The query affects ${mine} rows`,
        hint: null,
      });
      expect(await titles(plain)).toEqual(expect.arrayContaining(['one', 'two', 'three']));
    });

    it('within the limit it runs and says so; lenient handling ignores it', async () => {
      const res = await rest(plain, '/rpc/retitle_my_notebooks?select=title&order=id', tokens.ana, {
        method: 'POST',
        headers: { Prefer: 'handling=strict, max-affected=5' },
        body: '{"prefix": ""}',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('preference-applied')).toBe('handling=strict, max-affected=5');
      const lenient = await rest(plain, '/rpc/retitle_my_notebooks', tokens.ana, { method: 'POST', headers: { Prefer: 'max-affected=1' }, body: '{"prefix": ""}' });
      expect(lenient.status).toBe(200);
    });

    it('a function returning one value is PGRST128 with handling=strict', async () => {
      const res = await rest(plain, '/rpc/add_numbers', tokens.ana, { method: 'POST', headers: { Prefer: 'handling=strict, max-affected=1' }, body: '{"a": 1}' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST128',
        message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        details: null,
        hint: null,
      });
    });
  });

  describe('missing=default', () => {
    it('fills an identity column from its sequence for the rows that leave it out (NULL gave 23502)', async () => {
      const ana = client(plain, tokens.ana);
      const { data, error, status } = await ana
        .from('notebooks')
        .insert([{ id: 70, title: 'with id' }, { title: 'without id' }], { defaultToNull: false })
        .select('id, title, tags');
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toHaveLength(2);
      expect(data![0]).toEqual({ id: 70, title: 'with id', tags: [] });
      expect(data![1]).toMatchObject({ title: 'without id', tags: [] });
      expect(data![1].id).toBeGreaterThan(100);
    });
  });
});
