/**
 * A sign-up from an invitation redeems it in the same request (issue 20, migration
 * 20261124130000_invite_on_sign_up.sql): the registration form sends the invitation's code in the
 * sign-up's metadata, and the moment the sign-up answers the new person can pull the notebook —
 * no redeem_invite round trip in between. Through the real sync-server with supabase-js, on PGlite
 * and on PostgreSQL: the share is the one redeem_invite gives (made by the owner, counted on the
 * link, the person's own act), the code leaves the token's metadata, and a code that opens nothing never
 * stops the account — the app's redeem then says why, as before.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

const PASSWORD = 'Senha-forte-1';

describe.each(TEST_BACKENDS)('a sign-up from an invitation on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let owner: SupabaseClient;
  let ownerId: string;
  let notebookId: string;

  /** A new person signing up with `data` (an invite code …): their signed-in client and id. */
  async function signUp(data: Record<string, unknown>) {
    const client = server.anonClient();
    const tag = randomUUID().slice(0, 8);
    const { data: answer, error } = await signUpAdult(client, { email: `novo-${tag}@example.test`, password: PASSWORD, username: `novo_${tag}`, data });
    expect(error).toBeNull();
    expect(answer.session).not.toBeNull();
    return { client, id: answer.user!.id, user: answer.user! };
  }

  async function newLink(): Promise<{ id: string; code: string }> {
    const { data, error } = await owner.rpc('create_invite_link', { p_notebook_id: notebookId });
    expect(error).toBeNull();
    return data as { id: string; code: string };
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    owner = server.anonClient();
    const { data, error } = await signUpAdult(owner, { email: `dona-${randomUUID().slice(0, 8)}@example.test`, password: PASSWORD, username: `dona_${randomUUID().slice(0, 6)}` });
    expect(error).toBeNull();
    ownerId = data.user!.id;
    const created = await owner.from('notebooks').insert({ title: 'Caderno da turma', user_id: ownerId }).select('id').single();
    expect(created.error).toBeNull();
    notebookId = created.data!.id;
  });
  afterAll(async () => server?.close());

  test('the notebook is theirs the moment the sign-up answers: readable at once, a share given by the owner, the link counted', async () => {
    const link = await newLink();
    const person = await signUp({ invite_code: link.code.toLowerCase() });
    const { data: notebooks } = await person.client.from('notebooks').select('id, title');
    expect(notebooks).toEqual([{ id: notebookId, title: 'Caderno da turma' }]);
    const { data: shares } = await server.serviceClient().from('notebook_shares').select('shared_with, created_by, access_level').eq('notebook_id', notebookId).eq('shared_with', person.id);
    expect(shares).toEqual([{ shared_with: person.id, created_by: ownerId, access_level: 'viewer' }]);
    const { data: counted } = await server.serviceClient().from('invite_links').select('redeemed_count').eq('id', link.id).single();
    expect(counted).toEqual({ redeemed_count: 1 });
    // The app still calls redeem_invite (it cannot know the trigger did): it answers the notebook.
    const again = await person.client.rpc('redeem_invite', { p_code: link.code });
    expect(again).toMatchObject({ data: notebookId, error: null });
  });

  test("the redeem is the new person's own, as through the app: no 'shared with you' notice (that one is for shares the owner gives)", async () => {
    const { code } = await newLink();
    const person = await signUp({ invite_code: code });
    const { data: notices, error } = await person.client.from('notifications').select('type');
    expect(error).toBeNull();
    expect(notices).toEqual([]);
    // The control: a share the owner gives does tell the person.
    const other = await signUp({});
    expect((await owner.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: other.id })).error).toBeNull();
    const { data: told } = await other.client.from('notifications').select('type');
    expect(told).toEqual([{ type: 'notebook_shared' }]);
  });

  test('the code leaves the metadata that travels in every token', async () => {
    const { code } = await newLink();
    const person = await signUp({ invite_code: code });
    const { data } = await person.client.auth.getUser();
    expect(data.user?.user_metadata).not.toHaveProperty('invite_code');
    const { data: admin } = await server.serviceClient().auth.admin.getUserById(person.id);
    expect(admin.user?.user_metadata).not.toHaveProperty('invite_code');
  });

  test.each([
    ['an unknown code', () => Promise.resolve('NAOEXISTE234')],
    ['a revoked link', async () => {
      const link = await newLink();
      expect((await owner.rpc('revoke_invite_link', { p_invite_id: link.id })).error).toBeNull();
      return link.code;
    }],
    ['not a string', () => Promise.resolve(12345 as unknown as string)],
  ])('%s: the account is made all the same, with nothing shared; the redeem says why', async (_name, codeOf) => {
    const code = await codeOf();
    const person = await signUp({ invite_code: code });
    const { data: notebooks } = await person.client.from('notebooks').select('id');
    expect(notebooks).toEqual([]);
    const { data: profile } = await person.client.from('profiles').select('id').eq('id', person.id);
    expect(profile).toEqual([{ id: person.id }]);
    const redeem = await person.client.rpc('redeem_invite', { p_code: String(code) });
    expect(redeem.error?.message).toBe('Invalid or expired invitation.');
  });

  test('a sign-up without a code is as before: nothing shared', async () => {
    const person = await signUp({});
    const { data: notebooks } = await person.client.from('notebooks').select('id');
    expect(notebooks).toEqual([]);
  });
});
