import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

// The fixture exposes a second schema, `api`, to test Accept-Profile / Content-Profile.
process.env.PGRST_DB_SCHEMAS = 'public,api';

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';
const BRUNO = '00000000-0000-4000-8000-00000000000b';

const SEED = `
insert into auth.users (id, email, aud, role) values
  ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated'),
  ('${BRUNO}', 'bruno@example.com', 'authenticated', 'authenticated');
insert into public.profiles (id, username, bio) values ('${ANA}', 'ana', 'likes maths'), ('${BRUNO}', 'bruno', null);
insert into public.notebooks (id, owner_id, title, tags, meta, score, archived) values
  (1, '${ANA}', 'Maths, algebra', '{school,maths}', '{"color": "red", "size": 3}', 1.50, false),
  (2, '${ANA}', 'History', '{school}', '{"color": "blue"}', null, true),
  (3, '${ANA}', 'Poems (draft)', '{}', '{}', 9.99, false),
  (10, '${BRUNO}', 'Bruno private', '{secret}', '{}', 5, false);
insert into public.questions (id, notebook_id, body, position) values
  (1, 1, 'What is 2+2?', 1), (2, 1, 'Solve x', 2), (3, 2, 'When?', 1), (4, 10, 'secret question', 1);
insert into public.covers (notebook_id, color) values (1, 'red');
insert into public.labels (id, name) values (1, 'school'), (2, 'fun');
insert into public.notebook_labels values (1, 1), (1, 2), (2, 1);
select setval(pg_get_serial_sequence('public.notebooks', 'id'), 100);
select setval(pg_get_serial_sequence('public.questions', 'id'), 100);
select setval(pg_get_serial_sequence('public.labels', 'id'), 100);
`;

