/**
 * The migrations on a database like a Supabase project created today — the API roles get no
 * default privileges on public — and the replication round trip as `authenticated`, through the
 * sync-server on that database with supabase-js: what the app does. Before the explicit grants,
 * such a project let the app read but refused every pushed row (replication_push is SECURITY
 * INVOKER: "permission denied", reported as not_allowed).
 *
 * On the real PostgreSQL server (TEST_DATABASE_URL; CI sets it) and on PGlite.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

interface PushResult {
  conflicts: Record<string, unknown>[];
  rejected: { id: string; reason: string; message: string }[];
}
interface PullResult {
  documents: (Record<string, unknown> & { id: string; _deleted: boolean })[];
}

describe.each(TEST_BACKENDS)('replication on a project whose API roles get nothing by default ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => server?.close());

  async function signUp(username: string): Promise<{ id: string; client: SupabaseClient }> {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, {
      email: `${username}-${randomUUID().slice(0, 8)}@example.test`,
      password: 'Senha-forte-1',
      username,
    });
    if (error || !data.user || !data.session) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, client };
  }

  async function push(client: SupabaseClient, collection: string, rows: unknown[]): Promise<PushResult> {
    const { data, error } = await client.rpc('replication_push', { p_collection: collection, p_rows: rows });
    expect(error).toBeNull();
    return data as PushResult;
  }

  async function pull(client: SupabaseClient, collection: string): Promise<PullResult['documents']> {
    const { data, error } = await client.rpc('replication_pull', { p_collection: collection, p_checkpoint: null, p_limit: 100 });
    expect(error).toBeNull();
    return (data as PullResult).documents;
  }

  test('the database is such a project: nothing new in public is readable, writable or callable by the API roles by default', async () => {
    // (what Supabase leaves — UPDATE on new sequences, TRUNCATE/REFERENCES/TRIGGER on new tables — is no use to them)
    const { rows } = await server.ctx.db.query<{ role: string; privilege: string }>(
      `select pg_get_userbyid(a.grantee) as role, a.privilege_type as privilege
         from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace, aclexplode(d.defaclacl) a
        where n.nspname = 'public' and a.privilege_type in ('SELECT', 'INSERT', 'UPDATE', 'DELETE', 'USAGE', 'EXECUTE')
          and not (d.defaclobjtype = 'S' and a.privilege_type = 'UPDATE')`,
    );
    expect(rows).toEqual([]);
  });

  test('a notebook pushed by its owner, shared, answered by the sharee and pulled back by both', async () => {
    const ana = await signUp('ana_round');
    const bruno = await signUp('bruno_round');
    const notebookId = randomUUID();
    const questionId = randomUUID();

    const created = await push(ana.client, 'notebooks', [
      { newDocumentState: { id: notebookId, user_id: ana.id, title: 'Caderno da viagem', theme: 'blue', _deleted: false }, assumedMasterState: null },
    ]);
    expect(created).toEqual({ conflicts: [], rejected: [] });
    expect(
      await push(ana.client, 'questions', [
        { newDocumentState: { id: questionId, notebook_id: notebookId, text: 'Para onde vamos?', _deleted: false }, assumedMasterState: null },
      ]),
    ).toEqual({ conflicts: [], rejected: [] });

    // an edit based on the master state the device pulled (compare-and-swap on server_rev)
    const [master] = await pull(ana.client, 'notebooks');
    expect(master).toMatchObject({ id: notebookId, title: 'Caderno da viagem', server_rev: 1 });
    expect(
      await push(ana.client, 'notebooks', [{ newDocumentState: { ...master, title: 'Caderno da viagem 2027' }, assumedMasterState: master }]),
    ).toEqual({ conflicts: [], rejected: [] });

    expect(
      await push(ana.client, 'notebook_shares', [
        { newDocumentState: { id: randomUUID(), notebook_id: notebookId, shared_with: bruno.id, access_level: 'viewer', _deleted: false }, assumedMasterState: null },
      ]),
    ).toEqual({ conflicts: [], rejected: [] });

    expect((await pull(bruno.client, 'notebooks')).map((n) => n.title)).toEqual(['Caderno da viagem 2027']);
    expect((await pull(bruno.client, 'questions')).map((q) => q.text)).toEqual(['Para onde vamos?']);
    const { data: answerId, error } = await bruno.client.rpc('my_answer_id', { p_question_id: questionId });
    expect(error).toBeNull();
    expect(
      await push(bruno.client, 'answers', [
        {
          newDocumentState: { id: answerId, question_id: questionId, notebook_id: notebookId, user_id: bruno.id, text: 'Para a praia!', is_anonymous: false, client_clock: Date.now(), _deleted: false },
          assumedMasterState: null,
        },
      ]),
    ).toEqual({ conflicts: [], rejected: [] });

    expect((await pull(ana.client, 'answers')).map((a) => [a.text, a.user_id])).toEqual([['Para a praia!', bruno.id]]);
    expect((await pull(ana.client, 'notifications')).length).toBeGreaterThan(0);
    // the rows are the tables' own: a direct read through the REST API sees them too
    const direct = await ana.client.from('notebooks').select('title').eq('id', notebookId);
    expect(direct).toMatchObject({ error: null, data: [{ title: 'Caderno da viagem 2027' }] });
  });

  test('a visitor reads what visitors may see, and nothing else', async () => {
    const visitor = server.anonClient();
    const themes = await visitor.from('notebook_themes').select('id').order('sort_order').limit(1);
    expect(themes).toMatchObject({ error: null, data: [{ id: 'purple' }] });
    const notebooks = await visitor.from('notebooks').select('id');
    expect(notebooks.error).toMatchObject({ code: '42501' });
  });
});
