import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

/**
 * Issue 37: embeds as PostgREST answers them — an embed that selects nothing (`questions()`) is
 * joined (it filters with !inner) but its key is left out; the same relation embedded twice
 * without aliases is Postgres's 42712, as PostgREST's subquery names collide.
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';

const SEED = `
insert into auth.users (id, email, aud, role) values ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated');
insert into public.profiles (id, username) values ('${ANA}', 'ana');
insert into public.notebooks (id, owner_id, title) values (1, '${ANA}', 'Maths'), (2, '${ANA}', 'History'), (3, '${ANA}', 'Poems');
insert into public.questions (id, notebook_id, body, position) values (1, 1, 'What is 2+2?', 1), (2, 1, 'Solve x', 2), (3, 2, 'When?', 1);
`;

describe.each(TEST_BACKENDS)('embeds on $name', (backend) => {
  let server: TestServer;
  let ana: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
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

  it('an embed with no columns is left out of the answer, to-many and to-one', async () => {
    expect(await ana.from('notebooks').select('id, questions()').order('id')).toMatchObject({ error: null, data: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(await ana.from('notebooks').select('id, profiles()').eq('id', 1)).toMatchObject({ error: null, data: [{ id: 1 }] });
    // an embed whose only content is empty embeds is empty too; one with columns keeps them
    expect((await ana.from('notebooks').select('id, questions(notebooks())').eq('id', 1)).data).toEqual([{ id: 1 }]);
    expect((await ana.from('notebooks').select('id, questions(id, notebooks())').eq('id', 1)).data).toEqual([{ id: 1, questions: [{ id: 1 }, { id: 2 }] }]);
    // nothing but an empty embed: rows with no keys
    expect((await ana.from('notebooks').select('questions()').eq('id', 2)).data).toEqual([{}]);
  });

  it('still filters: !inner keeps only the rows that have one, as does not.is.null', async () => {
    expect((await ana.from('notebooks').select('id, questions!inner()').order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await ana.from('notebooks').select('id, questions()').not('questions', 'is', null).order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await ana.from('notebooks').select('id, questions!inner()').eq('questions.body', 'When?')).data).toEqual([{ id: 2 }]);
  });

  it('the same relation twice without aliases is 42712 (400); with aliases both come', async () => {
    const { error, status } = await ana.from('notebooks').select('id, questions(id), questions(body)').eq('id', 1);
    expect(status).toBe(400);
    expect(error).toEqual({ code: '42712', message: 'table name "notebooks_questions_1" specified more than once', details: null, hint: null });
    const nested = await ana.from('questions').select('id, notebooks(id, questions(id), questions(body))').eq('id', 3);
    expect(nested.error).toMatchObject({ code: '42712', message: 'table name "notebooks_questions_2" specified more than once' });
    const aliased = await ana.from('notebooks').select('id, a:questions(id), b:questions(body)').eq('id', 2);
    expect(aliased).toMatchObject({ error: null, data: [{ id: 2, a: [{ id: 3 }], b: [{ body: 'When?' }] }] });
  });

  it('a foreign-key column or constraint names the table even where views over it exist (PostgREST picks the base table)', async () => {
    // public_profiles is a view over profiles; notebook_cards and card_titles views over notebooks
    expect(await ana.from('notebooks').select('id, owner_id(username)').eq('id', 1)).toMatchObject({
      error: null,
      data: [{ id: 1, owner_id: { username: 'ana' } }],
    });
    expect((await ana.from('notebooks').select('id, notebooks_owner_id_fkey(username)').eq('id', 1)).data).toEqual([
      { id: 1, notebooks_owner_id_fkey: { username: 'ana' } },
    ]);
    expect((await ana.from('questions').select('id, notebook_id(title)').eq('id', 3)).data).toEqual([{ id: 3, notebook_id: { title: 'History' } }]);
    // from a view too
    expect((await ana.from('notebook_cards').select('id, owner_id(username)').eq('id', 2)).data).toEqual([{ id: 2, owner_id: { username: 'ana' } }]);
    // naming the view itself still embeds the view
    expect((await ana.from('notebooks').select('id, public_profiles(username)').eq('id', 1)).data).toEqual([{ id: 1, public_profiles: { username: 'ana' } }]);
  });

  it('a to-many spread gives each of its columns as an array, in the embed\'s order (PostgREST 13)', async () => {
    const { data, error } = await ana.from('notebooks').select('id, ...questions(body, n:position)').order('id').order('position', { referencedTable: 'questions', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, body: ['Solve x', 'What is 2+2?'], n: [2, 1] },
      { id: 2, body: ['When?'], n: [1] },
      { id: 3, body: [], n: [] },
    ]);
    // `*` is every column; nested embeds and to-one spreads come along; !inner and limit apply
    const star = await ana.from('notebooks').select('...questions!inner(*)').eq('id', 2);
    expect(star.data).toEqual([{ id: [3], notebook_id: [2], body: ['When?'], position: [1] }]);
    const nested = await ana.from('notebooks').select('...questions(id, notebooks(title))').eq('id', 2);
    expect(nested.data).toEqual([{ id: [3], notebooks: [{ title: 'History' }] }]);
    const deep = await ana.from('notebooks').select('...questions(...notebooks(*))').eq('id', 2);
    expect(deep).toMatchObject({ error: null, data: [{ id: [2], title: ['History'], archived: [false], tags: [[]] }] });
    const inner = await ana.from('notebooks').select('id, ...questions!inner(body)').order('id');
    expect(inner.data?.map((r) => r.id)).toEqual([1, 2]);
    const limited = await ana.from('notebooks').select('id, ...questions(body)').eq('id', 1).order('position', { referencedTable: 'questions' }).limit(1, { referencedTable: 'questions' });
    expect(limited.data).toEqual([{ id: 1, body: ['What is 2+2?'] }]);
  });

  it('an unknown column of an embed is named by PostgREST\'s alias of the embed, <table>_<depth> (42703)', async () => {
    const res = await ana.from('notebooks').select('id, questions(sum)');
    expect({ status: res.status, error: res.error }).toMatchObject({ status: 400, error: { code: '42703', message: 'column questions_1.sum does not exist' } });
    const nested = await ana.from('notebooks').select('id, questions(id, notebooks(nope))').eq('questions.nope', 1);
    expect(nested.error?.message).toBe('column notebooks_2.nope does not exist');
    // the root keeps the table's name
    expect((await ana.from('notebooks').select('nope')).error?.message).toBe('column notebooks.nope does not exist');
  });
});
