/**
 * Issue 34: a round of pulls (a pulse, the network coming back, a first sync) is one request.
 * Thirteen requests per phone per pulse cost a laptop serving a class thirteen times its
 * per-request work; replication_pull_many answers them in one, each exactly as replication_pull
 * would. On PGlite and on the real Postgres server (TEST_DATABASE_URL), through supabase-js.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { TEST_BACKENDS, startTestServer, type TestServer } from '../../../sync-server/testing.ts';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/index.ts';
import { signUp, type Person } from '../testing/harness.ts';
import { rpcTransport, type PullResponse } from './transport.ts';

/** A signed-in client whose requests to each RPC are counted. */
async function countingClient(server: TestServer, person: Person): Promise<{ client: SupabaseClient; calls: Map<string, number> }> {
  const calls = new Map<string, number>();
  const client = createClient(server.url, server.ctx.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: (input, init) => {
        const rpc = /\/rest\/v1\/rpc\/([a-z_]+)/.exec(String(input instanceof Request ? input.url : input))?.[1];
        if (rpc) calls.set(rpc, (calls.get(rpc) ?? 0) + 1);
        return fetch(input, init);
      },
    },
  });
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: person.password });
  if (error) throw new Error(error.message);
  return { client, calls };
}

describe.each(TEST_BACKENDS)('a round of pulls in one request ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let owner: Person;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    owner = await signUp(server, 'dona_rodada');
    const notebook = await owner.client.from('notebooks').insert({ title: 'Caderno da rodada' }).select('id').single();
    if (notebook.error) throw new Error(notebook.error.message);
    const questions = await owner.client.from('questions').insert([
      { notebook_id: notebook.data.id, text: 'Qual é a sua cor favorita?', order_index: 0 },
      { notebook_id: notebook.data.id, text: 'E a sua música?', order_index: 1 },
    ]);
    if (questions.error) throw new Error(questions.error.message);
  });
  afterAll(async () => server?.close());

  test('every collection asked at once is one request, and each answer is what its own pull gives', async () => {
    const { client, calls } = await countingClient(server, owner);
    const transport = rpcTransport(client);
    const together = await Promise.all(COLLECTION_NAMES.map((name) => transport.pull(name, null, 1000)));
    expect(calls.get('replication_pull_many')).toBe(1);
    expect(calls.get('replication_pull')).toBeUndefined();

    const alone: PullResponse[] = [];
    for (const name of COLLECTION_NAMES) {
      alone.push(await transport.pull(name, null, 1000)); // one at a time: a replication_pull each
    }
    expect(calls.get('replication_pull')).toBe(COLLECTION_NAMES.length);
    const documentsOf = (pages: PullResponse[]) => pages.map((page) => page.documents.map((d) => d.id).sort());
    expect(documentsOf(together)).toEqual(documentsOf(alone));
    const questions = together[COLLECTION_NAMES.indexOf('questions')];
    expect(questions.documents).toHaveLength(2);
    expect(questions.checkpoint).not.toBeNull();
  });

  test('each pull goes on from its own checkpoint', async () => {
    const transport = rpcTransport(owner.client);
    const first = await transport.pull('questions', null, 1);
    const [rest, notebooks] = await Promise.all([transport.pull('questions', first.checkpoint, 1000), transport.pull('notebooks', null, 1000)]);
    expect(first.documents).toHaveLength(1);
    expect(rest.documents.map((d) => d.id)).not.toContain(first.documents[0].id);
    expect(rest.documents).toHaveLength(1);
    expect(notebooks.documents).toHaveLength(1);
  });

  test('a visitor is told to sign in; a malformed request is a 400 that says what is wrong', async () => {
    const visitor = server.anonClient();
    const asVisitor = await visitor.rpc('replication_pull_many', { p_pulls: [{ collection: 'notebooks', checkpoint: null, limit: 10 }] });
    expect(asVisitor.error?.message).toBe('Usuário não autenticado');

    const bad: [unknown, RegExp][] = [
      [{ collection: 'notebooks' }, /array of 1 to 20 pulls/],
      [[], /array of 1 to 20 pulls/],
      [Array.from({ length: 21 }, () => ({ collection: 'notebooks' })), /array of 1 to 20 pulls/],
      [[{ checkpoint: null }], /\{collection, checkpoint, limit\}/],
      [[{ collection: 'segredos' }], /Unknown collection: segredos/],
    ];
    for (const [pulls, message] of bad) {
      const response = await fetch(`${server.url}/rest/v1/rpc/replication_pull_many`, {
        method: 'POST',
        headers: { apikey: server.ctx.config.anonKey, Authorization: `Bearer ${(await owner.client.auth.getSession()).data.session!.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ p_pulls: pulls }),
      });
      expect(response.status, JSON.stringify(pulls).slice(0, 60)).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
  });

  test('a server whose migrations lack replication_pull_many is asked one pull at a time', async () => {
    const { client, calls } = await countingClient(server, owner);
    await server.ctx.db.query('alter function public.replication_pull_many(jsonb) rename to replication_pull_many_gone');
    try {
      const transport = rpcTransport(client);
      const names: CollectionName[] = ['notebooks', 'questions'];
      // the schema cache follows the DDL (NOTIFY pgrst): until it has, the function may still be found
      await expect
        .poll(async () => {
          const pages = await Promise.all(names.map((name) => transport.pull(name, null, 1000)));
          return pages.map((page) => page.documents.length);
        })
        .toEqual([1, 2]);
      const before = calls.get('replication_pull') ?? 0;
      await Promise.all(names.map((name) => transport.pull(name, null, 1000)));
      expect(calls.get('replication_pull')).toBe(before + 2);
    } finally {
      await server.ctx.db.query('alter function public.replication_pull_many_gone(jsonb) rename to replication_pull_many');
    }
  });
});
