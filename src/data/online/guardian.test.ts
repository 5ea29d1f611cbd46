import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../../../sync-server/testing.ts';
import { ensureGuardianMailed, isEnglishAppUrl, sendGuardianMail } from './guardian.ts';

/**
 * The guardian's mail from the app's side (issue 22), against the real sync-server: the codes the
 * settings show, and the first mail after sign-up — sent by the app only when the server did not
 * send one (hosted Supabase's GoTrue does not call us; the sync-server's sign-up does).
 */
describe('the guardian mail, from the app', () => {
  let server: TestServer;
  let run = 0;

  function bornYearsAgo(years: number): string {
    const d = new Date();
    d.setUTCFullYear(d.getUTCFullYear() - years);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  }

  async function signUp(data: Record<string, unknown>): Promise<{ id: string; email: string; client: SupabaseClient }> {
    const client = server.anonClient();
    const email = `guardian-app-${process.pid}-${run++}@example.test`;
    const { data: made, error } = await client.auth.signUp({
      email,
      password: 'Senha-forte-1',
      options: { data: { username: `gapp_${process.pid % 10000}_${run}`, ...data } },
    });
    if (error || !made.user || !made.session) throw error ?? new Error('no session');
    return { id: made.user.id, email, client };
  }

  const minor = (guardian: string) => signUp({ birth_date: bornYearsAgo(15), guardian_email: guardian, guardian_acknowledged: true });

  async function mailCount(address: string): Promise<number> {
    const res = await fetch(`${server.url}/auth/v1/mailbox.json?to=${encodeURIComponent(address)}`);
    return ((await res.json()) as unknown[]).length;
  }

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('sends the first mail only when none went out: nothing more after a sync-server sign-up; one when the server sent none (hosted)', async () => {
    const guardian = `gapp-first-${process.pid}@example.test`;
    const teen = await minor(guardian);
    await ensureGuardianMailed({}, teen.client);
    expect(await mailCount(guardian)).toBe(1);

    // As on hosted Supabase: the account awaits a guardian and nobody mailed them.
    const hosted = `gapp-hosted-${process.pid}@example.test`;
    const other = await minor(hosted);
    await server.ctx.db.query(`delete from private.guardian_links where user_id = $1`, [other.id]);
    await server.ctx.db.query(`delete from auth.mailbox where lower(recipient) = lower($1)`, [hosted]);
    await server.ctx.db.query(`update public.account_safety set guardian_mailed_at = null where user_id = $1`, [other.id]);
    await ensureGuardianMailed({ english: true }, other.client);
    expect(await mailCount(hosted)).toBe(1);
    await ensureGuardianMailed({}, other.client);
    expect(await mailCount(hosted)).toBe(1);

    // An adult owes no guardian anything.
    const adult = await signUp({ birth_date: bornYearsAgo(30) });
    await ensureGuardianMailed({}, adult.client);
    expect((await sendGuardianMail({}, adult.client))).toEqual({ ok: false, problem: 'guardian_not_pending' });
  });

  it('answers in codes: a wait with its seconds, a bad or own address, then the corrected address', async () => {
    const teen = await minor(`gapp-codes-${process.pid}@example.test`);
    const wait = await sendGuardianMail({}, teen.client);
    expect(wait).toMatchObject({ ok: false, problem: 'rate_limited' });
    expect(wait.ok === false && wait.retryAfterSeconds).toBeGreaterThan(0);
    expect(await sendGuardianMail({ guardianEmail: 'sem-arroba' }, teen.client)).toEqual({ ok: false, problem: 'guardian_email' });
    expect(await sendGuardianMail({ guardianEmail: teen.email }, teen.client)).toEqual({ ok: false, problem: 'guardian_email_own' });
    const right = `gapp-right-${process.pid}@example.test`;
    expect(await sendGuardianMail({ guardianEmail: ` ${right} ` }, teen.client)).toEqual({ ok: true, guardianEmail: right });
    expect(await mailCount(right)).toBe(1);
  });

  it("an address named by five accounts today: the sixth sign-up is not mailed, and the app hears why (issue 35)", async () => {
    const guardian = `gapp-limit-${process.pid}@example.test`;
    for (let n = 0; n < 5; n++) await minor(n % 2 ? guardian.toUpperCase() : guardian);
    expect(await mailCount(guardian)).toBe(5);
    const sixth = await minor(guardian);
    expect(await ensureGuardianMailed({}, sixth.client)).toBe('guardian_address_rate_limited');
    expect(await sendGuardianMail({}, sixth.client)).toEqual({ ok: false, problem: 'guardian_address_rate_limited' });
    expect(await mailCount(guardian)).toBe(5);
  });

  it("reads the sign-up's language from its redirect", () => {
    expect(isEnglishAppUrl('http://127.0.0.1:5173/en/')).toBe(true);
    expect(isEnglishAppUrl('http://127.0.0.1:5173/en')).toBe(true);
    expect(isEnglishAppUrl('http://127.0.0.1:5173/entrar')).toBe(false);
    expect(isEnglishAppUrl('not a url')).toBe(false);
  });
});
