import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

/**
 * Issue 37: computed relationships — embedding through a function of the row that returns rows of
 * a table (`select=*,qs:notebook_questions(*)`), to-many, or to-one when it returns no set or is
 * `rows 1` — and computed fields, on a table's rows, on an RPC's and on a write's returned rows.
 * The function runs as the caller: RLS holds inside it and a revoked function stays refused.
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';
const BRUNO = '00000000-0000-4000-8000-00000000000b';

const SEED = `
insert into auth.users (id, email, aud, role) values
  ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated'), ('${BRUNO}', 'bruno@example.com', 'authenticated', 'authenticated');
insert into public.profiles (id, username) values ('${ANA}', 'ana'), ('${BRUNO}', 'bruno');
insert into public.notebooks (id, owner_id, title) values (1, '${ANA}', 'Maths'), (2, '${ANA}', 'History'), (3, '${BRUNO}', 'Bruno''s');
insert into public.questions (id, notebook_id, body, position) values
  (1, 1, 'Solve x', 2), (2, 1, 'What is 2+2?', 1), (3, 2, 'When?', 1), (4, 3, 'Bruno''s question', 1);
select setval('public.notebooks_id_seq', 10);
`;

describe.each(TEST_BACKENDS)('computed relationships and fields on $name', (backend) => {
  let server: TestServer;
  let ana: SupabaseClient;
  let bruno: SupabaseClient;
  let visitor: SupabaseClient;

  const client = (token?: string) =>
    createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
    });

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
    await server.ctx.db.exec(SEED);
    ana = client(await server.ctx.jwt.sign({ role: 'authenticated', sub: ANA, aud: 'authenticated' }, 3600));
    bruno = client(await server.ctx.jwt.sign({ role: 'authenticated', sub: BRUNO, aud: 'authenticated' }, 3600));
    visitor = client();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('embeds through a function returning a set (to-many), with alias, filters, order and limit', async () => {
    const { data, error } = await ana.from('notebooks').select('id, qs:notebook_questions(id, body)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, qs: [{ id: 2, body: 'What is 2+2?' }, { id: 1, body: 'Solve x' }] },
      { id: 2, qs: [{ id: 3, body: 'When?' }] },
    ]);
    const filtered = await ana
      .from('notebooks')
      .select('id, notebook_questions!inner(id)')
      .gt('notebook_questions.position', 1)
      .order('id', { referencedTable: 'notebook_questions', ascending: false });
    expect(filtered).toMatchObject({ error: null, data: [{ id: 1, notebook_questions: [{ id: 1 }] }] });
    const limited = await ana.from('notebooks').select('id, notebook_questions(id)').eq('id', 1).limit(1, { referencedTable: 'notebook_questions' });
    expect(limited.data).toEqual([{ id: 1, notebook_questions: [{ id: 2 }] }]);
    // the same request with the exact count: an !inner computed embed counts like the rows it returns
    const counted = await ana.from('notebooks').select('id, notebook_questions!inner(id)', { count: 'exact' }).eq('notebook_questions.id', 3);
    expect(counted).toMatchObject({ error: null, count: 1, data: [{ id: 2, notebook_questions: [{ id: 3 }] }] });
  });

  it('a function returning one row, or declared rows 1, embeds an object; it spreads too', async () => {
    const { data, error } = await ana.from('notebooks').select('id, owner:notebook_owner(username), first_question(body)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, owner: { username: 'ana' }, first_question: { body: 'What is 2+2?' } },
      { id: 2, owner: { username: 'ana' }, first_question: { body: 'When?' } },
    ]);
    expect((await ana.from('notebooks').select('id, ...notebook_owner(username)').eq('id', 2)).data).toEqual([{ id: 2, username: 'ana' }]);
  });

  it('runs as the caller: RLS holds inside the function, a revoked function stays refused', async () => {
    // Bruno reads Ana's profile (anyone may) but none of her notebooks through the function
    const { data, error } = await bruno.from('profiles').select('username, profile_notebooks(title)').order('username');
    expect(error).toBeNull();
    expect(data).toEqual([
      { username: 'ana', profile_notebooks: [] },
      { username: 'bruno', profile_notebooks: [{ title: "Bruno's" }] },
    ]);
    const anas = await ana.from('profiles').select('username, profile_notebooks(title)').eq('username', 'ana');
    expect(anas.data).toEqual([{ username: 'ana', profile_notebooks: [{ title: 'Maths' }, { title: 'History' }] }]);
    // members_questions is not granted to visitors: 401 42501, as calling it
    const refused = await visitor.from('profiles').select('username, profile_notebooks(id, members_questions(id))');
    expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 401, code: '42501' });
    const allowed = await ana.from('notebooks').select('id, members_questions(id)').eq('id', 2);
    expect(allowed).toMatchObject({ error: null, data: [{ id: 2, members_questions: [{ id: 3 }] }] });
  });

  it('on the rows of an RPC and of a write: computed relationships and computed fields in select and filters', async () => {
    const rpc = await ana
      .rpc('search_notebooks', { query: 'h' })
      .select('id, shouted_title, qs:notebook_questions(body), notebook_owner(username)')
      .eq('shouted_title', 'MATHS');
    expect(rpc).toMatchObject({ error: null, data: [{ id: 1, shouted_title: 'MATHS', qs: [{ body: 'What is 2+2?' }, { body: 'Solve x' }], notebook_owner: { username: 'ana' } }] });
    const get = await ana.rpc('search_notebooks', { query: 'o' }, { get: true }).select('title, first_question(body)').order('id');
    expect(get).toMatchObject({ error: null, data: [{ title: 'History', first_question: { body: 'When?' } }] });
    const inserted = await ana.from('notebooks').insert({ title: 'Poems' }).select('title, shouted_title, notebook_owner(username), notebook_questions(id)');
    expect(inserted).toMatchObject({ error: null, data: [{ title: 'Poems', shouted_title: 'POEMS', notebook_owner: { username: 'ana' }, notebook_questions: [] }] });
  });

  it('a function that takes no row of the table is no relationship: PGRST200, not a 500', async () => {
    const res = await ana.from('notebooks').select('*, found:search_notebooks(*)');
    expect({ status: res.status, code: res.error?.code }).toEqual({ status: 400, code: 'PGRST200' });
    // a computed relationship of notebooks is not one of questions
    const other = await ana.from('questions').select('id, notebook_owner(username)');
    expect({ status: other.status, code: other.error?.code }).toEqual({ status: 400, code: 'PGRST200' });
  });
});
