/**
 * The seasonal store's payments (issue 35) through the real sync-server, on PGlite and Postgres:
 * a beta person starts a checkout (the real total fixed), the local provider's page pays, fails or
 * cancels, and its signed callback grants the item exactly once — a replayed callback, callbacks
 * raced together, a forged one (another key) and an unsigned one grant nothing more. A minor's
 * purchase waits for the guardian (mailed, confirmed or declined on the guardian's page) and is
 * paid only after a confirmation; bad input is a 4xx, never a 500.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAdult } from '../test-people.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { callbackBody, localPaymentsKey, signCallback } from './local.ts';

interface Person {
  id: string;
  token: string;
}

let run = 0;
const unique = () => `${randomBytes(3).toString('hex')}${run++}`;

describe.each(TEST_BACKENDS)('payments ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let buyer: Person;
  let minor: Person;
  let outsider: Person;
  let key: Buffer;

  async function signUp(label: string): Promise<Person> {
    const username = `${label}_${unique()}`;
    const { data, error } = await signUpAdult(server.anonClient(), { email: `${username}@example.test`, password: 'Senha-forte-1', username });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, token: data.session.access_token };
  }

  async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await server.ctx.db.query(text, params)).rows as Row[];
  }

  async function newItem(name: string, price: number, currency = 'BRL'): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into public.seasonal_items (name, category, grants_ref, season_id, season_name, item_type, price_cents, currency)
       values ($1, 'theme', 'galaxy', 'verao-2026', 'Verão 2026', 'exclusive', $2, $3) returning id`,
      [name, price, currency],
    );
    return row.id;
  }

  async function checkout(as: Person | null, body: unknown) {
    const response = await fetch(`${server.url}/payments/v1/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(as ? { authorization: `Bearer ${as.token}` } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function callback(raw: string, signature?: string) {
    const response = await fetch(`${server.url}/payments/v1/local/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-payment-signature': signature } : {}) },
      body: raw,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function owned(person: Person, item: string): Promise<number> {
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.store_entitlements where user_id = $1 and item_id = $2`, [person.id, item]);
    return n;
  }

  async function status(purchase: string): Promise<string> {
    const [row] = await sql<{ status: string }>(`select status from public.store_purchases where id = $1`, [purchase]);
    return row.status;
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    key = localPaymentsKey(server.ctx.config.jwtSecret);
    buyer = await signUp('comprador');
    minor = await signUp('menor');
    outsider = await signUp('fora');
    await sql(`insert into public.store_beta_access (user_id) values ($1), ($2)`, [buyer.id, minor.id]);
    await sql(
      `update public.account_safety set birth_date = (now() - interval '15 years')::date, guardian_email = 'mae@example.test', guardian_confirmed_at = now() where user_id = $1`,
      [minor.id],
    );
  }, 120_000);
  afterAll(async () => server?.close());

  test('the checkout page pays: the real total shown, the item granted once, back to the success page', async () => {
    const item = await newItem('Tema Galáxia', 1290);
    const begun = await checkout(buyer, { item_id: item, return_to: 'http://127.0.0.1:5173/en/loja-sazonal', language: 'en-US' });
    expect(begun.status).toBe(200);
    expect(begun.body).toMatchObject({ item_name: 'Tema Galáxia', amount_cents: 1290, currency: 'BRL' });
    const page = await fetch(String(begun.body.checkout_url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('R$'); // Intl in English still shows the real currency
    expect(html).toContain('12.90');
    expect(html).toContain('No recurring charge');

    const purchase = String(begun.body.purchase_id);
    const paid = await fetch(`${server.url}/payments/v1/local/checkout/${purchase}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'paid', return_to: 'http://127.0.0.1:5173/en/loja-sazonal', lang: 'en-US' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:5173/en/loja-sazonal/sucesso?purchase=${purchase}`);
    expect(await owned(buyer, item)).toBe(1);
    expect(await status(purchase)).toBe('paid');
    // pressing "cancel" afterwards (a second tab) changes nothing and goes to the success page
    const again = await fetch(`${server.url}/payments/v1/local/checkout/${purchase}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'cancelled', return_to: 'https://evil.example/loja-sazonal' }),
      redirect: 'manual',
    });
    expect(again.headers.get('location')).toBe(`${new URL('/loja-sazonal', server.ctx.config.siteUrl)}/sucesso?purchase=${purchase}`);
    expect(await status(purchase)).toBe('paid');
    // buying what one owns is refused
    expect(await checkout(buyer, { item_id: item })).toMatchObject({ status: 409, body: { code: 'already_owned' } });
  });

  test('a failed and a cancelled checkout grant nothing and return to the store with the outcome', async () => {
    const item = await newItem('Papel Kraft', 500, 'USD');
    for (const outcome of ['failed', 'cancelled'] as const) {
      const begun = await checkout(buyer, { item_id: item, return_to: `${server.url}/loja-sazonal` });
      const purchase = String(begun.body.purchase_id);
      const response = await fetch(`${server.url}/payments/v1/local/checkout/${purchase}`, {
        method: 'POST',
        body: new URLSearchParams({ outcome, return_to: `${server.url}/loja-sazonal` }),
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`${server.url}/loja-sazonal?purchase=${purchase}&result=${outcome}`);
      expect(await status(purchase)).toBe(outcome);
      expect(await owned(buyer, item)).toBe(0);
    }
  });

  test('a replayed callback, raced callbacks, a forged and an unsigned one grant nothing more', async () => {
    const item = await newItem('Adesivos de verão', 700);
    const purchase = String((await checkout(buyer, { item_id: item })).body.purchase_id);
    const raw = callbackBody(purchase, 'paid', 'ref-1');

    // unsigned, forged (another key), tampered (signed body changed), stale: 401, nothing settled
    expect(await callback(raw)).toMatchObject({ status: 401, body: { code: 'bad_signature' } });
    expect(await callback(raw, signCallback(Buffer.from('not-the-key'), raw))).toMatchObject({ status: 401 });
    expect(await callback(raw.replace('ref-1', 'ref-2'), signCallback(key, raw))).toMatchObject({ status: 401 });
    expect(await callback(raw, signCallback(key, raw, Date.now() - 3_600_000))).toMatchObject({ status: 401 });
    expect(await callback('{"purchase_id":1}', signCallback(key, '{"purchase_id":1}'))).toMatchObject({ status: 401 });
    expect(await status(purchase)).toBe('pending');
    expect(await owned(buyer, item)).toBe(0);

    // raced: eight signed callbacks at once (paid and cancelled mixed), one settles
    const signatures = Array.from({ length: 8 }, (_, i) => {
      const body = callbackBody(purchase, i % 2 ? 'cancelled' : 'paid', `race-${i}`);
      return [body, signCallback(key, body)] as const;
    });
    const answers = await Promise.all(signatures.map(([body, signature]) => callback(body, signature)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.settled_now === true)).toHaveLength(1);
    const finalStatus = await status(purchase);
    expect(answers.filter((a) => a.body.granted === true)).toHaveLength(finalStatus === 'paid' ? 1 : 0);
    expect(await owned(buyer, item)).toBe(finalStatus === 'paid' ? 1 : 0);

    // replayed: the same signed callback again
    const [body, signature] = signatures[0];
    expect(await callback(body, signature)).toMatchObject({ status: 200, body: { granted: false, settled_now: false, status: finalStatus } });
    expect(await owned(buyer, item)).toBe(finalStatus === 'paid' ? 1 : 0);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.store_entitlements where item_id = $1`, [item]);
    expect(n).toBe(finalStatus === 'paid' ? 1 : 0);

    // an unknown purchase
    const unknown = callbackBody('00000000-0000-4000-8000-000000000000', 'paid');
    expect(await callback(unknown, signCallback(key, unknown))).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  test("a minor's purchase waits for the guardian: mailed like the safe sign-up, paid only after the guardian confirms, granted once", async () => {
    const item = await newItem('Capa dourada', 990);
    const mails = async () =>
      sql<{ kind: string; subject: string; body_text: string; link: string }>(
        `select kind, subject, body_text, link from auth.mailbox where recipient = 'mae@example.test' and kind = 'guardian_purchase' order by id`,
      );
    const before = (await mails()).length;
    const asked = await checkout(minor, { item_id: item, language: 'pt-BR' });
    expect(asked).toMatchObject({ status: 202, body: { status: 'awaiting_guardian', item_name: 'Capa dourada', amount_cents: 990, currency: 'BRL' } });
    expect(asked.body).not.toHaveProperty('checkout_url');
    const purchase = String(asked.body.purchase_id);
    // asking again sends no second mail
    expect(await checkout(minor, { item_id: item })).toMatchObject({ status: 202, body: { purchase_id: purchase } });
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain('Capa dourada');
    expect(sent[0].body_text).toContain('R$\u00a09,90');
    expect(sent[0].body_text).toContain('pagamento único, sem cobrança recorrente');
    const link = sent[0].link;
    // the mail opens the app's page (as the safe sign-up's /guardian/{token}); its English part /en/…
    const site = new URL(server.ctx.config.siteUrl).origin;
    expect(link).toMatch(new RegExp(`^${site}/guardian/purchase/[0-9a-f]{64}$`));
    const token = link.split('/').pop()!;
    expect(sent[0].body_text).toContain(`${site}/en/guardian/purchase/${token}`);
    // the old address (mails sent before the page moved into the app) goes to the app's page
    const old = await fetch(`${server.url}/payments/v1/guardian/${token}`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(link);
    const oldEn = await fetch(`${server.url}/payments/v1/guardian/${token}?lang=en`, { redirect: 'manual' });
    expect(oldEn.headers.get('location')).toBe(`${site}/en/guardian/purchase/${token}`);

    // before the guardian answers nothing can pay it: the checkout page, a signed callback
    expect(await (await fetch(`${server.url}/payments/v1/local/checkout/${purchase}`)).text()).not.toContain('value="paid"');
    const early = callbackBody(purchase, 'paid');
    expect(await callback(early, signCallback(key, early))).toMatchObject({ status: 200, body: { granted: false, status: 'awaiting_guardian' } });
    expect(await owned(minor, item)).toBe(0);

    // what the app's page reads: who, the item, the real total; reading answers nothing
    const api = (t: string) => `${server.url}/payments/v1/guardian-request/${t}`;
    const read = async (t: string) => {
      const response = await fetch(api(t));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await read(token)).toEqual({
      status: 200,
      body: { request: { username: expect.any(String), item_name: 'Capa dourada', category: 'theme', amount_cents: 990, currency: 'BRL', status: 'awaiting_guardian' } },
    });
    expect(await status(purchase)).toBe('awaiting_guardian');
    expect(await read('a'.repeat(64))).toMatchObject({ status: 404, body: { code: 'guardian_link_invalid' } });
    expect(await read('nao-e-um-token')).toMatchObject({ status: 404, body: { code: 'guardian_link_invalid' } });
    const answer = async (t: string, decision: unknown) => {
      const response = await fetch(api(t), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision }) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // a forged link and a made-up decision change nothing
    expect(await answer('a'.repeat(64), 'confirm')).toMatchObject({ status: 404, body: { code: 'guardian_link_invalid' } });
    expect(await answer(token, 'pay-now')).toMatchObject({ status: 400, body: { code: 'validation' } });
    expect(await status(purchase)).toBe('awaiting_guardian');
    // confirmed once; the replay is told it was answered already
    expect(await answer(token, 'confirm')).toMatchObject({ status: 200, body: { answered_now: true, request: { status: 'pending' } } });
    expect(await answer(token, 'refuse')).toMatchObject({ status: 409, body: { code: 'already_answered', request: { status: 'pending' } } });
    expect(await status(purchase)).toBe('pending');

    // now the minor's checkout opens the provider's page for the same purchase; paid, granted once
    const begun = await checkout(minor, { item_id: item });
    expect(begun).toMatchObject({ status: 200, body: { purchase_id: purchase, status: 'pending' } });
    const paid = callbackBody(purchase, 'paid');
    expect(await callback(paid, signCallback(key, paid))).toMatchObject({ status: 200, body: { granted: true, status: 'paid' } });
    expect(await callback(paid, signCallback(key, paid))).toMatchObject({ status: 200, body: { granted: false } });
    expect(await owned(minor, item)).toBe(1);
  });

  test("a minor's purchase the guardian declines grants nothing (in English too)", async () => {
    const item = await newItem('Adesivos brilhantes', 350, 'USD');
    const asked = await checkout(minor, { item_id: item, language: 'en-US' });
    expect(asked.status).toBe(202);
    const purchase = String(asked.body.purchase_id);
    const [mail] = await sql<{ link: string; body_text: string }>(
      `select link, body_text from auth.mailbox where kind = 'guardian_purchase' and body_text like '%Adesivos brilhantes%' order by id desc limit 1`,
    );
    expect(mail.link).toMatch(/\/en\/guardian\/purchase\/[0-9a-f]{64}$/);
    expect(mail.body_text).toContain('US$');
    expect(mail.body_text).toContain('$3.50');
    const api = `${server.url}/payments/v1/guardian-request/${mail.link.split('/').pop()}`;
    expect(((await (await fetch(api)).json()) as { request: unknown }).request).toMatchObject({ amount_cents: 350, currency: 'USD', status: 'awaiting_guardian' });
    const post = (decision: string) => fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision }) });
    const declined = await post('refuse');
    expect(declined.status).toBe(200);
    expect(await declined.json()).toMatchObject({ answered_now: true, request: { status: 'refused' } });
    expect((await post('confirm')).status).toBe(409);
    expect(await status(purchase)).toBe('refused');
    const paid = callbackBody(purchase, 'paid');
    expect(await callback(paid, signCallback(key, paid))).toMatchObject({ status: 200, body: { granted: false, status: 'refused' } });
    expect(await owned(minor, item)).toBe(0);
  });

  test("the guardian's link: unknown tokens are limited per address (at most 30, then 429 too_many_attempts)", async () => {
    const api = (t: string) => `${server.url}/payments/v1/guardian-request/${t}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31 && statuses.at(-1) !== 429; i++) statuses.push((await fetch(api(i.toString(16).padStart(64, 'b')))).status);
    // the earlier tests' unknown links count too (same address, same server)
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    const limited = await fetch(api('c'.repeat(64)));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test("refusals: no beta access, not signed in, bad input — 4xx with codes", async () => {
    const item = await newItem('Capa prateada', 990);
    expect(await checkout(outsider, { item_id: item })).toMatchObject({ status: 403, body: { code: 'store_beta_only' } });
    expect(await checkout(null, { item_id: item })).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
    expect(await checkout(buyer, { item_id: 'x' })).toMatchObject({ status: 400, body: { code: 'validation' } });
    expect(await checkout(buyer, '{not json')).toMatchObject({ status: 400, body: { code: 'validation' } });
    expect(await checkout(buyer, { item_id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 400, body: { code: 'item_unavailable' } });
    expect((await fetch(`${server.url}/payments/v1/local/checkout/nao-existe`)).status).toBe(404);
    const bad = await fetch(`${server.url}/payments/v1/local/checkout/00000000-0000-4000-8000-000000000000`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'stolen' }),
      redirect: 'manual',
    });
    expect(bad.status).toBe(400);
    expect(await callback('x'.repeat(5000), 't=1,v1=00')).toMatchObject({ status: 413 });
  });
});
