/**
 * The guardian's mail sent again, or to a corrected address (issue 22): the edge function
 * guardian-mail through the sync-server (supabase-js `functions.invoke`, its mailbox as the
 * sender) on PGlite and on PostgreSQL. The rules are the database's (20261124120100_guardian_mail.sql):
 * one mail a minute and five a day, a new link ends the older ones, a pending minor only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';
import guardianMailHandler from '../functions/guardian-mail/handler.ts';
import { httpMailSender, MailDeliveryError } from '../functions/_shared/mail.ts';

interface Person {
  id: string;
  username: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

interface Mail {
  type: string;
  subject: string;
  link: string;
  text: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  retryAfter: string | null;
}

const PASSWORD = 'Senha-forte-1';

/** A date `years` years (and a day) before today, as the sign-up form sends it. */
function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

describe.each(TEST_BACKENDS)('guardian-mail on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let run = 0;

  const unique = (name: string) => `${name}-${Date.now().toString(36)}-${run++}`;

  async function signUp(username: string, data: Record<string, unknown> = { birth_date: bornYearsAgo(30) }): Promise<Person> {
    const client = server.anonClient();
    const email = `${unique(username)}@example.test`;
    const { data: signedUp, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { username, ...data }, emailRedirectTo: 'http://127.0.0.1:5173/' },
    });
    if (error || !signedUp.session || !signedUp.user) throw error ?? new Error('no session after sign-up');
    return { id: signedUp.user.id, username, email, token: signedUp.session.access_token, client };
  }

  const minor = (username: string, guardian: string) =>
    signUp(username, { birth_date: bornYearsAgo(14), guardian_email: guardian, guardian_acknowledged: true });

  /** What the app does: supabase-js functions.invoke, with the error's status and body read back. */
  async function invoke(person: SupabaseClient, body?: unknown): Promise<Answer> {
    const { data, error } = await person.functions.invoke('guardian-mail', body === undefined ? {} : { body: body as object });
    if (!error) return { status: 200, body: data, retryAfter: null };
    if (!(error instanceof FunctionsHttpError)) throw error;
    const response = error.context as Response;
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
  }

  async function mailsTo(address: string): Promise<Mail[]> {
    const res = await fetch(`${server.url}/auth/v1/mailbox.json?to=${encodeURIComponent(address)}`);
    expect(res.status).toBe(200);
    return res.json();
  }

  const tokenOf = (mail: Mail) => new URL(mail.link).pathname.replace(/^(\/en)?\/guardian\//, '');

  /** A minute (or a day) goes by for this account's mails: its links are dated back. */
  async function timePasses(person: Person, interval: string) {
    await server.ctx.db.query(`update private.guardian_links set created_at = created_at - $2::interval where user_id = $1`, [person.id, interval]);
  }

  const confirm = (token: string) => server.anonClient().rpc('confirm_guardian', { p_token: token });

  async function guardianState(person: Person) {
    const { data, error } = await person.client.from('account_safety').select('guardian_email, guardian_confirmed_at, guardian_mailed_at').single();
    expect(error).toBeNull();
    return data!;
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => server?.close());

  test('sent again: one a minute (429 with when to retry), then a new mail whose link confirms while the older one no longer does', async () => {
    const guardian = `${unique('mae')}@example.test`;
    const teen = await minor('teen_resend', guardian);
    const [atSignUp] = await mailsTo(guardian);
    expect(atSignUp).toMatchObject({ type: 'guardian_consent', subject: 'Confirme a conta de teen_resend no Cadernos' });
    // The sign-up's mail is on record: the app sends the first mail only when there is none.
    expect((await guardianState(teen)).guardian_mailed_at).toBeTruthy();

    const tooSoon = await invoke(teen.client);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ code: 'guardian_mail_rate_limited' });
    const seconds = tooSoon.body!.retry_after_seconds as number;
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(tooSoon.retryAfter).toBe(String(seconds));
    expect(await mailsTo(guardian)).toHaveLength(1);

    await timePasses(teen, '61 seconds');
    const again = await invoke(teen.client, { language: 'en-US' });
    expect(again).toMatchObject({ status: 200, body: { guardian_email: guardian } });
    const [resent] = await mailsTo(guardian);
    expect((await mailsTo(guardian)).length).toBe(2);
    expect(resent).toMatchObject({ type: 'guardian_consent', subject: atSignUp.subject });
    expect(resent.text).toContain(resent.link);
    // The link opens the app the request came from (none here: the site URL), in English when asked.
    expect(new URL(resent.link).pathname).toMatch(/^\/en\/guardian\/[0-9a-f]{64}$/);
    expect(new URL(resent.link).origin).toBe(server.ctx.config.siteUrl);

    expect((await confirm(tokenOf(atSignUp))).error?.hint).toBe('guardian_link_invalid');
    expect((await confirm(tokenOf(resent))).data).toEqual({ username: 'teen_resend', already_confirmed: false });
    expect((await guardianState(teen)).guardian_confirmed_at).toBeTruthy();

    // Confirmed: nothing is pending any more.
    await timePasses(teen, '61 seconds');
    expect(await invoke(teen.client)).toMatchObject({ status: 409, body: { code: 'guardian_not_pending' } });
  });

  test("a mistyped address corrected: the new guardian's link confirms (the defaults loosen), the old guardian's no longer does", async () => {
    const typo = `${unique('mae')}@exmaple.test`;
    const right = `${unique('mae')}@example.test`;
    const teen = await minor('teen_typo', typo);
    const [toTypo] = await mailsTo(typo);
    expect(toTypo).toBeDefined();

    // Right after the sign-up: a corrected address need not wait for the minute (the typo's does).
    const changed = await invoke(teen.client, { guardianEmail: `  ${right.toUpperCase()} ` });
    expect(changed).toMatchObject({ status: 200, body: { guardian_email: right } });
    expect((await guardianState(teen)).guardian_email).toBe(right);
    const [toRight] = await mailsTo(right);
    expect(toRight).toMatchObject({ type: 'guardian_consent', subject: 'Confirme a conta de teen_typo no Cadernos' });
    expect(await mailsTo(typo)).toHaveLength(1);
    // The new address has its minute too; a refused request changes nothing.
    expect(await invoke(teen.client)).toMatchObject({ status: 429, body: { code: 'guardian_mail_rate_limited' } });
    expect(await invoke(teen.client, { guardianEmail: right })).toMatchObject({ status: 429 });
    expect(await mailsTo(right)).toHaveLength(1);
    await timePasses(teen, '61 seconds');
    expect(await invoke(teen.client)).toMatchObject({ status: 200, body: { guardian_email: right } });
    const [toRightAgain] = await mailsTo(right);

    for (const stale of [toTypo, toRight]) expect((await confirm(tokenOf(stale))).error?.hint).toBe('guardian_link_invalid');
    expect((await confirm(tokenOf(toRightAgain))).data).toEqual({ username: 'teen_typo', already_confirmed: false });
    const { data: profile } = await teen.client.from('profiles').select('connections_visibility').eq('id', teen.id).single();
    expect(profile?.connections_visibility).toBe('friends');
    // Once confirmed, the minor alone cannot replace the guardian.
    await timePasses(teen, '61 seconds');
    expect(await invoke(teen.client, { guardianEmail: `${unique('outro')}@example.test` })).toMatchObject({
      status: 409,
      body: { code: 'guardian_not_pending' },
    });
    expect((await guardianState(teen)).guardian_email).toBe(right);
  });

  test('five mails a day: the sixth waits until the first of them is a day old', async () => {
    const guardian = `${unique('pai')}@example.test`;
    const teen = await minor('teen_daily', guardian);
    for (let mail = 2; mail <= 5; mail++) {
      await timePasses(teen, '2 minutes');
      expect((await invoke(teen.client)).status).toBe(200);
    }
    await timePasses(teen, '2 minutes');
    const sixth = await invoke(teen.client);
    expect(sixth.status).toBe(429);
    // The sign-up's mail, now 10 minutes old, leaves the day's count in 23 h 50 min.
    const seconds = sixth.body!.retry_after_seconds as number;
    expect(seconds).toBeGreaterThan(23 * 3600);
    expect(seconds).toBeLessThanOrEqual(24 * 3600 - 600);
    expect(await mailsTo(guardian)).toHaveLength(5);

    await timePasses(teen, '1 day');
    expect((await invoke(teen.client)).status).toBe(200);
  });

  test('an adult, a visitor and a stranger cannot use it; the app roles cannot mint links or change a guardian themselves', async () => {
    const guardian = `${unique('mae')}@example.test`;
    const teen = await minor('teen_guarded', guardian);
    const adult = await signUp('adulto_gm');
    await timePasses(teen, '61 seconds');

    expect(await invoke(adult.client)).toMatchObject({ status: 409, body: { code: 'guardian_not_pending' } });
    expect(await invoke(adult.client, { guardianEmail: `${unique('x')}@example.test` })).toMatchObject({
      status: 409,
      body: { code: 'guardian_not_pending' },
    });
    expect(await invoke(server.anonClient())).toMatchObject({ status: 401, body: { code: 'not_signed_in' } });
    // A stranger naming the minor's account: the function acts on the caller only.
    expect(await invoke(adult.client, { userId: teen.id, guardianEmail: `${unique('x')}@example.test` })).toMatchObject({
      status: 400,
      body: { code: 'bad_body' },
    });

    for (const client of [server.anonClient(), adult.client, teen.client]) {
      const minted = await client.rpc('issue_guardian_link', { p_user_id: teen.id });
      expect(minted.error?.code).toBe('42501');
      const redirected = await client.rpc('change_guardian_email', { p_user_id: teen.id, p_guardian_email: 'evil@example.test' });
      expect(redirected.error?.code).toBe('42501');
      const rate = await client.from('account_safety').update({ guardian_mailed_at: null }).eq('user_id', teen.id).select();
      expect(rate.data ?? []).toEqual([]);
    }
    expect((await guardianState(teen)).guardian_email).toBe(guardian);
    expect(await mailsTo(guardian)).toHaveLength(1);
  });

  test('bad requests get a 4xx with a code, and change nothing', async () => {
    const guardian = `${unique('mae')}@example.test`;
    const teen = await minor('teen_bad', guardian);
    await timePasses(teen, '61 seconds');

    const raw = async (init: RequestInit) => {
      const res = await fetch(`${server.url}/functions/v1/guardian-mail`, {
        method: 'POST',
        ...init,
        headers: { apikey: server.ctx.config.anonKey, Authorization: `Bearer ${teen.token}`, 'Content-Type': 'application/json', ...init.headers },
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await raw({ body: 'not json' })).toMatchObject({ status: 400, body: { code: 'bad_body' } });
    expect(await raw({ body: '[]' })).toMatchObject({ status: 400, body: { code: 'bad_body' } });
    expect(await raw({ body: 'null' })).toMatchObject({ status: 400, body: { code: 'bad_body' } });
    expect(await raw({ method: 'GET' })).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    for (const body of [{ guardianEmail: 42 }, { guardianEmail: 'a'.repeat(300) + '@example.test' }, { language: 'fr' }, { guardianEmail: null }]) {
      expect(await invoke(teen.client, body), JSON.stringify(body).slice(0, 40)).toMatchObject({ status: 400, body: { code: 'bad_body' } });
    }
    for (const address of ['sem-arroba', 'a@b', 'dois@@example.test', 'com espaço@example.test']) {
      expect(await invoke(teen.client, { guardianEmail: address }), address).toMatchObject({ status: 422, body: { code: 'guardian_email' } });
    }
    expect(await invoke(teen.client, { guardianEmail: teen.email.toUpperCase() })).toMatchObject({
      status: 422,
      body: { code: 'guardian_email_own' },
    });
    expect((await guardianState(teen)).guardian_email).toBe(guardian);
    expect(await mailsTo(guardian)).toHaveLength(1);
    // Still usable after all that.
    expect((await invoke(teen.client, {})).status).toBe(200);
  });

  test("without a mail sender the function says so (503), and the hosted sender posts Resend's body and reports a refusal", async () => {
    const teen = await minor('teen_hosted', `${unique('mae')}@example.test`);
    await timePasses(teen, '61 seconds');
    const env = { supabaseUrl: server.url, anonKey: server.ctx.config.anonKey, serviceRoleKey: server.ctx.config.serviceRoleKey };
    const request = () =>
      new Request('http://functions.local/guardian-mail', {
        method: 'POST',
        headers: { Authorization: `Bearer ${teen.token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
    const unconfigured = await guardianMailHandler(request(), env);
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toMatchObject({ code: 'mail_not_configured' });

    // A stand-in for the mail API (what cannot run here): a local HTTP server that records.
    const received: { auth?: string; body: Record<string, unknown> }[] = [];
    let answer = 200;
    const api = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(text) });
        res.writeHead(answer, { 'Content-Type': 'application/json' }).end('{"id":"1"}');
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/emails`;
      const sender = httpMailSender({ url, apiKey: 're_test', from: 'Cadernos <no-reply@cadernos.test>' });
      const sent = await guardianMailHandler(request(), { ...env, mail: { sender, appUrl: 'https://cadernos.test/ignored-path' } });
      expect(sent.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0].auth).toBe('Bearer re_test');
      expect(received[0].body).toMatchObject({
        from: 'Cadernos <no-reply@cadernos.test>',
        to: [expect.stringContaining('@example.test')],
        subject: 'Confirme a conta de teen_hosted no Cadernos',
      });
      expect(received[0].body.html).toMatch(/https:\/\/cadernos\.test\/guardian\/[0-9a-f]{64}/);

      answer = 500;
      await expect(sender.send({ to: 'x@example.test', subject: 's', text: 't', html: 'h', kind: 'guardian_consent', userId: teen.id, link: 'l' })).rejects.toBeInstanceOf(
        MailDeliveryError,
      );
      await timePasses(teen, '61 seconds');
      const failed = await guardianMailHandler(request(), { ...env, mail: { sender, appUrl: 'https://cadernos.test' } });
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({ code: 'mail_failed' });
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
