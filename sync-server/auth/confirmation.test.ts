import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { signUpAdult } from '../test-people.ts';
import { fragmentParams, latestMail, mailbox, uniqueEmail } from './test-helpers.ts';

const PASSWORD = 'correct horse 1';

describe.each(TEST_BACKENDS)('auth/v1 on $name with e-mail confirmation on', ({ postgresServerUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl, emailConfirmation: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signUp(label: string) {
    const email = uniqueEmail(label);
    const { data, error } = await signUpAdult(server.anonClient(), { email, password: PASSWORD, data: { name: label } });
    expect(error).toBeNull();
    return { email, data };
  }

  it('signs up without a session, mails a code, and verifyOtp with the code signs in', async () => {
    const { email, data } = await signUp('confirm');
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'confirm' } });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();

    const early = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const mail = await latestMail(server.url, email);
    expect(mail).toMatchObject({ type: 'signup', subject: 'Confirm Your Email' });
    const wrong = await server.anonClient().auth.verifyOtp({ email, token: mail.token === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const client = server.anonClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const verified = await client.auth.verifyOtp({ email, token: mail.token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    expect((await client.auth.getUser()).data.user?.user_metadata).toMatchObject({ name: 'confirm', email_verified: true });

    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('confirms with the token hash of the link (verifyOtp type email)', async () => {
    const { email } = await signUp('hash');
    const mail = await latestMail(server.url, email);
    const verified = await server.anonClient().auth.verifyOtp({ token_hash: mail.token_hash, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });

  it('confirms through the link: redirect with the session in the fragment', async () => {
    const { email } = await signUp('clicklink');
    const mail = await latestMail(server.url, email);
    const response = await fetch(mail.link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${server.ctx.config.siteUrl}#`)).toBe(true);
    expect(fragmentParams(location)).toMatchObject({ type: 'signup', token_type: 'bearer' });
    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('does not tell a repeated sign-up that the address is taken', async () => {
    const { email, data } = await signUp('again');
    const mail = await latestMail(server.url, email);
    await server.anonClient().auth.verifyOtp({ email, token: mail.token, type: 'signup' });

    const repeated = await server.anonClient().auth.signUp({ email, password: 'another password' });
    expect(repeated.error).toBeNull();
    expect(repeated.data.session).toBeNull();
    expect(repeated.data.user?.email).toBe(email);
    expect(repeated.data.user?.id).not.toBe(data.user?.id);
    // The real account keeps its password.
    const signIn = await server.anonClient().auth.signInWithPassword({ email, password: 'another password' });
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('resends the confirmation of a pending sign-up; only the newest code works', async () => {
    const { email } = await signUp('resend');
    const first = await latestMail(server.url, email);
    // At once: GoTrue's minute between two mails to one address.
    const tooSoon = await server.anonClient().auth.resend({ type: 'signup', email });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    // A minute later.
    await server.ctx.db.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [email]);
    expect((await server.anonClient().auth.resend({ type: 'signup', email })).error).toBeNull();
    const mails = await mailbox(server.url, email);
    expect(mails).toHaveLength(2);
    const stale = await server.anonClient().auth.verifyOtp({ email, token: first.token, type: 'signup' });
    if (first.token !== mails[0].token) expect(stale.error).toMatchObject({ code: 'otp_expired' });
    const fresh = await server.anonClient().auth.verifyOtp({ email, token: mails[0].token, type: 'signup' });
    expect(fresh.error).toBeNull();
  });

  it('signs in with a magic link code (signInWithOtp) once confirmed', async () => {
    const { email } = await signUp('magic');
    await server.anonClient().auth.verifyOtp({ email, token: (await latestMail(server.url, email)).token, type: 'signup' });
    expect((await server.anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await latestMail(server.url, email);
    expect(mail.type).toBe('magiclink');
    const verified = await server.anonClient().auth.verifyOtp({ email, token: mail.token, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);

    const stranger = await server.anonClient().auth.signInWithOtp({ email: uniqueEmail('stranger'), options: { shouldCreateUser: false } });
    expect(stranger.error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });
});
