import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AuthApiError, createClient, isAuthWeakPasswordError, type SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { ADMIN_VOUCHES_FOR_AGE, signUpAdult } from '../test-people.ts';
import { asRequester } from '../db/request-context.ts';
import { decodeJwt, fragmentParams, latestMail, mailbox, uniqueEmail } from './test-helpers.ts';

const PASSWORD = 'correct horse 1';

describe.each(TEST_BACKENDS)('auth/v1 on $name (e-mail confirmation off)', ({ postgresServerUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Signs up a fresh user and returns a client holding its session. */
  async function signedUpClient(label: string, data: Record<string, unknown> = {}) {
    const client = server.anonClient();
    const email = uniqueEmail(label);
    const { data: result, error } = await signUpAdult(client, { email, password: PASSWORD, data });
    expect(error).toBeNull();
    return { client, email, session: result.session!, user: result.user! };
  }

  async function signedInClient(email: string, password = PASSWORD): Promise<SupabaseClient> {
    const client = server.anonClient();
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return client;
  }

  it('signs up with metadata and returns a session whose user shows the metadata', async () => {
    const { client, email, session, user } = await signedUpClient('meta', { display_name: 'Ana', age: 12 });
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBeGreaterThan(3500);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ana', age: 12, email_verified: true },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/);
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id });

    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Ana', age: 12 });

    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      sub: user.id,
      email,
      phone: '',
      iss: `${server.url}/auth/v1`,
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ana', age: 12 },
    });
    expect(claims.exp).toBe(session.expires_at);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a second sign-up of the same address with user_already_exists', async () => {
    const { email } = await signedUpClient('dup');
    const { data, error } = await server.anonClient().auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
    expect(data.session).toBeNull();
  });

  it('answers invalid_credentials for a wrong password and for an unknown address alike', async () => {
    const { email } = await signedUpClient('wrongpw');
    const wrong = await server.anonClient().auth.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const unknown = await server.anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('rejects a weak password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await server.anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('rotates refresh tokens: the old token gives back the same child, then is refused once used up', async () => {
    const { client, session } = await signedUpClient('rotate');
    const first = session.refresh_token;
    const second = await client.auth.refreshSession({ refresh_token: first });
    expect(second.error).toBeNull();
    const tokenB = second.data.session!.refresh_token;
    expect(tokenB).not.toBe(first);
    expect(decodeJwt(second.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // The client lost the answer and retries with the old token: it gets the same child.
    const retry = await server.anonClient().auth.refreshSession({ refresh_token: first });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(tokenB);

    const third = await server.anonClient().auth.refreshSession({ refresh_token: tokenB });
    expect(third.error).toBeNull();
    const tokenC = third.data.session!.refresh_token;
    expect(tokenC).not.toBe(tokenB);

    // Beyond the reuse interval, a token two rotations back is refused.
    await server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first]);
    const reused = await server.anonClient().auth.refreshSession({ refresh_token: first });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    const unknown = await server.anonClient().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('keeps a chain revoked after a reuse: R1→R2→R3, R1 again is refused, and then R3 no longer works either (issue 17)', async () => {
    const { session } = await signedUpClient('theft');
    const r1 = session.refresh_token;
    const r2 = (await server.anonClient().auth.refreshSession({ refresh_token: r1 })).data.session!.refresh_token;
    const third = await server.anonClient().auth.refreshSession({ refresh_token: r2 });
    const r3 = third.data.session!.refresh_token;
    // R1 was rotated more than the reuse interval ago: presenting it now is a theft signal.
    await server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [r1]);
    const reused = await server.anonClient().auth.refreshSession({ refresh_token: r1 });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    // Whoever holds R3 (the thief or the owner) gets no new session, now or later.
    const afterRevoke = await server.anonClient().auth.refreshSession({ refresh_token: r3 });
    expect(afterRevoke.error).toMatchObject({ status: 400 });
    expect(afterRevoke.data.session).toBeNull();
    const r2Again = await server.anonClient().auth.refreshSession({ refresh_token: r2 });
    expect(r2Again.data.session).toBeNull();
    // The session's access tokens end with it (supabase-js reads session_not_found as a missing session).
    const stillIn = await fetch(`${server.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${third.data.session!.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(stillIn.status).toBe(403);
    expect(await stillIn.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('signs out with scope others, local and global', async () => {
    const { client: first, email } = await signedUpClient('logout');
    const second = await signedInClient(email);
    const third = await signedInClient(email);
    const secondRefresh = (await second.auth.getSession()).data.session!.refresh_token;

    expect((await first.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await first.auth.getUser()).error).toBeNull();
    const refused = await server.anonClient().auth.refreshSession({ refresh_token: secondRefresh });
    expect(refused.error).toMatchObject({ code: 'refresh_token_not_found' });
    const stale = await third.auth.getUser();
    expect(stale.error?.name).toBe('AuthSessionMissingError');

    const fourth = await signedInClient(email);
    expect((await fourth.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await first.auth.getUser()).error).toBeNull();

    const fifth = await signedInClient(email);
    const firstRefresh = (await first.auth.getSession()).data.session!.refresh_token;
    expect((await fifth.auth.signOut()).error).toBeNull(); // global is supabase-js's default
    const afterGlobal = await server.anonClient().auth.refreshSession({ refresh_token: firstRefresh });
    expect(afterGlobal.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('changes the password, refusing the same one, and signs other sessions out', async () => {
    const { client, email } = await signedUpClient('pwchange');
    const other = await signedInClient(email);

    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);

    const changed = await client.auth.updateUser({ password: 'a brand new one' });
    expect(changed.error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

    const old = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    await signedInClient(email, 'a brand new one');
  });

  it('merges user metadata on update; null removes a key', async () => {
    const { client } = await signedUpClient('metadata', { a: 1 });
    await client.auth.updateUser({ data: { b: 2 } });
    const { data, error } = await client.auth.updateUser({ data: { a: null, c: { nested: true } } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ b: 2, c: { nested: true }, email_verified: true });
  });

  it('an update never puts a date of birth or a guardian back into the metadata every token carries (they stay in account_safety alone, as on sign-up)', async () => {
    const { client, user } = await signedUpClient('age_update');
    const { data, error } = await client.auth.updateUser({
      data: { birth_date: '2012-03-04', guardian_email: 'mae@example.test', guardian_acknowledged: true, nickname: 'Bia' },
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ email_verified: true, nickname: 'Bia' });
    // the token made from the account after the update
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).user_metadata).toEqual({ email_verified: true, nickname: 'Bia' });
    expect((await client.auth.getUser()).data.user!.user_metadata).toEqual({ email_verified: true, nickname: 'Bia' });
    const { rows } = await server.ctx.db.query<{ metadata: Record<string, unknown>; identity: Record<string, unknown>; born: string }>(
      `select u.raw_user_meta_data as metadata, i.identity_data as identity, s.birth_date::text as born
         from auth.users u join auth.identities i on i.user_id = u.id join account_safety s on s.user_id = u.id where u.id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    for (const key of ['birth_date', 'guardian_email', 'guardian_acknowledged']) {
      expect(rows[0].metadata).not.toHaveProperty(key);
      expect(rows[0].identity).not.toHaveProperty(key);
    }
    // the date of birth is the sign-up's, unchanged
    expect(rows[0].born).toBe('1990-04-12');
  });

  it('recovers a password: mail in the mailbox, verifyOtp emits PASSWORD_RECOVERY, then a new password', async () => {
    const { email } = await signedUpClient('recover');
    const client = server.anonClient();
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await latestMail(server.url, email);
    expect(mail).toMatchObject({ to: email, type: 'recovery', subject: 'Reset Your Password' });
    expect(mail.token).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.token);
    expect(mail.link).toContain(`${server.url}/auth/v1/verify?token=${mail.token_hash}&type=recovery`);

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const verified = await client.auth.verifyOtp({ email, token: mail.token, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(events).toContain('PASSWORD_RECOVERY');

    expect((await client.auth.updateUser({ password: 'recovered pass' })).error).toBeNull();
    await signedInClient(email, 'recovered pass');

    // The code was used: it does not work twice.
    const again = await server.anonClient().auth.verifyOtp({ email, token: mail.token, type: 'recovery' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('does not reveal whether an address is registered when asked to recover it', async () => {
    const nobody = uniqueEmail('ghost');
    const { data, error } = await server.anonClient().auth.resetPasswordForEmail(nobody);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailbox(server.url, nobody)).toEqual([]);
  });

  it('redirects the recovery link to redirect_to with the session and type=recovery in the fragment', async () => {
    const { email } = await signedUpClient('link');
    await server.anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' });
    const mail = await latestMail(server.url, email);
    expect(mail.redirect_to).toBe('http://localhost:5173/reset');

    const response = await fetch(mail.link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith('http://localhost:5173/reset#')).toBe(true);
    const fragment = fragmentParams(location);
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'recovery', expires_in: '3600' });
    const { data } = await server.anonClient().auth.getUser(fragment.access_token);
    expect(data.user?.email).toBe(email);

    const used = await fetch(mail.link, { redirect: 'manual' });
    expect(fragmentParams(used.headers.get('location')!)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
  });

  it('sends a recovery link elsewhere than this site only to an allowed place', async () => {
    const { email } = await signedUpClient('evil');
    await server.anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const mail = await latestMail(server.url, email);
    expect(mail.redirect_to).toBe(server.ctx.config.siteUrl);
  });

  it('completes a PKCE recovery: the link answers ?code= and exchangeCodeForSession emits PASSWORD_RECOVERY', async () => {
    const { email } = await signedUpClient('pkce');
    const client = createClient(server.url, server.ctx.config.anonKey, {
      auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' });
    const mail = await latestMail(server.url, email);
    expect(mail.token_hash.startsWith('pkce_')).toBe(true);
    const response = await fetch(mail.link, { redirect: 'manual' });
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
    expect(code).toBeTruthy();

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');
    const replay = await client.auth.exchangeCodeForSession(code);
    expect(replay.error).toBeTruthy();
  });

  it('changes the e-mail address through a mail to the new address', async () => {
    const { client } = await signedUpClient('oldaddr');
    const newEmail = uniqueEmail('newaddr');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(newEmail);
    const mail = await latestMail(server.url, newEmail);
    expect(mail.type).toBe('email_change');
    const verified = await server.anonClient().auth.verifyOtp({ email: newEmail, token: mail.token, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(newEmail);
    await signedInClient(newEmail);
  });

  it('refuses an expired access token with bad_jwt', async () => {
    const { session } = await signedUpClient('expired');
    const claims = decodeJwt(session.access_token);
    delete claims.exp;
    delete claims.iat;
    const expired = await server.ctx.jwt.sign(claims as never, -60);
    const { error } = await server.anonClient().auth.getUser(expired);
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    const forged = session.access_token.slice(0, -4) + 'AAAA';
    expect((await server.anonClient().auth.getUser(forged)).error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('keeps a banned user out (sign-in, refresh, token) until the ban is lifted', async () => {
    const { email, user, session } = await signedUpClient('banned');
    const admin = server.serviceClient();
    expect((await admin.auth.admin.updateUserById(user.id, { ban_duration: '24h' })).error).toBeNull();

    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned' });
    const refresh = await server.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'user_banned' });
    expect((await server.anonClient().auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'user_banned' });

    expect((await admin.auth.admin.updateUserById(user.id, { ban_duration: 'none' })).error).toBeNull();
    await signedInClient(email);
  });

  it('forgets a deleted user', async () => {
    const { email, user, session } = await signedUpClient('deleted');
    expect((await server.serviceClient().auth.admin.deleteUser(user.id)).error).toBeNull();
    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
    expect((await server.anonClient().auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'user_not_found' });
    const refresh = await server.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('keeps a removed account out (spec §4): no sign-in, no refresh, no new session from a mailed code (issue 17)', async () => {
    const { client, email, user, session } = await signedUpClient('removed');
    // The person removes their own account (the database lets them set their profile to deleted).
    const removed = await client.from('profiles').update({ account_status: 'deleted' }).eq('id', user.id).select('account_status');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ account_status: 'deleted' }]);

    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_not_found' });
    expect(signIn.data.session).toBeNull();
    const refresh = await server.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'user_not_found' });
    // The app reads user_not_found as "removed" and signs out with 'Sua conta foi removida.'
    expect((await server.anonClient().auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'user_not_found' });

    expect((await server.anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await latestMail(server.url, email);
    const viaCode = await server.anonClient().auth.verifyOtp({ email, token: mail.token, type: 'recovery' });
    expect(viaCode.error).toMatchObject({ status: 400, code: 'user_not_found' });
    expect(viaCode.data.session).toBeNull();
  });

  it('keeps an account banned in its profile out like a GoTrue ban: user_banned', async () => {
    const { email, user, session } = await signedUpClient('profileban');
    await server.serviceClient().from('profiles').update({ account_status: 'banned' }).eq('id', user.id).throwOnError();
    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned' });
    const refresh = await server.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'user_banned' });
    expect((await server.anonClient().auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'user_banned' });

    await server.serviceClient().from('profiles').update({ account_status: 'active' }).eq('id', user.id).throwOnError();
    await signedInClient(email);
  });

  it('issues access tokens that auth.uid(), auth.role() and auth.jwt() read in Postgres', async () => {
    const { session, user, email } = await signedUpClient('uid');
    const claims = await server.ctx.jwt.verify(session.access_token);
    const { rows } = await asRequester(server.ctx.db, claims, (tx) =>
      tx.query<{ uid: string; role: string; email: string; current: string }>(
        `select auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'email' as email, current_user::text as current`,
      ),
    );
    expect(rows[0]).toEqual({ uid: user.id, role: 'authenticated', email, current: 'authenticated' });
  });

  it('lets the service role create, list, read and update users', async () => {
    const admin = server.serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { name: 'Bea' }, app_metadata: ADMIN_VOUCHES_FOR_AGE });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const listed = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.some((u) => u.id === id)).toBe(true);
    const updated = await admin.updateUserById(id, { app_metadata: { admin: true }, user_metadata: { name: 'Bia' } });
    expect(updated.data.user).toMatchObject({ app_metadata: { admin: true, provider: 'email' }, user_metadata: { name: 'Bia' } });
    await signedInClient(email);

    const notAdmin = await server.anonClient().auth.admin.listUsers();
    expect(notAdmin.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('answers GoTrue error shapes with and without X-Supabase-Api-Version', async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/auth/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: server.ctx.config.anonKey, ...headers },
        body,
      });
    const credentials = JSON.stringify({ email: uniqueEmail('shape'), password: 'whatever1' });

    const initial = await post('/token?grant_type=password', credentials);
    expect(initial.status).toBe(400);
    expect(initial.headers.get('x-supabase-api-version')).toBeNull();
    expect(await initial.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });

    const current = await post('/token?grant_type=password', credentials, { 'X-Supabase-Api-Version': '2024-01-01' });
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await current.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });

    const malformed = await post('/signup', '{"email": ', { 'X-Supabase-Api-Version': '2024-01-01' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'bad_json' });

    const wrongType = await post('/signup', JSON.stringify({ email: 42, password: 'x' }), { 'X-Supabase-Api-Version': '2024-01-01' });
    expect(wrongType.status).toBe(400);

    const noRefresh = await post('/token?grant_type=refresh_token', '{}');
    expect(noRefresh.status).toBe(400);
    expect(await noRefresh.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });

    const noBearer = await fetch(`${server.url}/auth/v1/user`, { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });

    const anonAsUser = await fetch(`${server.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${server.ctx.config.anonKey}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(anonAsUser.status).toBe(403);
    expect(await anonAsUser.json()).toMatchObject({ code: 'bad_jwt' });

    const grant = await post('/token?grant_type=magic', '{}', { 'X-Supabase-Api-Version': '2024-01-01' });
    expect(grant.status).toBe(400);
  });

  it('answers 400, not 500, to input Postgres refuses (a NUL character in metadata)', async () => {
    const { client } = await signedUpClient('nul');
    const { error } = await client.auth.updateUser({ data: { name: 'a\u0000b' } });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    const signUp = await server.anonClient().auth.signUp({ email: uniqueEmail('nul'), password: PASSWORD, options: { data: { x: '\u0000' } } });
    expect(signUp.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it.each([
    ['unicode letters', 'joão_ñ'],
    ['quotes', `o'brien"x`],
    ['5,000 characters', 'a'.repeat(5_000)],
    ['an RTL override', 'abc\u202Edef'],
    ['a zero-width space', 'ana\u200Bmaria'],
    ['spaces inside', 'ana maria'],
    ['too short', 'ab'],
  ])('refuses a username with %s with 422 validation_failed and the username rule, not a 500 (issue 17)', async (_, username) => {
    const email = uniqueEmail('badname');
    const { data, error } = await signUpAdult(server.anonClient(), { email, password: PASSWORD, username });
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Username must be 3 to 20 characters: letters, numbers, underscore or hyphen.',
    });
    expect(data.user).toBeNull();
    // Nothing was kept: the address is still free.
    const retry = await signUpAdult(server.anonClient(), { email, password: PASSWORD, username: 'fine_name' + Math.floor(Math.random() * 1e6) });
    expect(retry.error).toBeNull();
  });

  it('answers a username someone already has as GoTrue does: 500, the trigger\'s 23505 passed through on the initial API (issue 18)', async () => {
    const username = `taken${Math.floor(Math.random() * 1e9)}`;
    await signedUpClient('first', { username });
    const signUp = (headers: Record<string, string>) =>
      fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: server.ctx.config.anonKey, ...headers },
        body: JSON.stringify({ email: uniqueEmail('second'), password: PASSWORD, data: { username: username.toUpperCase() } }),
      });
    const v2024 = await signUp({ 'X-Supabase-Api-Version': '2024-01-01' });
    expect(v2024.status).toBe(500);
    expect(await v2024.json()).toEqual({ code: 'unexpected_failure', message: 'Database error saving new user' });
    const initial = await signUp({});
    expect(initial.status).toBe(500);
    expect(await initial.json()).toEqual({ code: '23505', message: 'Username is already taken', hint: 'username_taken' });
    // supabase-js sees what it sees on Supabase: a 5xx, no words (the app asks username_available)
    const { error } = await server.anonClient().auth.signUp({ email: uniqueEmail('third'), password: PASSWORD, options: { data: { username } } });
    expect(error).toMatchObject({ name: 'AuthRetryableFetchError', status: 500 });
  });

  it('caps the sign-up metadata at 8 KiB: a 900 KB display name is refused with 422 and never becomes a profile', async () => {
    const email = uniqueEmail('huge');
    const { error } = await server.anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { username: `huge${Math.floor(Math.random() * 1e6)}`, display_name: 'x'.repeat(900_000) } },
    });
    expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(error?.message).toMatch(/metadata/i);
    const { rows } = await server.ctx.db.query(`select 1 from auth.users where email = $1`, [email]);
    expect(rows).toEqual([]);

    const otp = await server.anonClient().auth.signInWithOtp({ email, options: { data: { display_name: 'x'.repeat(9_000) } } });
    expect(otp.error).toMatchObject({ status: 422, code: 'validation_failed' });

    // Updates too: each one small, together over the cap.
    const { client } = await signedUpClient('grow');
    expect((await client.auth.updateUser({ data: { a: 'x'.repeat(5_000) } })).error).toBeNull();
    const grown = await client.auth.updateUser({ data: { b: 'x'.repeat(5_000) } });
    expect(grown.error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect((await client.auth.getUser()).data.user?.user_metadata.b).toBeUndefined();
    // Metadata of a normal size is fine.
    expect((await signedUpClient('normal', { username: `normal${Math.floor(Math.random() * 1e6)}`, display_name: 'Ana Maria' })).user).toBeTruthy();
  });

  it('does not build recovery links from a forged Host header', async () => {
    const { email } = await signedUpClient('host');
    const { port } = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: '/auth/v1/recover', method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ email }));
    });
    expect(status).toBe(200);
    const mail = await latestMail(server.url, email);
    expect(mail.link.startsWith(`${new URL(server.ctx.config.siteUrl).origin}/auth/v1/verify?`)).toBe(true);
    expect(mail.link).not.toContain('evil.example');
  });

  it('serves settings, health and the mailbox page', async () => {
    const settings = await (await fetch(`${server.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ external: { email: true, phone: false }, mailer_autoconfirm: true, disable_signup: false });
    const health = await (await fetch(`${server.url}/auth/v1/health`)).json();
    expect(health).toMatchObject({ name: 'GoTrue' });

    const { email } = await signedUpClient('page');
    await server.anonClient().auth.resetPasswordForEmail(email);
    const page = await fetch(`${server.url}/auth/v1/mailbox?to=${encodeURIComponent(email)}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Reset Your Password');
    expect(html).toContain('/auth/v1/verify?token=');
  });
});
