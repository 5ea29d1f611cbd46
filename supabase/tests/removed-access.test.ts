/**
 * Removing someone's access keeps them out (issue 16, defect 2), through the sync-server with
 * supabase-js on PGlite and on PostgreSQL: after the owner removes a person, that person's
 * redeem of the notebook's codes (an invite code, the public link) is refused with the code
 * `access_removed`; inserting a share for themselves through REST or the replication push gets
 * them nothing; Realtime tells them nothing more of the notebook. Sharing with them again (or
 * inviting them to collaborate) lets them back in. Someone who leaves by themselves may come
 * back with a code.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { Inbox, subscribed } from '../../sync-server/realtime/test-helpers.ts';

interface Person {
  id: string;
  client: SupabaseClient;
}

describe.each(TEST_BACKENDS)('removed access on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let owner: Person, friend: Person, leaver: Person;
  let notebookId: string;
  let code: string;

  async function signUp(username: string): Promise<Person> {
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, {
      email: `${username}-${Date.now().toString(36)}@example.test`,
      password: 'Senha-forte-1',
      username,
    });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, client };
  }

  const redeem = (person: Person, what: string) => person.client.rpc('redeem_invite', { p_code: what });
  const readsNotebook = async (person: Person) => (await person.client.from('notebooks').select('id').eq('id', notebookId)).data?.length === 1;

  /** The owner removes someone the way the app does: a deletion pushed by the replication. */
  async function removeShare(person: Person) {
    const { data: share } = await owner.client.from('notebook_shares').select('*').eq('notebook_id', notebookId).eq('shared_with', person.id).single();
    expect(share).not.toBeNull();
    const { data, error } = await owner.client.rpc('replication_push', {
      p_collection: 'notebook_shares',
      p_rows: [{ newDocumentState: { ...share, _deleted: true }, assumedMasterState: { ...share, _deleted: false } }],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ conflicts: [], rejected: [] });
  }

  function expectRemoved(error: PostgrestError | null) {
    expect(error?.hint).toBe('access_removed');
    expect(error?.message).toBe('The owner removed your access to this notebook.');
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    owner = await signUp('dona_removal');
    friend = await signUp('amiga_removal');
    leaver = await signUp('sai_removal');
    const { data: notebook, error } = await owner.client
      .from('notebooks')
      .insert({ title: 'Caderno da turma', user_id: owner.id, is_shared: true })
      .select('id')
      .single();
    expect(error).toBeNull();
    notebookId = notebook!.id;
    const { data: link } = await owner.client.rpc('create_invite_link', { p_notebook_id: notebookId });
    code = link.code;
  });
  afterAll(async () => server?.close());

  test('a removed person cannot redeem the code again, nor the public link', async () => {
    expect((await redeem(friend, code)).data).toBe(notebookId);
    expect(await readsNotebook(friend)).toBe(true);

    await removeShare(friend);
    expect(await readsNotebook(friend)).toBe(false);

    const again = await redeem(friend, code);
    expectRemoved(again.error);
    expectRemoved((await redeem(friend, notebookId)).error);
    // A new code of the same notebook is the same notebook.
    const { data: fresh } = await owner.client.rpc('create_invite_link', { p_notebook_id: notebookId });
    expectRemoved((await redeem(friend, fresh.code)).error);
    expect(await readsNotebook(friend)).toBe(false);
    // The refused redeems did not count as uses of the link.
    const { data: links } = await owner.client.from('invite_links').select('redeemed_count').eq('code', code);
    expect(links).toEqual([{ redeemed_count: 1 }]);
  });

  test('nor can they share the notebook with themselves through REST or the replication push', async () => {
    const direct = await friend.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: friend.id });
    expect(direct.error).not.toBeNull();
    const { data } = await friend.client.rpc('replication_push', {
      p_collection: 'notebook_shares',
      p_rows: [
        {
          newDocumentState: { id: crypto.randomUUID(), notebook_id: notebookId, shared_with: friend.id, access_level: 'viewer', _deleted: false },
          assumedMasterState: null,
        },
      ],
    });
    expect(data.rejected).toHaveLength(1);
    expect(await readsNotebook(friend)).toBe(false);
  });

  test('Realtime tells them nothing more of the notebook', async () => {
    const inbox = new Inbox<{ id: string; title: string }>();
    const { data: own } = await friend.client.from('notebooks').insert({ title: 'Meu caderno', user_id: friend.id }).select('id').single();
    const { data: session } = await friend.client.auth.getSession();
    await friend.client.realtime.setAuth(session.session!.access_token);
    const channel = await subscribed(
      friend.client
        .channel(`removed-${notebookId}`)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'notebooks' }, (change) => inbox.push(change.new as never)),
    );
    try {
      await redeem(friend, code);
      await owner.client.from('notebooks').update({ title: 'Caderno da turma, revisto' }).eq('id', notebookId);
      // Changes arrive in commit order: once the later one is here, the earlier one would have been.
      await friend.client.from('notebooks').update({ title: 'Meu caderno, revisto' }).eq('id', own!.id);
      await inbox.next((row) => row.id === own!.id, 10_000);
      expect(inbox.values.map((row) => row.id)).toEqual([own!.id]);
    } finally {
      await friend.client.removeChannel(channel);
    }
  });

  test('shared with again by the owner, they are back in; removed again, out again', async () => {
    const { error } = await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: friend.id });
    expect(error).toBeNull();
    expect(await readsNotebook(friend)).toBe(true);
    expect((await redeem(friend, code)).data).toBe(notebookId);

    await removeShare(friend);
    expectRemoved((await redeem(friend, code)).error);
  });

  test('invited to collaborate again, they accept and are back in', async () => {
    const invite = await owner.client.from('notebook_collaborators').insert({ notebook_id: notebookId, user_id: friend.id, role: 'collaborator' });
    expect(invite.error).toBeNull();
    const accepted = await friend.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('notebook_id', notebookId).eq('user_id', friend.id).select('status');
    expect(accepted.data).toEqual([{ status: 'accepted' }]);
    expect(await readsNotebook(friend)).toBe(true);
    expect((await redeem(friend, code)).data).toBe(notebookId);

    // Removed from the collaboration by the owner: out, and the codes stay closed to them.
    const removed = await owner.client.from('notebook_collaborators').delete().eq('notebook_id', notebookId).eq('user_id', friend.id).select('id');
    expect(removed.data).toHaveLength(1);
    expect(await readsNotebook(friend)).toBe(false);
    expectRemoved((await redeem(friend, code)).error);
  });

  test('someone who leaves by themselves may come back with the code', async () => {
    expect((await redeem(leaver, code)).data).toBe(notebookId);
    const left = await leaver.client.from('notebook_shares').delete().eq('notebook_id', notebookId).eq('shared_with', leaver.id).select('id');
    expect(left.data).toHaveLength(1);
    expect(await readsNotebook(leaver)).toBe(false);
    expect((await redeem(leaver, code)).data).toBe(notebookId);
    expect(await readsNotebook(leaver)).toBe(true);
  });

  test('the owner can still delete the notebook of someone they removed', async () => {
    const { error } = await owner.client.from('notebooks').delete().eq('id', notebookId);
    expect(error).toBeNull();
    expect((await owner.client.from('notebooks').select('id').eq('id', notebookId)).data).toEqual([]);
  });
});
