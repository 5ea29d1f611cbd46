/**
 * A guardian's inbox is not flooded by making accounts (issue 35), through the real sync-server on
 * PGlite and Postgres: a minor's purchase mails the guardian, five a day per minor — and now ten a
 * day per guardian's address, whichever minors' accounts ask (the address in any case). The
 * eleventh question to one address is 429 guardian_address_rate_limited and mails nobody; a minor
 * with another guardian is not held back. Before, three accounts naming one address sent it 15
 * mails a day, and any number of accounts any number.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAdult } from '../test-people.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

interface Person {
  id: string;
  token: string;
}

let run = 0;
const unique = () => `${randomBytes(3).toString('hex')}${run++}`;

describe.each(TEST_BACKENDS)("one guardian's address, several minors ($name)", ({ postgresServerUrl }) => {
  let server: TestServer;

  async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await server.ctx.db.query(text, params)).rows as Row[];
  }

  async function minorOf(guardian: string): Promise<Person> {
    const username = `menor_${unique()}`;
    const { data, error } = await signUpAdult(server.anonClient(), { email: `${username}@example.test`, password: 'Senha-forte-1', username });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    await sql(`insert into public.store_beta_access (user_id) values ($1)`, [data.user.id]);
    await sql(
      `update public.account_safety set birth_date = (now() - interval '15 years')::date, guardian_email = $2, guardian_confirmed_at = now() where user_id = $1`,
      [data.user.id, guardian],
    );
    return { id: data.user.id, token: data.session.access_token };
  }

  async function newItem(n: number): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into public.seasonal_items (name, category, grants_ref, season_id, season_name, item_type, price_cents, currency)
       values ($1, 'theme', 'galaxy', 'verao-2026', 'Verão 2026', 'exclusive', 990, 'BRL') returning id`,
      [`Tema ${n}`],
    );
    return row.id;
  }

  async function buy(as: Person, item: string) {
    const response = await fetch(`${server.url}/payments/v1/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${as.token}` },
      body: JSON.stringify({ item_id: item, language: 'pt-BR' }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const mailsTo = async (address: string) =>
    (await sql<{ n: number }>(`select count(*)::int as n from private.store_guardian_requests where lower(sent_to) = lower($1)`, [address]))[0].n;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  }, 120_000);
  afterAll(async () => server?.close());

  test('ten questions a day to one address, then 429 guardian_address_rate_limited; another guardian is asked', async () => {
    const items = await Promise.all(Array.from({ length: 12 }, (_, n) => newItem(n)));
    const [first, second, third] = [await minorOf('avo@example.test'), await minorOf('Avo@Example.TEST'), await minorOf('avo@example.test')];
    // the first minor: five a day (the limit per minor, as before)
    for (const item of items.slice(0, 5)) expect(await buy(first, item)).toMatchObject({ status: 202, body: { status: 'awaiting_guardian' } });
    expect(await buy(first, items[5])).toMatchObject({ status: 429, body: { code: 'guardian_mail_rate_limited' } });
    // a second account naming the same address (another case): five more, ten to that inbox
    for (const item of items.slice(5, 10)) expect((await buy(second, item)).status).toBe(202);
    expect(await mailsTo('avo@example.test')).toBe(10);
    // a third account: the address has had enough today; nothing is mailed, nothing begun
    expect(await buy(third, items[10])).toMatchObject({ status: 429, body: { code: 'guardian_address_rate_limited' } });
    const fourth = await minorOf('AVO@example.test');
    expect(await buy(fourth, items[11])).toMatchObject({ status: 429, body: { code: 'guardian_address_rate_limited' } });
    expect(await mailsTo('avo@example.test')).toBe(10);
    expect(await sql(`select 1 from public.store_purchases where user_id = $1`, [third.id])).toEqual([]);
    // a question already asked is answered as before (no new mail): the same purchase
    expect(await buy(second, items[5])).toMatchObject({ status: 202, body: { status: 'awaiting_guardian' } });
    // another guardian is not held back by this one's inbox
    const elsewhere = await minorOf('tia@example.test');
    expect(await buy(elsewhere, items[10])).toMatchObject({ status: 202, body: { status: 'awaiting_guardian' } });
    expect(await mailsTo('tia@example.test')).toBe(1);
    // a day later the address may be asked again
    // (created_at is the server's: only the state of a purchase changes — set aside here, as a migration would)
    await server.ctx.db.exec(
      `begin; set local session_replication_role = replica;
       update public.store_purchases set created_at = created_at - interval '25 hours' where guardian_expires_at is not null; commit;`,
    );
    expect((await buy(third, items[10])).status).toBe(202);
  });
});
