/**
 * A guardian's inbox is not flooded by making accounts at sign-up (issue 35), through the real
 * sync-server on PGlite and Postgres: a minor's sign-up mails the guardian a confirmation link, one
 * a minute and five a day per account — and now for at most five accounts a day per guardian's
 * address (any case). The sixth account naming the address is created and signed in, and nothing
 * is mailed; its guardian-mail answers 429 guardian_address_rate_limited until a day has passed. A
 * minor who already mailed the address keeps only the limits per account; another guardian is not
 * held back. Before, any number of accounts naming one address mailed it once each (and five
 * times a day each through guardian-mail).
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';

interface Person {
  id: string;
  client: SupabaseClient;
}

const PASSWORD = 'Senha-forte-1';

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

describe.each(TEST_BACKENDS)("one guardian's address named at many sign-ups ($name)", ({ postgresServerUrl }) => {
  let server: TestServer;
  let run = 0;
  const unique = (name: string) => `${name}_${Date.now().toString(36)}${run++}`;

  async function minor(guardian: string): Promise<Person> {
    const client = server.anonClient();
    const username = unique('teen').slice(0, 20);
    const { data, error } = await client.auth.signUp({
      email: `${username}@example.test`,
      password: PASSWORD,
      options: {
        data: { username, birth_date: bornYearsAgo(14), guardian_email: guardian, guardian_acknowledged: true },
        emailRedirectTo: 'http://127.0.0.1:5173/',
      },
    });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, client };
  }

  async function resend(person: Person): Promise<{ status: number; body: Record<string, unknown> }> {
    const { data, error } = await person.client.functions.invoke('guardian-mail', { body: {} });
    if (!error) return { status: 200, body: data };
    if (!(error instanceof FunctionsHttpError)) throw error;
    const response = error.context as Response;
    return { status: response.status, body: await response.json() };
  }

  async function mailsTo(address: string): Promise<number> {
    const res = await fetch(`${server.url}/auth/v1/mailbox.json?to=${encodeURIComponent(address)}`);
    return ((await res.json()) as unknown[]).length;
  }

  const mailedAt = async (person: Person) =>
    (await person.client.from('account_safety').select('guardian_mailed_at').single()).data?.guardian_mailed_at ?? null;

  /** Time goes by for these accounts' mails: their links are dated back. */
  async function timePasses(people: Person[], interval: string) {
    await server.ctx.db.query(`update private.guardian_links set created_at = created_at - $2::interval where user_id = any($1::uuid[])`, [
      people.map((p) => p.id),
      interval,
    ]);
  }

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  }, 120_000);
  afterAll(async () => server?.close());

  test('five accounts a day to one address; the sixth is kept, mails nobody and hears why', async () => {
    const address = `${unique('avo')}@example.test`;
    const cases = [address, address.toUpperCase(), address, `Avo${address.slice(3)}`, address];
    const five: Person[] = [];
    for (const named of cases) five.push(await minor(named));
    expect(await mailsTo(address)).toBe(5);

    // the sixth account: created, signed in, awaiting its guardian — and not mailed
    const sixth = await minor(address.toUpperCase());
    expect(await mailsTo(address)).toBe(5);
    expect(await mailedAt(sixth)).toBeNull();
    const [safety] = (await server.ctx.db.query<{ guardian_email: string }>(`select guardian_email from public.account_safety where user_id = $1`, [sixth.id])).rows;
    expect(safety.guardian_email).toBe(address);
    // asking again (the app's first mail, or "send again") says why, and still mails nobody
    expect(await resend(sixth)).toMatchObject({ status: 429, body: { code: 'guardian_address_rate_limited' } });
    expect(await mailsTo(address)).toBe(5);

    // a minor who already mailed the address keeps the limits per account (a minute here)
    expect(await resend(five[0])).toMatchObject({ status: 429, body: { code: 'guardian_mail_rate_limited' } });
    await timePasses([five[0]], '61 seconds');
    expect(await resend(five[0])).toMatchObject({ status: 200, body: { guardian_email: address } });
    expect(await mailsTo(address)).toBe(6);

    // another guardian is not held back
    const elsewhere = `${unique('tia')}@example.test`;
    const other = await minor(elsewhere);
    expect(await mailsTo(elsewhere)).toBe(1);
    expect(await mailedAt(other)).not.toBeNull();

    // nor can a pending minor correct their guardian's address to this one today: it stays as it was
    const corrected = await other.client.functions.invoke('guardian-mail', { body: { guardianEmail: address.toUpperCase() } });
    expect((corrected.error as FunctionsHttpError).context.status).toBe(429);
    expect(await (corrected.error as FunctionsHttpError).context.json()).toMatchObject({ code: 'guardian_address_rate_limited' });
    const [kept] = (await server.ctx.db.query<{ guardian_email: string }>(`select guardian_email from public.account_safety where user_id = $1`, [other.id])).rows;
    expect(kept.guardian_email).toBe(elsewhere);
    expect(await mailsTo(address)).toBe(6);

    // a day later the address may be asked for the sixth account
    await timePasses(five, '25 hours');
    expect(await resend(sixth)).toMatchObject({ status: 200, body: { guardian_email: address } });
    expect(await mailsTo(address)).toBe(7);
  });
});
