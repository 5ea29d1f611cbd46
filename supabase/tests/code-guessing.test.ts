/**
 * Issue 28, item 6: guessing codes without a limit. claim_guest took 300 wrong codes in 6 s,
 * redeem_invite 200 in 2.5 s, confirm_guardian 200 in 3.4 s — no 429. Now two layers
 * (supabase/README.md "Guessing codes"):
 *
 * - the database counts each account's wrong codes per RPC (private.code_attempts): 30 in any 5
 *   minutes, 100 in a day; then every call of that RPC by that account is answered 429
 *   (SQLSTATE PT429, hint too_many_attempts, details = seconds to wait) — PostgREST's own mapping,
 *   so it holds on hosted Supabase, where no sync-server stands in front;
 * - the sync-server counts each client address's wrong codes (GoTrue's token buckets of
 *   sync-server/auth/rate-limit.ts: 30 at once, then 30 per 5 minutes; a call that succeeds gives
 *   its token back): a visitor with no account, or a script with many accounts, meets it.
 *
 * A wrong code is still answered 400 with the same envelope as before; only now the attempt is
 * kept (the RPC answers it instead of raising it, so its transaction commits).
 * Through the real sync-server with plain HTTP, on PGlite and on PostgreSQL.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_GUESS_RATE_LIMIT, defaultConfig } from '../../sync-server/config.ts';
import { fetchFrom } from '../../sync-server/auth/test-helpers.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { startTestServer, TEST_BACKENDS, TEST_CODE_GUESS_RATE_LIMIT, type TestServer } from '../../sync-server/testing.ts';

const CLAIM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const wrongClaimCode = () => Array.from({ length: 12 }, () => CLAIM_ALPHABET[randomInt(32)]).join('');
const wrongInviteCode = () => Array.from({ length: 12 }, () => CLAIM_ALPHABET[randomInt(32)]).join('');
const wrongGuardianToken = () => randomBytes(32).toString('hex');

interface Person {
  id: string;
  token: string;
}

interface Reply {
  status: number;
  body: { code?: string; message?: string; details?: string | null; hint?: string | null } & Record<string, unknown>;
  retryAfter: string | null;
}

/** "status hint" → how many, e.g. { '400 claim_invalid': 30, '429 too_many_attempts': 10 }. */
function tally(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of replies) {
    const key = `${status} ${status === 200 ? 'ok' : (body?.hint ?? body?.code ?? '')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function rpcCaller(server: TestServer, address = '127.0.0.1') {
  const fetcher = fetchFrom(address);
  return async (fn: string, args: Record<string, unknown>, as?: Person): Promise<Reply> => {
    const response = await fetcher(`${server.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: server.ctx.config.anonKey,
        authorization: `Bearer ${as?.token ?? server.ctx.config.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, retryAfter: response.headers.get('retry-after') };
  };
}

async function signUp(server: TestServer, label: string): Promise<Person> {
  const username = `${label}_${randomBytes(3).toString('hex')}`;
  const { data, error } = await signUpAdult(server.anonClient(), { email: `${username}@example.test`, password: 'Senha-forte-1', username });
  if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
  return { id: data.user.id, token: data.session.access_token };
}

const tooManyAttempts = (_maxSeconds: number) =>
  expect.objectContaining({
    code: 'PT429',
    hint: 'too_many_attempts',
    details: expect.stringMatching(/^\d+$/),
  }) as unknown;

describe.each(TEST_BACKENDS)('guessing codes ($name)', ({ postgresServerUrl }) => {
  describe('per account, in the database (it holds without the sync-server: hosted Supabase)', () => {
    let server: TestServer;
    let owner: Person;
    let notebookId: string;
    let questionId: string;
    let inviteCode: string;
    const rpc = () => rpcCaller(server);

    /** A guest of a round the owner hosted, with one answer: its claim code gives a viewer share. */
    async function ownersGuest(): Promise<string> {
      const code = wrongClaimCode();
      const { createHash, randomUUID } = await import('node:crypto');
      const guest = {
        id: randomUUID(), notebook_id: notebookId, host_id: owner.id, name: 'Convidada', is_anonymous: false,
        answer_secret: randomBytes(32).toString('base64url'), claim_hash: createHash('sha256').update(code).digest('hex'),
        created_at: new Date().toISOString(), claimed_by: null, claimed_at: null, _deleted: false,
      };
      const pushed = await rpc()('replication_push', { p_collection: 'guests', p_rows: [{ newDocumentState: guest, assumedMasterState: null }] }, owner);
      expect(pushed.body).toEqual({ conflicts: [], rejected: [] });
      // Its answer reached the server too (a claim waits for one: claim_not_synced).
      const { rows: [{ id: answerId }] } = await server.ctx.db.query<{ id: string }>(
        `select public.answer_id($1, $2) as id`, [questionId, guest.answer_secret]);
      const answer = {
        id: answerId, question_id: questionId, notebook_id: notebookId, user_id: null, guest_id: guest.id, text: 'Eu',
        is_anonymous: false, responder_name: 'Convidada', client_clock: Date.now(), created_at: new Date().toISOString(), _deleted: false,
      };
      const answered = await rpc()('replication_push', { p_collection: 'answers', p_rows: [{ newDocumentState: answer, assumedMasterState: null }] }, owner);
      expect(answered.body).toEqual({ conflicts: [], rejected: [] });
      return code;
    }

    beforeAll(async () => {
      // The per-address limit out of the way (each test here sends dozens of wrong codes a second
      // from 127.0.0.1): only the database's limit answers.
      server = await startTestServer({ postgresServerUrl, codeGuessRateLimit: 1_000_000 });
      owner = await signUp(server, 'dona');
      const { rows } = await server.ctx.db.query<{ id: string }>(
        `insert into public.notebooks (user_id, title) values ($1, 'Festa') returning id`, [owner.id]);
      notebookId = rows[0].id;
      const { rows: questions } = await server.ctx.db.query<{ id: string }>(
        `insert into public.questions (notebook_id, user_id, text) values ($1, $2, 'Quem veio?') returning id`, [notebookId, owner.id]);
      questionId = questions[0].id;
      const link = await rpc()('create_invite_link', { p_notebook_id: notebookId, p_expires_at: null }, owner);
      expect(link.status).toBe(200);
      inviteCode = (link.body as { code: string }).code;
    }, 120_000);
    afterAll(async () => server?.close());

    it('the database\'s limit is the same on every server; test servers raise the per-address one 100x, as they do the auth limits', () => {
      expect(TEST_CODE_GUESS_RATE_LIMIT).toBe(CODE_GUESS_RATE_LIMIT * 100);
      expect(defaultConfig().codeGuessRateLimit).toBe(CODE_GUESS_RATE_LIMIT);
    });

    it('claim_guest: an account\'s 31st wrong code within 5 minutes is answered 429 too_many_attempts — the right code too, while it lasts — and nobody else is held back', async () => {
      const guesser = await signUp(server, 'adivinha');
      const replies: Reply[] = [];
      for (let i = 0; i < 40; i++) replies.push(await rpc()('claim_guest', { p_code: wrongClaimCode() }, guesser));
      expect(tally(replies)).toEqual({ '400 claim_invalid': 30, '429 too_many_attempts': 10 });
      // A wrong code is answered as before (the app reads the hint), and each one was kept.
      expect(replies[0].body).toEqual({ code: 'P0001', message: 'Invalid claim code.', details: null, hint: 'claim_invalid' });
      expect(replies[39].body).toEqual(tooManyAttempts(300));
      expect(Number(replies[39].body.details)).toBeGreaterThan(0);
      expect(Number(replies[39].body.details)).toBeLessThanOrEqual(300);
      const { rows } = await server.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from private.code_attempts where user_id = $1 and kind = 'claim_guest'`, [guesser.id]);
      expect(rows[0].n).toBe(30);

      // Found at last: still refused while the limit lasts (no oracle through the status).
      const code = await ownersGuest();
      expect(tally([await rpc()('claim_guest', { p_code: code }, guesser)])).toEqual({ '429 too_many_attempts': 1 });
      // Another account is not held back, nor is the guesser on another RPC.
      const friend = await signUp(server, 'amiga');
      const claimed = await rpc()('claim_guest', { p_code: code }, friend);
      expect(claimed.status).toBe(200);
      expect(claimed.body).toMatchObject({ notebook_id: notebookId, access: 'granted' });
      expect(tally([await rpc()('redeem_invite', { p_code: wrongInviteCode() }, guesser)])).toEqual({ '400 invite_invalid': 1 });
    });

    it('redeem_invite and confirm_guardian (signed in): the same, each on its own count', async () => {
      const guesser = await signUp(server, 'script');
      const redeems: Reply[] = [];
      for (let i = 0; i < 35; i++) redeems.push(await rpc()('redeem_invite', { p_code: wrongInviteCode() }, guesser));
      expect(tally(redeems)).toEqual({ '400 invite_invalid': 30, '429 too_many_attempts': 5 });
      expect(redeems[0].body).toEqual({ code: 'P0001', message: 'Invalid or expired invitation.', details: null, hint: 'invite_invalid' });
      // The real code is refused too while it lasts; another person redeems it.
      expect(tally([await rpc()('redeem_invite', { p_code: inviteCode }, guesser)])).toEqual({ '429 too_many_attempts': 1 });
      const friend = await signUp(server, 'convidada');
      const redeemed = await rpc()('redeem_invite', { p_code: inviteCode }, friend);
      expect(redeemed).toMatchObject({ status: 200, body: notebookId });

      const confirms: Reply[] = [];
      for (let i = 0; i < 35; i++) confirms.push(await rpc()('confirm_guardian', { p_token: wrongGuardianToken() }, guesser));
      expect(tally(confirms)).toEqual({ '400 guardian_link_invalid': 30, '429 too_many_attempts': 5 });
    });

    it('the limit lifts as the wrong codes age: 30 in 5 minutes, 100 in a day', async () => {
      const guesser = await signUp(server, 'paciente');
      for (let i = 0; i < 30; i++) await rpc()('claim_guest', { p_code: wrongClaimCode() }, guesser);
      expect(tally([await rpc()('claim_guest', { p_code: wrongClaimCode() }, guesser)])).toEqual({ '429 too_many_attempts': 1 });
      await server.ctx.db.query(`update private.code_attempts set attempted_at = attempted_at - interval '6 minutes' where user_id = $1`, [guesser.id]);
      // (and one from the day before yesterday, which the next wrong code clears away)
      await server.ctx.db.query(`insert into private.code_attempts (user_id, kind, attempted_at) values ($1, 'claim_guest', now() - interval '2 days')`, [guesser.id]);
      expect(tally([await rpc()('claim_guest', { p_code: wrongClaimCode() }, guesser)])).toEqual({ '400 claim_invalid': 1 });
      const { rows } = await server.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from private.code_attempts where user_id = $1 and attempted_at < now() - interval '1 day'`, [guesser.id]);
      expect(rows[0].n).toBe(0);
      // 100 within the day (none in the last 5 minutes beyond those): held back for hours.
      await server.ctx.db.query(
        `insert into private.code_attempts (user_id, kind, attempted_at)
         select $1, 'claim_guest', now() - interval '2 hours' - i * interval '1 minute' from generate_series(1, 69) i`, [guesser.id]);
      const held = await rpc()('claim_guest', { p_code: wrongClaimCode() }, guesser);
      expect(held.body).toEqual(tooManyAttempts(86_400));
      expect(Number(held.body.details)).toBeGreaterThan(300);
      expect(Number(held.body.details)).toBeLessThanOrEqual(86_400);
      expect(Number(held.retryAfter)).toBe(Number(held.body.details));
    });

    it('a removed account\'s wrong codes go with it (delete_my_account keeps the auth.users row, so no cascade reaches them)', async () => {
      const username = `sai_${randomBytes(3).toString('hex')}`;
      const { data } = await signUpAdult(server.anonClient(), { email: `${username}@example.test`, password: 'Senha-forte-1', username });
      const leaving = { id: data.user!.id, token: data.session!.access_token };
      for (let i = 0; i < 3; i++) await rpc()('claim_guest', { p_code: wrongClaimCode() }, leaving);
      const count = async () => (await server.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from private.code_attempts where user_id = $1`, [leaving.id])).rows[0].n;
      expect(await count()).toBe(3);
      expect((await rpc()('delete_my_account', { p_username: username }, leaving)).status).toBeLessThan(300);
      expect(await count()).toBe(0);
    });

    it('a sign-up carrying a wrong invitation code is one more wrong code of the new account, and never stops the sign-up', async () => {
      const username = `chega_${randomBytes(3).toString('hex')}`;
      const { data, error } = await signUpAdult(server.anonClient(), {
        email: `${username}@example.test`, password: 'Senha-forte-1', username, data: { invite_code: wrongInviteCode() },
      });
      expect(error).toBeNull();
      const { rows } = await server.ctx.db.query<{ kind: string }>(`select kind from private.code_attempts where user_id = $1`, [data.user!.id]);
      expect(rows).toEqual([{ kind: 'redeem_invite' }]);
    });
  });

  describe('per address, in the sync-server (GoTrue\'s buckets: 30 at once, then 30 per 5 minutes)', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ postgresServerUrl, codeGuessRateLimit: CODE_GUESS_RATE_LIMIT });
    }, 120_000);
    afterAll(async () => server?.close());

    it('300 wrong guardian tokens from one address without an account: about 30 answered, the rest 429 with PostgREST\'s envelope and Retry-After; another address is still answered', async () => {
      const attacker = rpcCaller(server, '127.0.0.41');
      const replies: Reply[] = [];
      const started = Date.now();
      for (let i = 0; i < 300; i++) replies.push(await attacker('confirm_guardian', { p_token: wrongGuardianToken() }));
      const counts = tally(replies);
      expect(Object.keys(counts).sort()).toEqual(['400 guardian_link_invalid', '429 too_many_attempts']);
      expect(counts['400 guardian_link_invalid']).toBeGreaterThanOrEqual(30);
      expect(counts['400 guardian_link_invalid']).toBeLessThan(30 + 1 + Math.ceil(((Date.now() - started) / 300_000) * 30) + 1);
      const refused = replies.find((r) => r.status === 429)!;
      expect(refused.body).toEqual({ code: 'PT429', message: expect.any(String), details: expect.stringMatching(/^\d+$/), hint: 'too_many_attempts' });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.retryAfter).toBe(refused.body.details);

      const guardian = rpcCaller(server, '127.0.0.42');
      expect(tally([await guardian('confirm_guardian', { p_token: wrongGuardianToken() })])).toEqual({ '400 guardian_link_invalid': 1 });
    });

    it('many accounts from one address share its count (a script signing up accounts meets it), on each of the three RPCs', async () => {
      const people = await Promise.all([1, 2, 3, 4].map((i) => signUp(server, `robo${i}`)));
      for (const [fn, args, address] of [
        ['claim_guest', () => ({ p_code: wrongClaimCode() }), '127.0.0.43'],
        ['redeem_invite', () => ({ p_code: wrongInviteCode() }), '127.0.0.44'],
      ] as const) {
        const call = rpcCaller(server, address);
        const replies: Reply[] = [];
        for (const person of people) for (let i = 0; i < 10; i++) replies.push(await call(fn, args(), person));
        const counts = tally(replies);
        expect(counts['429 too_many_attempts'], fn).toBeGreaterThanOrEqual(8);
        expect(counts['429 too_many_attempts'], fn).toBeLessThanOrEqual(10);
      }
    });

    it('a call that succeeds costs nothing: 60 redeems of a good code from one address are all answered', async () => {
      const owner = await signUp(server, 'escola');
      const { rows } = await server.ctx.db.query<{ id: string }>(
        `insert into public.notebooks (user_id, title) values ($1, 'Turma') returning id`, [owner.id]);
      const call = rpcCaller(server, '127.0.0.45');
      const link = await call('create_invite_link', { p_notebook_id: rows[0].id, p_expires_at: null }, owner);
      const code = (link.body as { code: string }).code;
      const student = await signUp(server, 'aluna');
      const replies: Reply[] = [];
      for (let i = 0; i < 60; i++) replies.push(await call('redeem_invite', { p_code: code }, student));
      expect(tally(replies)).toEqual({ '200 ok': 60 });
    });
  });
});
