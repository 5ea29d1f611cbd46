/**
 * Safety (issue 22), through the sync-server with supabase-js on PGlite and on PostgreSQL:
 * a safe sign-up (under 13 refused by the server; 13–17 need a guardian, who gets a mail and
 * confirms; minors start with the safest settings and are not found by strangers), blocks (RLS
 * per role; what a blocked person can no longer do), and "your data" (export, account deletion).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import { adultSignUpData } from '../../sync-server/test-people.ts';

interface Person {
  id: string;
  username: string;
  email: string;
  client: SupabaseClient;
}

const PASSWORD = 'Senha-forte-1';

/** A date `years` years (and a day) before today, as the form sends it. */
function bornYearsAgo(years: number, extraDays = 1): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
}

describe.each(TEST_BACKENDS)('safety on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let run = 0;

  function emailFor(username: string) {
    return `${username}-${Date.now().toString(36)}-${run++}@example.test`;
  }

  async function signUp(username: string, extra: Record<string, unknown> = {}): Promise<Person> {
    const client = server.anonClient();
    const email = emailFor(username);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: adultSignUpData(username, extra), emailRedirectTo: 'http://127.0.0.1:5173/' },
    });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, username, email, client };
  }

  const minorData = (guardian: string) => ({ birth_date: bornYearsAgo(14), guardian_email: guardian, guardian_acknowledged: true });

  async function mailsTo(address: string): Promise<{ type: string; subject: string; link: string; text: string }[]> {
    const res = await fetch(`${server.url}/auth/v1/mailbox.json?to=${encodeURIComponent(address)}`);
    expect(res.status).toBe(200);
    return res.json();
  }

  async function notebookOf(owner: Person, title: string): Promise<{ notebookId: string; questionId: string }> {
    const { data: notebook, error } = await owner.client
      .from('notebooks')
      .insert({ title, user_id: owner.id, is_shared: true })
      .select('id')
      .single();
    expect(error).toBeNull();
    const { data: question, error: qError } = await owner.client
      .from('questions')
      .insert({ notebook_id: notebook!.id, text: 'Qual sua cor favorita?' })
      .select('id')
      .single();
    expect(qError).toBeNull();
    return { notebookId: notebook!.id, questionId: question!.id };
  }

  async function shareWith(owner: Person, notebookId: string, person: Person) {
    const { error } = await owner.client
      .from('notebook_shares')
      .insert({ notebook_id: notebookId, shared_with: person.id, created_by: owner.id });
    return error;
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => server?.close());

  describe('a safe sign-up', () => {
    test('the server refuses a stated age under 13, whatever the form did: no account is made', async () => {
      const email = emailFor('crianca');
      const { data, error } = await server.anonClient().auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { username: 'crianca_12', birth_date: bornYearsAgo(12) } },
      });
      expect(error?.status).toBe(422);
      expect(error?.message).toBe('O Cadernos é para quem tem 13 anos ou mais.');
      expect(data.user).toBeNull();
      const { data: rows } = await server.serviceClient().from('profiles').select('id').eq('username', 'crianca_12');
      expect(rows).toEqual([]);
    });

    test.each([
      ['a date in the future', { birth_date: '2999-01-01' }],
      ['not a date', { birth_date: '31/02/2010' }],
      ['a minor without a guardian', { birth_date: bornYearsAgo(15) }],
      ['a minor naming themselves as guardian', { birth_date: bornYearsAgo(15), guardian_email: 'SELF', guardian_acknowledged: true }],
      ['a minor without the acknowledgement', { birth_date: bornYearsAgo(15), guardian_email: 'mae@example.test' }],
    ])('the server refuses %s with a 422', async (_name, extra) => {
      const email = emailFor('recusa');
      const data = { username: `recusa_${run}`, ...extra } as Record<string, unknown>;
      if (data.guardian_email === 'SELF') data.guardian_email = email;
      const { error } = await server.anonClient().auth.signUp({ email, password: PASSWORD, options: { data } });
      expect(error?.status).toBe(422);
    });

    test('an adult with a date of birth keeps the usual defaults; the date stays out of the token and the profile', async () => {
      const adult = await signUp('adulta_safe', { birth_date: bornYearsAgo(30) });
      const { data: profile } = await adult.client.from('profiles').select('visibility, connections_visibility').eq('id', adult.id).single();
      expect(profile).toEqual({ visibility: 'public', connections_visibility: 'public' });
      const { data: user } = await adult.client.auth.getUser();
      expect(Object.keys(user.user?.user_metadata ?? {}).sort()).toEqual(['email_verified', 'username']);
      const { data: view } = await server.anonClient().rpc('profile_view', { p_username: 'adulta_safe' });
      expect(JSON.stringify(view)).not.toContain(bornYearsAgo(30));
    });

    test('a 14-year-old: the guardian gets a mail; private until confirmed; not found by strangers; confirmed by the link', async () => {
      const guardian = `mae-${run++}@example.test`;
      const minor = await signUp('teen_safe', minorData(guardian));
      const stranger = await signUp('estranho_teen');

      // the safest settings, and the date of birth private to the minor
      const { data: profile } = await minor.client.from('profiles').select('visibility, connections_visibility').eq('id', minor.id).single();
      expect(profile).toEqual({ visibility: 'private', connections_visibility: 'private' });
      const { data: settings } = await minor.client.from('user_settings').select('friend_requests_from').eq('user_id', minor.id).single();
      expect(settings).toEqual({ friend_requests_from: 'companions' });
      const { data: own } = await minor.client.from('account_safety').select('birth_date, guardian_email, guardian_confirmed_at');
      expect(own).toEqual([{ birth_date: bornYearsAgo(14), guardian_email: guardian, guardian_confirmed_at: null }]);
      const { data: user } = await minor.client.auth.getUser();
      expect(Object.keys(user.user?.user_metadata ?? {}).sort()).toEqual(['email_verified', 'username']);
      // public for a moment inside the sign-up, private at its commit: no notice tells anyone the new id
      for (const client of [server.anonClient(), stranger.client]) {
        expect((await client.from('profile_notices').select('id, profile_id').eq('profile_id', minor.id)).data).toEqual([]);
      }

      // nobody else reads it: a stranger, an admin, a visitor
      const admin = await signUp('admin_teen');
      expect((await server.serviceClient().from('user_roles').insert({ user_id: admin.id, role: 'admin' })).error).toBeNull();
      expect((await stranger.client.from('account_safety').select('*').eq('user_id', minor.id)).data).toEqual([]);
      expect((await admin.client.from('account_safety').select('*').eq('user_id', minor.id)).data).toEqual([]);
      expect((await server.anonClient().from('account_safety').select('*')).error?.code).toBe('42501');
      expect((await stranger.client.from('account_safety').insert({ user_id: stranger.id, birth_date: '2000-01-01' })).error?.code).toBe('42501');
      expect((await minor.client.from('account_safety').update({ guardian_confirmed_at: new Date().toISOString() }).eq('user_id', minor.id)).error?.code).toBe('42501');

      // until the guardian confirms, the minor cannot loosen the settings
      const loosen = await minor.client.from('profiles').update({ visibility: 'public' }).eq('id', minor.id);
      expect(loosen.error?.hint).toBe('guardian_pending');
      const requests = await minor.client.from('user_settings').update({ friend_requests_from: 'everyone' }).eq('user_id', minor.id);
      expect(requests.error?.hint).toBe('guardian_pending');

      // strangers do not find a minor; a notebook companion does
      expect((await stranger.client.rpc('search_users', { p_query: 'teen_safe' })).data).toEqual([]);
      const { notebookId } = await notebookOf(stranger, 'Caderno com a teen');
      expect(await shareWith(stranger, notebookId, minor)).toBeNull();
      expect((await stranger.client.rpc('search_users', { p_query: 'teen_safe' })).data).toEqual([
        expect.objectContaining({ id: minor.id, username: 'teen_safe' }),
      ]);
      expect((await admin.client.rpc('search_users', { p_query: 'teen_safe' })).data).toHaveLength(1);

      // the guardian's mail, and its link
      const mails = await mailsTo(guardian);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ type: 'guardian_consent', subject: 'Confirme a conta de teen_safe no Cadernos' });
      const link = new URL(mails[0].link);
      expect(link.origin).toBe('http://127.0.0.1:5173');
      const token = link.pathname.replace('/guardian/', '');

      const wrong = await server.anonClient().rpc('confirm_guardian', { p_token: 'nope' });
      expect(wrong.error?.hint).toBe('guardian_link_invalid');
      const confirmed = await server.anonClient().rpc('confirm_guardian', { p_token: token });
      expect(confirmed.error).toBeNull();
      expect(confirmed.data).toEqual({ username: 'teen_safe', already_confirmed: false });
      expect((await server.anonClient().rpc('confirm_guardian', { p_token: token })).data).toEqual({ username: 'teen_safe', already_confirmed: true });

      // a minor's defaults now: private profile, connections for friends; the minor may change them
      const { data: after } = await minor.client.from('profiles').select('visibility, connections_visibility').eq('id', minor.id).single();
      expect(after).toEqual({ visibility: 'private', connections_visibility: 'friends' });
      expect((await minor.client.from('account_safety').select('guardian_confirmed_at').single()).data?.guardian_confirmed_at).toBeTruthy();
      expect((await minor.client.from('profiles').update({ connections_visibility: 'private' }).eq('id', minor.id)).error).toBeNull();
      // still a minor: still hidden from strangers' search
      const other = await signUp('outro_teen');
      expect((await other.client.rpc('search_users', { p_query: 'teen_safe' })).data).toEqual([]);
    });
  });

  describe('blocks', () => {
    let blocker: Person, blocked: Person, stranger: Person, admin: Person;
    let notebook: { notebookId: string; questionId: string };
    let theirs: { notebookId: string; questionId: string };
    let code: string;

    beforeAll(async () => {
      blocker = await signUp('bloqueia');
      blocked = await signUp('bloqueado');
      stranger = await signUp('alheia_bl');
      admin = await signUp('admin_bl');
      await server.serviceClient().from('user_roles').insert({ user_id: admin.id, role: 'admin' });
      notebook = await notebookOf(blocker, 'Caderno de quem bloqueia');
      theirs = await notebookOf(blocked, 'Caderno de quem foi bloqueado');
      expect(await shareWith(blocker, notebook.notebookId, blocked)).toBeNull();
      expect(await shareWith(blocked, theirs.notebookId, blocker)).toBeNull();
      code = (await blocker.client.rpc('create_invite_link', { p_notebook_id: notebook.notebookId })).data.code;
    });

    test('RLS: a person blocks in their own name, reads and removes only their own blocks; admins read them; visitors nothing', async () => {
      expect((await server.anonClient().from('blocks').select('*')).error?.code).toBe('42501');
      expect((await server.anonClient().from('blocks').insert({ blocker_id: blocker.id, blocked_id: blocked.id })).error?.code).toBe('42501');
      const forged = await stranger.client.from('blocks').insert({ blocker_id: blocker.id, blocked_id: stranger.id });
      expect(forged.error?.code).toBe('42501');
      expect((await blocker.client.from('blocks').insert({ blocked_id: blocker.id })).error?.code).toBe('23514');

      const { error } = await blocker.client.from('blocks').insert({ blocked_id: blocked.id });
      expect(error).toBeNull();
      expect((await blocker.client.from('blocks').select('blocker_id, blocked_id')).data).toEqual([{ blocker_id: blocker.id, blocked_id: blocked.id }]);
      expect((await blocker.client.rpc('my_blocks')).data).toEqual([expect.objectContaining({ blocked_id: blocked.id, username: 'bloqueado' })]);
      // the blocked person is never told; a stranger sees nothing; an admin reads it
      expect((await blocked.client.from('blocks').select('*')).data).toEqual([]);
      expect((await stranger.client.from('blocks').select('*')).data).toEqual([]);
      expect((await admin.client.from('blocks').select('blocked_id').eq('blocker_id', blocker.id)).data).toEqual([{ blocked_id: blocked.id }]);
      // nobody but the blocker removes it
      expect((await blocked.client.from('blocks').delete().eq('blocker_id', blocker.id).select()).data).toEqual([]);
      expect((await stranger.client.from('blocks').delete().eq('blocker_id', blocker.id).select()).data).toEqual([]);
      expect((await blocker.client.from('blocks').select('id')).data).toHaveLength(1);
    });

    test('the blocked person no longer sees the profile, finds it, answers, or joins the notebooks', async () => {
      // the profile
      expect((await blocked.client.rpc('profile_view', { p_username: 'bloqueia' })).data).toBeNull();
      // the block is never announced: no notice the blocked person reads names the blocker
      expect((await blocked.client.from('profile_notices').select('id, profile_id').eq('profile_id', blocker.id)).data).toEqual([]);
      expect((await blocked.client.from('profiles').select('id').eq('id', blocker.id)).data).toEqual([]);
      expect((await stranger.client.rpc('profile_view', { p_username: 'bloqueia' })).data).toMatchObject({ username: 'bloqueia' });
      // search, both ways
      expect((await blocked.client.rpc('search_users', { p_query: 'bloqueia' })).data).toEqual([]);
      expect((await blocker.client.rpc('search_users', { p_query: 'bloqueado' })).data).toEqual([]);
      expect((await stranger.client.rpc('search_users', { p_query: 'bloqueia' })).data).toHaveLength(1);
      // the share is gone, the code and the public link do not bring them back
      expect((await blocked.client.from('notebooks').select('id').eq('id', notebook.notebookId)).data).toEqual([]);
      expect((await blocked.client.rpc('redeem_invite', { p_code: code })).error?.hint).toBe('access_removed');
      expect((await blocked.client.rpc('redeem_invite', { p_code: notebook.notebookId })).error?.hint).toBe('access_removed');
      // answering
      const answer = await blocked.client.from('answers').insert({ question_id: notebook.questionId, text: 'Oi' });
      expect(answer.error?.code).toBe('42501');
      // the owner cannot add them back while the block stands
      expect((await shareWith(blocker, notebook.notebookId, blocked))?.hint).toBe('not_allowed');
    });

    test('the blocker stops seeing the blocked person\'s notebooks, and the blocked person cannot add them', async () => {
      expect((await blocker.client.from('notebooks').select('id').eq('id', theirs.notebookId)).data).toEqual([]);
      expect((await shareWith(blocked, theirs.notebookId, blocker))?.hint).toBe('not_allowed');
    });

    test('unblocking: the profile and search come back; the owner lets them in again', async () => {
      const { error } = await blocker.client.from('blocks').delete().eq('blocked_id', blocked.id);
      expect(error).toBeNull();
      expect((await blocked.client.rpc('profile_view', { p_username: 'bloqueia' })).data).toMatchObject({ username: 'bloqueia' });
      expect((await blocked.client.rpc('search_users', { p_query: 'bloqueia' })).data).toHaveLength(1);
      expect(await shareWith(blocker, notebook.notebookId, blocked)).toBeNull();
      expect((await blocked.client.from('answers').insert({ question_id: notebook.questionId, text: 'Voltei' })).error).toBeNull();
    });
  });

  describe('your data', () => {
    test('export: everything the person wrote, and nothing of others\' or of the secret', async () => {
      const me = await signUp('exporta', { birth_date: bornYearsAgo(20) });
      const friend = await signUp('amiga_exp');
      const mine = await notebookOf(me, 'Meu caderno exportado');
      const hers = await notebookOf(friend, 'Caderno dela');
      expect(await shareWith(friend, hers.notebookId, me)).toBeNull();
      expect(await shareWith(me, mine.notebookId, friend)).toBeNull();
      expect((await me.client.from('answers').insert({ question_id: hers.questionId, text: 'Azul, sempre', is_anonymous: true })).error).toBeNull();
      expect((await friend.client.from('answers').insert({ question_id: mine.questionId, text: 'Resposta da amiga' })).error).toBeNull();

      const { data, error } = await me.client.rpc('export_my_data');
      expect(error).toBeNull();
      expect(data.format).toBe('cadernos-export-1');
      expect(data.profile).toMatchObject({ id: me.id, username: 'exporta' });
      expect(data.settings).not.toHaveProperty('answer_secret');
      expect(data.age_and_guardian).toMatchObject({ birth_date: bornYearsAgo(20) });
      expect(data.notebooks.map((n: { title: string }) => n.title)).toEqual(['Meu caderno exportado']);
      expect(data.notebooks[0].questions.map((q: { text: string }) => q.text)).toEqual(['Qual sua cor favorita?']);
      expect(data.answers.map((a: { text: string }) => a.text)).toEqual(['Azul, sempre']);
      expect(JSON.stringify(data)).not.toContain('Resposta da amiga');
      expect(JSON.stringify(data)).not.toContain('replication_xid');
      expect((await server.anonClient().rpc('export_my_data')).error?.code).toBe('42501');
    });

    test('delete: the right username is needed; then the notebooks and answers are gone, the profile says removed with nothing of the person, and every session ends', async () => {
      const me = await signUp('apaga');
      const friend = await signUp('amiga_apaga');
      const otherDevice = server.anonClient();
      const signedIn = await otherDevice.auth.signInWithPassword({ email: me.email, password: PASSWORD });
      expect(signedIn.error).toBeNull();
      const mine = await notebookOf(me, 'Vai sumir');
      const hers = await notebookOf(friend, 'Fica');
      expect(await shareWith(friend, hers.notebookId, me)).toBeNull();
      expect((await me.client.from('answers').insert({ question_id: hers.questionId, text: 'Some junto' })).error).toBeNull();

      const mistaken = await me.client.rpc('delete_my_account', { p_username: 'outra_pessoa' });
      expect(mistaken.error?.hint).toBe('confirmation_mismatch');
      expect((await server.anonClient().rpc('delete_my_account', { p_username: 'apaga' })).error?.code).toBe('42501');

      const { error } = await me.client.rpc('delete_my_account', { p_username: 'APAGA' });
      expect(error).toBeNull();
      const service = server.serviceClient();
      const { data: profile } = await service.from('profiles').select('username, display_name, account_status').eq('id', me.id).single();
      expect(profile).toEqual({ username: expect.stringMatching(/^removido_/), display_name: null, account_status: 'deleted' });
      expect((await friend.client.rpc('search_users', { p_query: 'apaga' })).data).toEqual([]);
      expect((await service.from('notebooks').select('id').eq('id', mine.notebookId)).data).toEqual([]);
      expect((await service.from('answers').select('id').eq('notebook_id', hers.notebookId)).data).toEqual([]);
      expect((await service.from('notebooks').select('id').eq('id', hers.notebookId)).data).toHaveLength(1);
      // signed out everywhere: the other device's refresh token no longer works, nor a password sign-in
      const refreshed = await otherDevice.auth.refreshSession();
      expect(refreshed.error).not.toBeNull();
      expect((await server.anonClient().auth.signInWithPassword({ email: me.email, password: PASSWORD })).error).not.toBeNull();
    });
  });
});
