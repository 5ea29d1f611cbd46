/**
 * The app's read-only view over REST (ARCHITECTURE §4: never a 500 for a client's mistake):
 * public.visible_answers cannot be written — a write answers 405 with Postgres' SQLSTATE and
 * message and an Allow header of what it does allow (it was a 500), and nothing changes. Through
 * the sync-server with supabase-js, on PGlite and on Postgres when TEST_DATABASE_URL is set.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

describe.each(TEST_BACKENDS)('visible_answers over REST ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let owner: SupabaseClient;
  let answerId: string;

  async function signUp(username: string): Promise<{ id: string; client: SupabaseClient }> {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: `${username}@example.test`, password: 'Senha-forte-1', username });
    if (error || !data.user) throw error ?? new Error('no user after sign-up');
    return { id: data.user.id, client };
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    const dona = await signUp('dona_vista');
    owner = dona.client;
    const { data: notebook } = await owner.from('notebooks').insert({ title: 'Vista', user_id: dona.id }).select('id').single();
    const { data: question } = await owner.from('questions').insert({ notebook_id: notebook!.id, text: 'Tudo bem?' }).select('id').single();
    const { data: answer, error } = await owner
      .from('answers')
      .insert({ question_id: question!.id, notebook_id: notebook!.id, text: 'Sim', responder_name: 'Dona' })
      .select('id')
      .single();
    expect(error).toBeNull();
    answerId = answer!.id;
  }, 60_000);
  afterAll(async () => server?.close());

  test('POST, PUT, PATCH and DELETE answer 405 with what the view allows, signed in or not; the answer is unchanged', async () => {
    for (const client of [owner, server.anonClient()]) {
      const writes = [
        ['POST', 'insert into', () => client.from('visible_answers').insert({ text: 'Nova' })],
        ['PUT', 'insert into', () => client.from('visible_answers').upsert({ id: answerId, text: 'Trocada' })],
        ['PATCH', 'update', () => client.from('visible_answers').update({ text: 'Trocada' }).eq('id', answerId)],
        ['DELETE', 'delete from', () => client.from('visible_answers').delete().eq('id', answerId)],
      ] as const;
      for (const [method, verb, write] of writes) {
        const { status, error } = await write();
        expect(status, method).toBe(405);
        expect(error).toMatchObject({ code: '55000', message: `cannot ${verb} view "visible_answers"`, hint: 'It allows OPTIONS, GET, HEAD.' });
      }
    }
    const { data } = await owner.from('visible_answers').select('id, text');
    expect(data).toEqual([{ id: answerId, text: 'Sim' }]);
  });
});
