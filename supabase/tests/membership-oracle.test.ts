/**
 * No membership oracle (issue 17): someone who may not share a notebook or invite to it gets the
 * same answer whoever they name — a member, the owner, a collaborator, a person with no access, an
 * id of nobody — so a refusal never tells who is in a notebook. Permission is checked first; only
 * people who may share learn 'already_has_access'. Through the sync-server over HTTP (REST as
 * supabase-js sends it, and the replication push), on PGlite and on Postgres when
 * TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';

interface Person {
  name: string;
  id: string;
  client: SupabaseClient;
}

describe.each(TEST_BACKENDS)('no membership oracle ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let owner: Person, sharee: Person, collaborator: Person, editor: Person, outsider: Person, stranger: Person;
  let visitor: Person;
  let notebookId: string;

  async function signUp(name: string): Promise<Person> {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: `${name}@example.test`, password: 'Senha-forte-1', username: name });
    if (error || !data.user) throw error ?? new Error('no user after sign-up');
    return { name, id: data.user.id, client };
  }

  /** Who a probe names: everyone in the notebook, someone outside it, and nobody at all. */
  const targets = () => ({ owner: owner.id, sharee: sharee.id, collaborator: collaborator.id, outsider: outsider.id, nobody: randomUUID() });

  /** What the caller sees of each way to add `target`: HTTP status and body, or the push's rejection. */
  async function attempts(as: Person, target: string, notebook = notebookId) {
    const share = await as.client.from('notebook_shares').insert({ notebook_id: notebook, shared_with: target });
    const invite = await as.client.from('notebook_collaborators').insert({ notebook_id: notebook, user_id: target, role: 'collaborator' });
    const pushed = async (collection: string, doc: Record<string, unknown>) => {
      const push = await as.client.rpc('replication_push', {
        p_collection: collection,
        p_rows: [{ newDocumentState: { id: '00000000-0000-4000-8000-000000000001', notebook_id: notebook, _deleted: false, ...doc }, assumedMasterState: null }],
      });
      const rejection = (push.data as { rejected?: { reason: string; code: string; message: string }[] } | null)?.rejected?.[0];
      return { status: push.status, error: push.error, rejected: rejection && { reason: rejection.reason, code: rejection.code, message: rejection.message } };
    };
    return {
      share: { status: share.status, error: share.error },
      invite: { status: invite.status, error: invite.error },
      pushedShare: await pushed('notebook_shares', { shared_with: target }),
      pushedInvite: await pushed('notebook_collaborators', { user_id: target, role: 'collaborator' }),
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    owner = await signUp('dona_oraculo');
    sharee = await signUp('leitora_oraculo');
    collaborator = await signUp('colab_oraculo');
    editor = await signUp('editora_oraculo');
    outsider = await signUp('de_fora_oraculo');
    stranger = await signUp('estranha_oraculo');
    visitor = { name: 'visitor', id: '', client: server.anonClient() };
    const { data } = await owner.client.from('notebooks').insert({ title: 'Quem está aqui?', user_id: owner.id }).select('id').single();
    notebookId = data!.id;
    expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: sharee.id })).error).toBeNull();
    for (const [person, role] of [[collaborator, 'collaborator'], [editor, 'editor']] as const) {
      expect((await owner.client.from('notebook_collaborators').insert({ notebook_id: notebookId, user_id: person.id, role })).error).toBeNull();
      expect((await person.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('user_id', person.id)).error).toBeNull();
    }
  }, 60_000);
  afterAll(async () => server?.close());

  test.each([
    ['a visitor (signed out)', () => visitor],
    ['a stranger', () => stranger],
    ['a sharee', () => sharee],
    ['a collaborator', () => collaborator],
  ])('%s gets the same refusal whoever they name, in this notebook or one that does not exist', async (_who, person) => {
    const seen: Record<string, unknown> = {};
    for (const [name, id] of Object.entries(targets())) seen[name] = await attempts(person(), id);
    seen['outsider, in a notebook that does not exist'] = await attempts(person(), outsider.id, randomUUID());
    const first = Object.values(seen)[0];
    for (const [name, outcome] of Object.entries(seen)) expect(outcome, name).toEqual(first);
    expect(JSON.stringify(first)).not.toContain('already_has_access');
  });

  test('an editor may invite collaborators, so learns who already has access; sharing stays refused alike for everyone', async () => {
    const seen: Record<string, unknown> = {};
    for (const [name, id] of Object.entries(targets())) seen[name] = (await attempts(editor, id)).share;
    for (const [name, outcome] of Object.entries(seen)) expect(outcome, name).toEqual(seen.outsider);
    const invite = await editor.client.from('notebook_collaborators').insert({ notebook_id: notebookId, user_id: collaborator.id, role: 'collaborator' });
    expect(invite.error).toMatchObject({ code: '23505', hint: 'already_has_access' });
  });

  test("the owner still hears 'This person already has access to this notebook.' (409), and invites whoever has none", async () => {
    for (const id of [sharee.id, collaborator.id]) {
      const share = await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: id });
      expect(share.status).toBe(409);
      expect(share.error).toMatchObject({ code: '23505', hint: 'already_has_access', message: 'This person already has access to this notebook.' });
    }
    const invite = await owner.client.from('notebook_collaborators').insert({ notebook_id: notebookId, user_id: collaborator.id, role: 'collaborator' });
    expect(invite.error).toMatchObject({ code: '23505', hint: 'already_has_access' });
    const self = await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: owner.id });
    expect(self.error).toMatchObject({ hint: 'invite_self', message: 'you cannot invite yourself' });
    const pushed = await owner.client.rpc('replication_push', {
      p_collection: 'notebook_shares',
      p_rows: [{ newDocumentState: { id: randomUUID(), notebook_id: notebookId, shared_with: sharee.id, _deleted: false }, assumedMasterState: null }],
    });
    expect(pushed.data.rejected).toMatchObject([{ reason: 'already_has_access' }]);
    const fresh = await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: outsider.id });
    expect(fresh.error).toBeNull();
  });
});