describe.each(TEST_BACKENDS)('REST /rest/v1 on $name', (backend) => {
  let server: TestServer;
  let anon: SupabaseClient;
  let ana: SupabaseClient;
  let bruno: SupabaseClient;
  let anaToken: string;

  const clientWithToken = (token: string) =>
    createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });

  /** A raw request, for what supabase-js hides (headers, exact body text, malformed input). */
  const rest = (route: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('apikey')) headers.set('apikey', server.ctx.config.anonKey);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    return fetch(`${server.url}/rest/v1${route}`, { ...init, headers });
  };

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
    await server.ctx.db.exec(SEED);
    anaToken = await server.ctx.jwt.sign({ role: 'authenticated', sub: ANA, aud: 'authenticated' }, 3600);
    const brunoToken = await server.ctx.jwt.sign({ role: 'authenticated', sub: BRUNO, aud: 'authenticated' }, 3600);
    anon = server.anonClient();
    ana = clientWithToken(anaToken);
    bruno = clientWithToken(brunoToken);
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('reading', () => {
    it('selects columns with renames and casts', async () => {
      const { data, error } = await ana.from('notebooks').select('nb:id, title, score::text').eq('id', 1);
      expect(error).toBeNull();
      expect(data).toEqual([{ nb: 1, title: 'Maths, algebra', score: '1.50' }]);
    });

    it('answers with JSON built by Postgres: exact numerics, timestamps, jsonb, arrays', async () => {
      const res = await rest('/notebooks?select=score,created_at,meta,tags&id=eq.1', { token: anaToken });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.text()).toBe(
        '[{"score":1.50,"created_at":"2024-01-02T03:04:05.678+00:00","meta":{"size": 3, "color": "red"},"tags":["school","maths"]}]',
      );
    });

    it('selects, filters and orders by computed fields (functions of the row)', async () => {
      const { data, error } = await ana
        .from('notebooks')
        .select('id, loud:shouted_title')
        .like('shouted_title', 'HIS*')
        .order('shouted_title');
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 2, loud: 'HISTORY' }]);
      const embedded = await ana.from('questions').select('notebooks(shouted_title)').eq('id', 3).single();
      expect(embedded.data).toEqual({ notebooks: { shouted_title: 'HISTORY' } });
    });

    it('writes timestamps in the time zone of Prefer: timezone when Postgres knows it', async () => {
      const res = await rest('/notebooks?select=created_at&id=eq.1', { token: anaToken, headers: { Prefer: 'timezone=America/Sao_Paulo' } });
      expect(await res.json()).toEqual([{ created_at: '2024-01-02T00:04:05.678-03:00' }]);
      expect(res.headers.get('preference-applied')).toBe('timezone=America/Sao_Paulo');
      const unknown = await rest('/notebooks?select=created_at&id=eq.1', { token: anaToken, headers: { Prefer: 'timezone=Mars/Olympus' } });
      expect(await unknown.json()).toEqual([{ created_at: '2024-01-02T03:04:05.678+00:00' }]);
      const strict = await rest('/notebooks?id=eq.1', { token: anaToken, headers: { Prefer: 'handling=strict, timezone=Mars/Olympus' } });
      expect(strict.status).toBe(400);
      expect((await strict.json()).code).toBe('PGRST122');
    });

    it('selects JSON paths, named after their last key', async () => {
      const { data } = await ana.from('notebooks').select('id, meta->color, size:meta->>size').eq('id', 1);
      expect(data).toEqual([{ id: 1, color: 'red', size: '3' }]);
    });

    it('applies RLS: each person reads only their own rows', async () => {
      const mine = await ana.from('notebooks').select('id').order('id');
      expect(mine.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
      const his = await bruno.from('notebooks').select('id');
      expect(his.data).toEqual([{ id: 10 }]);
      const nobody = await anon.from('notebooks').select('id');
      expect(nobody.data).toEqual([]);
    });

    it('embeds many-to-one as an object, one-to-many as an array, nested', async () => {
      const { data, error } = await ana
        .from('questions')
        .select('body, notebook:notebooks(title, owner:profiles(username))')
        .eq('id', 1)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ body: 'What is 2+2?', notebook: { title: 'Maths, algebra', owner: { username: 'ana' } } });

      const list = await ana.from('notebooks').select('id, questions(body)').in('id', [1, 3]).order('id');
      expect(list.data).toEqual([
        { id: 1, questions: [{ body: 'What is 2+2?' }, { body: 'Solve x' }] },
        { id: 3, questions: [] },
      ]);
    });

    it('counts embedded rows with questions(count), as PostgREST does', async () => {
      const { data, error } = await ana.from('notebooks').select('id, questions(count)').order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, questions: [{ count: 2 }] },
        { id: 2, questions: [{ count: 1 }] },
        { id: 3, questions: [{ count: 0 }] },
      ]);
    });

    it('embeds one-to-one as an object and many-to-many through the junction table', async () => {
      const { data } = await ana.from('notebooks').select('id, covers(color), labels(name)').in('id', [1, 2]).order('id');
      expect(data).toEqual([
        { id: 1, covers: { color: 'red' }, labels: [{ name: 'school' }, { name: 'fun' }] },
        { id: 2, covers: null, labels: [{ name: 'school' }] },
      ]);
    });

    it('embeds through a named foreign key and spreads a to-one embed', async () => {
      const hinted = await ana.from('notebooks').select('id, profiles!notebooks_owner_id_fkey(username)').eq('id', 2);
      expect(hinted.data).toEqual([{ id: 2, profiles: { username: 'ana' } }]);
      const spread = await ana.from('notebooks').select('id, ...profiles(owner_name:username)').eq('id', 2);
      expect(spread.data).toEqual([{ id: 2, owner_name: 'ana' }]);
    });

    it('embeds through views: view to view, table to view, view to table, view of a view', async () => {
      const cards = await ana.from('notebook_cards').select('title, owner:public_profiles(username), questions(body)').eq('id', 2);
      expect(cards.error).toBeNull();
      expect(cards.data).toEqual([{ title: 'History', owner: { username: 'ana' }, questions: [{ body: 'When?' }] }]);
      const fromTable = await ana.from('questions').select('body, notebook_cards(title)').eq('id', 3).single();
      expect(fromTable.data).toEqual({ body: 'When?', notebook_cards: { title: 'History' } });
      const nested = await ana.from('card_titles').select('title, questions(position)').eq('id', 1);
      expect(nested.data).toEqual([{ title: 'Maths, algebra', questions: [{ position: 1 }, { position: 2 }] }]);
      const rls = await bruno.from('notebook_cards').select('id');
      expect(rls.data).toEqual([{ id: 10 }]);
    });

    it('filters, orders and limits embedded resources; !inner filters the parents', async () => {
      const filtered = await ana
        .from('notebooks')
        .select('id, questions(body, position)')
        .gt('questions.position', 1)
        .order('id');
      expect(filtered.data?.map((n) => [n.id, n.questions.length])).toEqual([
        [1, 1],
        [2, 0],
        [3, 0],
      ]);

      const ordered = await ana
        .from('notebooks')
        .select('id, questions(position)')
        .eq('id', 1)
        .order('position', { referencedTable: 'questions', ascending: false })
        .limit(1, { referencedTable: 'questions' });
      expect(ordered.data).toEqual([{ id: 1, questions: [{ position: 2 }] }]);

      const inner = await ana.from('notebooks').select('title, questions!inner(body)').eq('questions.body', 'When?');
      expect(inner.data).toEqual([{ title: 'History', questions: [{ body: 'When?' }] }]);

      const counted = await ana.from('notebooks').select('id, questions!inner(id)', { count: 'exact', head: true });
      expect(counted.count).toBe(2);
    });

    it('filters parents on whether an embed matched (embed=is.null / not.is.null), with the same count', async () => {
      const withQuestions = await ana.from('notebooks').select('id, questions(id)', { count: 'exact' }).not('questions', 'is', null).order('id');
      expect(withQuestions.data?.map((n) => n.id)).toEqual([1, 2]);
      expect(withQuestions.count).toBe(2);
      const without = await ana.from('notebooks').select('id, questions(id)').is('questions', null);
      expect(without.data).toEqual([{ id: 3, questions: [] }]);
      const covered = await ana.from('notebooks').select('id, covers(color)').not('covers', 'is', null);
      expect(covered.data).toEqual([{ id: 1, covers: { color: 'red' } }]);
      const bad = await ana.from('notebooks').select('id, covers(color)').eq('covers', 'red');
      expect(bad.error?.code).toBe('PGRST120');
    });

    it('supports the comparison, pattern and null filters', async () => {
      const ids = async (q: PromiseLike<{ data: { id: number }[] | null }>) => (await q).data?.map((r) => r.id);
      const base = () => ana.from('notebooks').select('id').order('id');
      expect(await ids(base().eq('title', 'History'))).toEqual([2]);
      expect(await ids(base().neq('title', 'History'))).toEqual([1, 3]);
      expect(await ids(base().gt('score', 1.5))).toEqual([3]);
      expect(await ids(base().gte('score', 1.5))).toEqual([1, 3]);
      expect(await ids(base().lt('score', 9.99))).toEqual([1]);
      expect(await ids(base().lte('score', 9.99))).toEqual([1, 3]);
      expect(await ids(base().like('title', '%(draft)'))).toEqual([3]);
      expect(await ids(base().ilike('title', '%ALGEBRA'))).toEqual([1]);
      expect(await ids(base().is('score', null))).toEqual([2]);
      expect(await ids(base().is('archived', true))).toEqual([2]);
      expect(await ids(base().not('score', 'is', null))).toEqual([1, 3]);
      expect(await ids(base().in('title', ['Maths, algebra', 'Poems (draft)']))).toEqual([1, 3]);
      expect(await ids(base().not('title', 'in', '("History")'))).toEqual([1, 3]);
    });

    it('supports contains / containedBy on arrays and jsonb', async () => {
      const ids = async (q: PromiseLike<{ data: { id: number }[] | null }>) => (await q).data?.map((r) => r.id);
      const base = () => ana.from('notebooks').select('id').order('id');
      expect(await ids(base().contains('tags', ['school']))).toEqual([1, 2]);
      expect(await ids(base().containedBy('tags', ['school']))).toEqual([2, 3]);
      expect(await ids(base().contains('meta', { color: 'red' }))).toEqual([1]);
      expect(await ids(base().containedBy('meta', { color: 'blue', size: 1 }))).toEqual([2, 3]);
    });

    it('supports or with nested and, and not.or', async () => {
      const { data } = await ana.from('notebooks').select('id').or('title.eq.History,and(score.gt.1,score.lt.2)').order('id');
      expect(data).toEqual([{ id: 1 }, { id: 2 }]);
      const res = await rest('/notebooks?select=id&not.or=(id.eq.1,id.eq.2)', { token: anaToken });
      expect(await res.json()).toEqual([{ id: 3 }]);
    });

    it('orders by several columns with nulls first or last', async () => {
      const first = await ana.from('notebooks').select('id').order('score', { ascending: false, nullsFirst: true });
      expect(first.data).toEqual([{ id: 2 }, { id: 3 }, { id: 1 }]);
      const last = await ana.from('notebooks').select('id').order('archived').order('score', { ascending: true, nullsFirst: false });
      expect(last.data).toEqual([{ id: 1 }, { id: 3 }, { id: 2 }]);
    });

    it('pages with range and limit, counts with Content-Range and answers 206 for a partial page', async () => {
      const page = await ana.from('notebooks').select('id', { count: 'exact' }).order('id').range(1, 2);
      expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
      expect(page.count).toBe(3);
      expect(page.status).toBe(206);

      const all = await ana.from('notebooks').select('id', { count: 'exact' });
      expect(all.status).toBe(200);
      expect(all.count).toBe(3);

      const limited = await ana.from('notebooks').select('id').order('id').limit(1);
      expect(limited.data).toEqual([{ id: 1 }]);

      const res = await rest('/notebooks?select=id&order=id', { token: anaToken, headers: { Prefer: 'count=exact', Range: '0-1' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe('0-1/3');

      const none = await rest('/notebooks?id=eq.999', { token: anaToken, headers: { Prefer: 'count=exact' } });
      expect(none.headers.get('content-range')).toBe('*/0');

      const head = await ana.from('notebooks').select('*', { count: 'exact', head: true });
      expect(head.count).toBe(3);
      expect(head.data).toBeNull();
    });

    it('counts with planned and estimated', async () => {
      const planned = await ana.from('notebooks').select('id', { count: 'planned' });
      expect(typeof planned.count).toBe('number');
      const estimated = await ana.from('notebooks').select('id', { count: 'estimated' });
      expect(estimated.count).toBe(3);
    });

    it('answers 416 when the offset is past the counted rows', async () => {
      const res = await rest('/notebooks?offset=10', { token: anaToken, headers: { Prefer: 'count=exact' } });
      expect(res.status).toBe(416);
      expect((await res.json()).code).toBe('PGRST103');
    });

    it('returns one object with single(), PGRST116 otherwise; maybeSingle() allows none', async () => {
      const one = await ana.from('notebooks').select('title').eq('id', 2).single();
      expect(one.data).toEqual({ title: 'History' });
      const many = await ana.from('notebooks').select('title').single();
      expect(many.error?.code).toBe('PGRST116');
      expect(many.status).toBe(406);
      expect(many.error?.details).toBe('The result contains 3 rows');
      const maybe = await ana.from('notebooks').select('title').eq('id', 999).maybeSingle();
      expect(maybe.data).toBeNull();
      expect(maybe.error).toBeNull();
    });

    it('strips nulls when asked', async () => {
      const { data } = await ana.from('notebooks').select('id, score').eq('id', 2).stripNulls();
      expect(data).toEqual([{ id: 2 }]);
    });

    it('answers CSV', async () => {
      const { data } = await ana.from('notebooks').select('id,title').in('id', [1, 2]).order('id').csv();
      expect(data).toBe('id,title\n1,"Maths, algebra"\n2,History');
    });

    it('chooses the schema with Accept-Profile and refuses one that is not exposed', async () => {
      const items = await anon.schema('api').from('items').select('name');
      expect(items.data).toEqual([{ name: 'from the api schema' }]);
      const res = await rest('/items', { headers: { 'Accept-Profile': 'secret' } });
      expect(res.status).toBe(406);
      expect(await res.json()).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: secret' });
    });
  });

  describe('errors of reading', () => {
    it('answers unknown tables with 404 PGRST205', async () => {
      const { error, status } = await ana.from('nope').select();
      expect(status).toBe(404);
      expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache" });
    });

    it('answers unknown columns with 400 42703, in select, filters and order', async () => {
      for (const q of [
        ana.from('notebooks').select('nope'),
        ana.from('notebooks').select('id').eq('nope', 1),
        ana.from('notebooks').select('id').order('nope'),
      ]) {
        const { error, status } = await q;
        expect(status).toBe(400);
        expect(error).toMatchObject({ code: '42703', message: 'column notebooks.nope does not exist' });
      }
    });

    it('answers embeds without a relationship with 400 PGRST200', async () => {
      const { error, status } = await ana.from('notebooks').select('id, labels_typo(*)');
      expect(status).toBe(400);
      expect(error?.code).toBe('PGRST200');
    });

    it('answers bad filter syntax with 400 PGRST100', async () => {
      const res = await rest('/notebooks?id=nope.1', { token: anaToken });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('PGRST100');
      expect(body.message).toContain('failed to parse filter (nope.1)');
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    });

    it('answers a value of the wrong type with 400 22P02', async () => {
      const { error, status } = await ana.from('notebooks').select('id').eq('id', 'abc');
      expect(status).toBe(400);
      expect(error?.code).toBe('22P02');
    });

    it('answers a filter value Postgres cannot read as the column type with 400, on every backend', async () => {
      const { error, status } = await ana.from('notebooks').select('id').eq('archived', '(1,10)');
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type boolean: "(1,10)"' });
    });

    it('refuses aggregates (PGRST123) and unknown casts (42704)', async () => {
      expect((await ana.from('notebooks').select('count()')).error?.code).toBe('PGRST123');
      expect((await ana.from('notebooks').select('id::notatype')).error?.code).toBe('42704');
    });
  });

  describe('writing', () => {
    it('inserts an object and returns it with embeds', async () => {
      const { data, error, status } = await ana
        .from('notebooks')
        .insert({ title: 'New one', tags: ['x'] })
        .select('title, tags, archived, owner:profiles(username)')
        .single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual({ title: 'New one', tags: ['x'], archived: false, owner: { username: 'ana' } });
    });

    it('inserts an array with differing keys: missing keys are null, or the default with defaultToNull false', async () => {
      const nulls = await ana.from('labels').insert([{ name: 'arr-a', uses: 3 }, { name: 'arr-b' }]).select('name, uses');
      expect(nulls.error?.code).toBe('23502');
      const defaults = await ana
        .from('labels')
        .insert([{ name: 'arr-a', uses: 3 }, { name: 'arr-b' }], { defaultToNull: false })
        .select('name, uses');
      expect(defaults.error).toBeNull();
      expect(defaults.data).toEqual([
        { name: 'arr-a', uses: 3 },
        { name: 'arr-b', uses: 0 },
      ]);
    });

    it('inserts without returning anything by default (201, no body)', async () => {
      const { data, error, status } = await ana.from('labels').insert({ name: 'quiet' });
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toBeNull();
    });

    it('counts inserted rows', async () => {
      const { count } = await ana.from('labels').insert([{ name: 'c1' }, { name: 'c2' }], { count: 'exact' });
      expect(count).toBe(2);
    });

    it('keeps big integers exact: the body goes to Postgres as text', async () => {
      const res = await rest('/notebooks?select=id', {
        method: 'POST',
        token: anaToken,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: '{"id": 9007199254740993, "title": "big"}',
      });
      expect(res.status).toBe(201);
      expect(await res.text()).toBe('[{"id":9007199254740993}]');
      const read = await rest('/notebooks?select=id&title=eq.big', { token: anaToken });
      expect(await read.text()).toBe('[{"id":9007199254740993}]');
      await ana.from('notebooks').delete().eq('title', 'big');
    });

    it('answers return=headers-only with the Location of the new row', async () => {
      const res = await rest('/labels', {
        method: 'POST',
        token: anaToken,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
        body: JSON.stringify({ id: 500, name: 'located' }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('location')).toBe('/labels?id=eq.500');
      expect(await res.text()).toBe('');
    });

    it('upserts one row with PUT addressed by its whole primary key', async () => {
      const put = (id: number, body: object) =>
        rest(`/labels?id=eq.${id}`, {
          method: 'PUT',
          token: anaToken,
          headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
          body: JSON.stringify(body),
        });
      const created = await put(600, { id: 600, name: 'put-me' });
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual([{ id: 600, name: 'put-me', uses: 0 }]);
      const replaced = await put(600, { id: 600, name: 'put-again', uses: 2 });
      expect(replaced.status).toBe(200);
      expect(await replaced.json()).toEqual([{ id: 600, name: 'put-again', uses: 2 }]);
      const mismatch = await put(600, { id: 601, name: 'x' });
      expect([mismatch.status, (await mismatch.json()).code]).toEqual([400, 'PGRST115']);
    });

    it('refuses an anonymous insert with 401 and another owner with 403 (42501)', async () => {
      const asAnon = await anon.from('notebooks').insert({ title: 'nope' });
      expect(asAnon.status).toBe(401);
      expect(asAnon.error?.code).toBe('42501');
      const asOther = await ana.from('notebooks').insert({ title: 'forged', owner_id: BRUNO });
      expect(asOther.status).toBe(403);
      expect(asOther.error?.code).toBe('42501');
    });

    it('upserts with on_conflict: merge updates, ignoreDuplicates keeps the existing row', async () => {
      await ana.from('labels').insert({ name: 'up', uses: 1 });
      const merged = await ana.from('labels').upsert({ name: 'up', uses: 5 }, { onConflict: 'name' }).select('name, uses');
      expect(merged.data).toEqual([{ name: 'up', uses: 5 }]);
      expect(merged.status).toBe(200);

      const ignored = await ana
        .from('labels')
        .upsert(
          [
            { name: 'up', uses: 99 },
            { name: 'up-new', uses: 1 },
          ],
          { onConflict: 'name', ignoreDuplicates: true },
        )
        .select('name, uses');
      expect(ignored.data).toEqual([{ name: 'up-new', uses: 1 }]);
      const { data } = await ana.from('labels').select('uses').eq('name', 'up').single();
      expect(data).toEqual({ uses: 5 });
    });

    it('upserts on the primary key by default', async () => {
      const { data, status } = await ana.from('notebooks').upsert({ id: 3, owner_id: ANA, title: 'Poems (final)' }).select('id, title');
      expect(status).toBe(200);
      expect(data).toEqual([{ id: 3, title: 'Poems (final)' }]);
      await ana.from('notebooks').update({ title: 'Poems (draft)' }).eq('id', 3);
    });

    it('updates rows matching the filters and returns them', async () => {
      const { data, error } = await ana.from('notebooks').update({ score: 2.25 }).eq('title', 'New one').select('title, score');
      expect(error).toBeNull();
      expect(data).toEqual([{ title: 'New one', score: 2.25 }]);
    });

    it("cannot update or delete another person's rows (RLS: zero rows)", async () => {
      const updated = await ana.from('notebooks').update({ title: 'hacked' }).eq('id', 10).select();
      expect(updated.data).toEqual([]);
      const deleted = await ana.from('notebooks').delete().eq('id', 10).select();
      expect(deleted.data).toEqual([]);
      const { data } = await bruno.from('notebooks').select('title').eq('id', 10).single();
      expect(data).toEqual({ title: 'Bruno private' });
    });

    it('deletes rows matching the filters', async () => {
      const { data, status } = await ana.from('notebooks').delete().eq('title', 'New one').select('title');
      expect(status).toBe(200);
      expect(data).toEqual([{ title: 'New one' }]);
      const quiet = await ana.from('labels').delete().eq('name', 'quiet');
      expect(quiet.status).toBe(204);
    });

    it('refuses UPDATE and DELETE without filters (21000)', async () => {
      const del = await ana.from('labels').delete();
      expect(del.status).toBe(400);
      expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
      const upd = await ana.from('labels').update({ uses: 0 });
      expect(upd.error?.code).toBe('21000');
    });

    it('maps constraint violations: 23505/23503 → 409, 23514/23502 → 400', async () => {
      const dup = await ana.from('labels').insert({ name: 'school' });
      expect([dup.status, dup.error?.code]).toEqual([409, '23505']);
      const fk = await ana.from('notebook_labels').insert({ notebook_id: 1, label_id: 9999 });
      expect([fk.status, fk.error?.code]).toEqual([409, '23503']);
      const check = await ana.from('notebooks').insert({ title: '' });
      expect([check.status, check.error?.code]).toEqual([400, '23514']);
      const notNull = await ana.from('notebooks').insert({ title: null });
      expect([notNull.status, notNull.error?.code]).toEqual([400, '23502']);
    });

    it('answers a value too large for its index with 400, not 500', async () => {
      const { error, status } = await ana.from('labels').insert({ name: 'x'.repeat(300_000) });
      expect(status).toBe(400);
      expect(error?.code).toBe('54000');
    });

    it('answers an upsert that names one row twice with 400, not 500 (21000)', async () => {
      const { error, status } = await ana.from('labels').upsert([{ name: 'twice' }, { name: 'twice' }], { onConflict: 'name' });
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '21000', message: 'ON CONFLICT DO UPDATE command cannot affect row a second time' });
    });

    it('answers a select of more columns than Postgres allows with 400, not 500 (54011)', async () => {
      const { error, status } = await ana.from('notebooks').select(Array(1700).fill('id').join(','));
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '54011', message: 'target lists can have at most 1664 entries' });
    });

    it('answers unknown payload columns with 400 PGRST204', async () => {
      const { error, status } = await ana.from('notebooks').insert({ title: 'x', nope: 1 });
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'notebooks' in the schema cache" });
    });

    it('answers malformed JSON with 400 PGRST102 and oversized bodies with 413', async () => {
      const bad = await rest('/labels', { method: 'POST', token: anaToken, headers: { 'Content-Type': 'application/json' }, body: '{"name":' });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
      const huge = await rest('/labels', {
        method: 'POST',
        token: anaToken,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(server.ctx.config.maxBodyBytes + 10) }),
      });
      expect(huge.status).toBe(413);
      expect((await huge.json()).code).toBe('PGRST102');
    });

    it('answers a write to a view Postgres cannot write with 405 and what it allows (was a 500)', async () => {
      const attempts = [
        { method: 'POST', route: '/notebook_question_counts', body: { title: 'x' }, verb: 'insert into' },
        { method: 'PUT', route: '/notebook_question_counts?id=eq.1', body: { id: 1, title: 'x' }, verb: 'insert into' },
        { method: 'PATCH', route: '/notebook_question_counts?id=eq.1', body: { title: 'x' }, verb: 'update' },
        { method: 'DELETE', route: '/notebook_question_counts?id=eq.1', body: undefined, verb: 'delete from' },
      ];
      for (const { method, route, body, verb } of attempts) {
        for (const token of [anaToken, undefined]) {
          const res = await rest(route, { method, token, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
          expect(res.status, `${method} as ${token ? 'ana' : 'anon'}`).toBe(405);
          expect(res.headers.get('allow')).toBe('OPTIONS,GET,HEAD');
          expect(await res.json()).toEqual({
            code: '55000',
            message: `cannot ${verb} view "notebook_question_counts"`,
            details: `'notebook_question_counts' cannot be written with ${method}`,
            hint: 'It allows OPTIONS, GET, HEAD.',
          });
        }
      }
      const { data } = await ana.from('notebook_question_counts').select('title, questions').eq('id', 1);
      expect(data).toEqual([{ title: 'Maths, algebra', questions: 2 }]);
    });

    it('writes through Content-Profile to another exposed schema', async () => {
      const { error, status } = await anon.schema('api').from('items').insert({ id: 2, name: 'x' });
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });

    it('rolls back a mutation whose single() result is not one row', async () => {
      const { error } = await ana.from('labels').update({ uses: 7 }).in('name', ['c1', 'c2']).select().single();
      expect(error?.code).toBe('PGRST116');
      const { data } = await ana.from('labels').select('uses').in('name', ['c1', 'c2']);
      expect(data).toEqual([{ uses: 0 }, { uses: 0 }]);
    });
  });

  describe('rpc', () => {
    it('calls a set-returning function with filters, select and order applied to its rows', async () => {
      const { data, error } = await ana.rpc('search_notebooks', { query: '' }).select('id, title').gt('id', 1).order('id', { ascending: false });
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 3, title: 'Poems (draft)' },
        { id: 2, title: 'History' },
      ]);
    });

    it('embeds from the rows of a function returning a table type', async () => {
      const { data } = await ana.rpc('search_notebooks', { query: 'hist' }).select('title, questions(body)');
      expect(data).toEqual([{ title: 'History', questions: [{ body: 'When?' }] }]);
    });

    it('calls scalar functions with named and default arguments, by POST and GET', async () => {
      expect((await anon.rpc('add_numbers', { a: 1 })).data).toBe(11);
      expect((await anon.rpc('add_numbers', { a: 1, b: 2 }, { get: true })).data).toBe(3);
      expect((await ana.rpc('notebook_count')).data).toBe(3);
      expect((await anon.rpc('echo', { payload: { a: [1, 2], b: null } })).data).toEqual({ a: [1, 2], b: null });
    });

    it('calls variadic functions with an array, or repeated parameters on GET', async () => {
      expect((await anon.rpc('sum_all', { nums: [1, 2, 3] })).data).toBe(6);
      const res = await rest('/rpc/sum_all?nums=4&nums=5');
      expect(await res.json()).toBe(9);
    });

    it('calls functions returning TABLE(...)', async () => {
      const { data } = await ana.rpc('notebook_titles').eq('notebook_id', 2);
      expect(data).toEqual([{ notebook_id: 2, notebook_title: 'History' }]);
    });

    it('resolves overloads by argument names', async () => {
      expect((await anon.rpc('greet')).data).toBe('hello');
      expect((await anon.rpc('greet', { name: 'ana' })).data).toBe('hello ana');
    });

    it('counts and pages set-returning results', async () => {
      const { data, count } = await ana.rpc('search_notebooks', { query: '' }, { count: 'exact' }).range(0, 0);
      expect(data).toHaveLength(1);
      expect(count).toBe(3);
      const planned = await ana.rpc('notebook_titles', undefined, { count: 'planned' }).order('notebook_title');
      expect(planned.error).toBeNull();
      expect(typeof planned.count).toBe('number');
    });

    it('answers a raised exception (P0001) with 400 and its hint', async () => {
      const { error, status } = await anon.rpc('fail_with', { reason: 'no way' });
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'P0001', message: 'refused: no way', hint: 'try something else' });
    });

    it('lets RAISE SQLSTATE PGRST choose the status and headers', async () => {
      const res = await rest('/rpc/teapot', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(418);
      expect(res.headers.get('x-teapot')).toBe('yes');
      expect(await res.json()).toEqual({ code: 'TEA01', message: 'I am a teapot', details: 'short and stout', hint: null });
    });

    it('answers void functions with 204', async () => {
      const { status, error } = await ana.rpc('bump_label', { label_name: 'fun' });
      expect(error).toBeNull();
      expect(status).toBe(204);
    });

    it('runs GET calls read-only: a volatile function that writes gets 405', async () => {
      const { error, status } = await ana.rpc('bump_label', { label_name: 'fun' }, { get: true });
      expect(status).toBe(405);
      expect(error?.code).toBe('25006');
    });

    it('answers unknown functions and arguments with 404 PGRST202', async () => {
      const unknown = await anon.rpc('nope');
      expect(unknown.status).toBe(404);
      expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.nope without parameters in the schema cache' });
      const wrongArgs = await anon.rpc('add_numbers', { z: 1 });
      expect(wrongArgs.error?.code).toBe('PGRST202');
    });
  });

  describe('authentication', () => {
    const expectJwtError = async (token: string, code: string, message: string) => {
      const res = await rest('/labels', { token });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code, message });
    };

    it('refuses an expired token with PGRST303', async () => {
      const expired = await server.ctx.jwt.sign({ role: 'authenticated', sub: ANA }, -10);
      await expectJwtError(expired, 'PGRST303', 'JWT expired');
      const client = clientWithToken(expired);
      const { error, status } = await client.from('labels').select();
      expect([status, error?.code]).toEqual([401, 'PGRST303']);
    });

    it('refuses forged signatures, other algorithms and malformed tokens with PGRST301', async () => {
      const [h, p] = anaToken.split('.');
      const forgedPayload = Buffer.from(JSON.stringify({ role: 'service_role', sub: ANA, exp: 9999999999 })).toString('base64url');
      await expectJwtError(`${h}.${forgedPayload}.${anaToken.split('.')[2]}`, 'PGRST301', 'JWT cryptographic operation failed');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      await expectJwtError(`${none}.${p}.`, 'PGRST301', 'Wrong or unsupported encoding algorithm');
      await expectJwtError('abc.def', 'PGRST301', 'Expected 3 parts in JWT; got 2');
    });

    it('refuses a role it does not hand out, even when signed with the right secret', async () => {
      const postgres = await server.ctx.jwt.sign({ role: 'postgres' }, 60);
      const res = await rest('/labels', { token: postgres });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('42501');
    });

    it('requires an apikey that we signed', async () => {
      const none = await fetch(`${server.url}/rest/v1/labels`);
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ code: 'PGRST302' });
      const bad = await rest('/labels', { headers: { apikey: 'not-a-key' } });
      expect(bad.status).toBe(401);
      expect((await bad.json()).code).toBe('PGRST301');
    });

    it('gives the service role every row (it bypasses RLS)', async () => {
      const { data } = await server.serviceClient().from('notebooks').select('id').lt('id', 100).order('id');
      expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 10 }]);
    });
  });

  describe('role settings', () => {
    it("applies the requester role's own settings, e.g. Supabase's statement_timeout", async () => {
      const setRoleTimeout = (value: string) =>
        server.ctx.db.exec(`
          do $$ begin
            execute format('alter role authenticated in database %I set statement_timeout = %L', current_database(), '${value}');
          end $$;
          notify pgrst, 'reload schema';`);
      await setRoleTimeout('7s');
      let seen: unknown;
      for (let i = 0; i < 50 && seen !== '7s'; i++) {
        seen = (await ana.rpc('show_setting', { name: 'statement_timeout' })).data;
        if (seen !== '7s') await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toBe('7s');
      expect((await anon.rpc('show_setting', { name: 'statement_timeout' })).data).not.toBe('7s');
      await setRoleTimeout('0');
    });
  });

  describe('schema cache', () => {
    it('sees a table created after start without a restart', async () => {
      await server.ctx.db.exec(`
        create table public.late_arrival (id int primary key, note text);
        alter table public.late_arrival enable row level security;
        create policy "anyone reads late arrivals" on public.late_arrival for select using (true);
        grant select on public.late_arrival to anon;
        insert into public.late_arrival values (1, 'hello');`);
      const { data, error } = await anon.from('late_arrival').select('note');
      expect(error).toBeNull();
      expect(data).toEqual([{ note: 'hello' }]);
    });

    it("reloads on NOTIFY pgrst, 'reload schema'", async () => {
      await server.ctx.db.exec(`alter table public.late_arrival add column extra text default 'x'; notify pgrst, 'reload schema';`);
      const { data, error } = await anon.from('late_arrival').select('extra');
      expect(error).toBeNull();
      expect(data).toEqual([{ extra: 'x' }]);
    });
  });
});
