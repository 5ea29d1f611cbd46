import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

/**
 * Issue 37: aggregates in `select` where PGRST_DB_AGGREGATES_ENABLED is on (PostgREST's
 * db-aggregates-enabled; off by default: PGRST123, unsupported.test). `count()`, `sum()`, `avg()`,
 * `min()`, `max()` on columns and in embeds, with aliases and casts, grouped by the other selected
 * columns; a to-one spread's aggregate is applied by the parent (PostgREST's hoisting). RLS holds:
 * a stranger's rows are not counted.
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';
const BRUNO = '00000000-0000-4000-8000-00000000000b';

const SEED = `
insert into auth.users (id, email, aud, role) values
  ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated'), ('${BRUNO}', 'bruno@example.com', 'authenticated', 'authenticated');
insert into public.profiles (id, username) values ('${ANA}', 'ana'), ('${BRUNO}', 'bruno');
insert into public.notebooks (id, owner_id, title, score, archived) values
  (1, '${ANA}', 'Maths', 10.50, false), (2, '${ANA}', 'History', 4.25, true), (3, '${ANA}', 'Poems', null, false),
  (4, '${BRUNO}', 'Secret', 1000, false);
insert into public.questions (id, notebook_id, body, position) values
  (1, 1, 'What is 2+2?', 1), (2, 1, 'Solve x', 2), (3, 2, 'When?', 5), (4, 4, 'Bruno''s', 9);
`;

describe.each(TEST_BACKENDS)('aggregates in select on $name', (backend) => {
  let server: TestServer;
  let ana: SupabaseClient;

  beforeAll(async () => {
    const before = process.env.PGRST_DB_AGGREGATES_ENABLED;
    process.env.PGRST_DB_AGGREGATES_ENABLED = 'true';
    try {
      server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
    } finally {
      if (before === undefined) delete process.env.PGRST_DB_AGGREGATES_ENABLED;
      else process.env.PGRST_DB_AGGREGATES_ENABLED = before;
    }
    await server.ctx.db.exec(SEED);
    const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: ANA, aud: 'authenticated' }, 3600);
    ana = createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('count(), sum(), avg(), min(), max() over the rows RLS lets through', async () => {
    expect(await ana.from('notebooks').select('count()')).toMatchObject({ error: null, data: [{ count: 3 }] });
    const { data, error } = await ana.from('notebooks').select('score.sum(), score.avg(), score.min(), score.max(), id.count()');
    expect(error).toBeNull();
    expect(data).toEqual([{ sum: 14.75, avg: 7.375, min: 4.25, max: 10.5, count: 3 }]);
    // filters apply before aggregating
    expect((await ana.from('notebooks').select('count()').eq('archived', false)).data).toEqual([{ count: 2 }]);
  });

  it('groups by the other selected columns, with aliases and casts', async () => {
    const { data, error } = await ana
      .from('notebooks')
      .select('archived, total:score.sum(), how_many:count(), score::int.max()::text')
      .order('archived');
    expect(error).toBeNull();
    expect(data).toEqual([
      { archived: false, total: 10.5, how_many: 2, max: '11' },
      { archived: true, total: 4.25, how_many: 1, max: '4' },
    ]);
    // an aliased column is grouped by its alias
    expect((await ana.from('notebooks').select('gone:archived, count()').eq('archived', true)).data).toEqual([{ gone: true, count: 1 }]);
  });

  it('aggregates in an embed, and a to-one spread grouped by the parent', async () => {
    const { data, error } = await ana.from('notebooks').select('id, questions(count(), position.sum())').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, questions: [{ count: 2, sum: 3 }] },
      { id: 2, questions: [{ count: 1, sum: 5 }] },
      { id: 3, questions: [{ count: 0, sum: null }] },
    ]);
    // the spread's columns group, its aggregate is over the parent's rows (PostgREST's hoisting)
    const byOwner = await ana.from('questions').select('position.sum(), ...notebooks(archived)').order('notebooks(archived)');
    expect(byOwner).toMatchObject({ error: null });
    expect(byOwner.data).toEqual([
      { sum: 3, archived: false },
      { sum: 5, archived: true },
    ]);
    const hoisted = await ana.from('notebooks').select('archived, ...covers(count())');
    expect(hoisted.error).toBeNull();
    expect(hoisted.data).toEqual(expect.arrayContaining([{ archived: false, count: 0 }]));
  });

  it('a `*` beside an aggregate stands for every column, grouped by', async () => {
    // in a to-one spread too (postgrest-js's suite: `...channels(*)` beside a count)
    const spread = await ana.from('notebooks').select('count(), ...profiles(*)');
    expect(spread).toMatchObject({ error: null, data: [{ count: 3, id: ANA, username: 'ana', bio: null }] });
    const { data, error } = await ana.from('questions').select('*, notebooks(count())').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, notebook_id: 1, body: 'What is 2+2?', position: 1, notebooks: { count: 1 } }]);
  });

  it('bad aggregates are 4xx PGRST errors or Postgres 4xx, never a 500', async () => {
    const r1 = await ana.from('notebooks').select('nope.sum()');
    expect({ status: r1.status, code: r1.error?.code }).toEqual({ status: 400, code: '42703' });
    const r2 = await ana.from('notebooks').select('title.sum()');
    expect(r2.status).toBeLessThan(500);
    expect(r2.status).toBeGreaterThanOrEqual(400);
    const r3 = await ana.from('notebooks').select('score.sum()::nosuchtype');
    expect({ status: r3.status, code: r3.error?.code }).toEqual({ status: 400, code: '42704' });
    // ordering by a column neither grouped nor aggregated: Postgres' grouping error, a 400
    const r4 = await ana.from('notebooks').select('count()').order('title');
    expect(r4.status).toBe(400);
    expect(r4.error?.code).toBe('42803');
    // aggregates in a to-many spread: PostgREST's PGRST127
    const r6 = await ana.from('notebooks').select('id, ...questions(count())');
    expect({ status: r6.status, code: r6.error?.code }).toEqual({ status: 400, code: 'PGRST127' });
  });
});
