/**
 * The contact form (issue 33; spec §5): anyone sends a message (a visitor, a signed-in person: the
 * message names their account); only admins read the inbox and set a message's state (recorded in
 * the audit log); each field is refused with its own reason code (HTTP 400, never a 500); a burst
 * of messages is refused with 429 and its wait, per e-mail address and per account in the
 * database (hosted Supabase too), per client address on the sync-server — and recovers.
 * Through the real sync-server with plain HTTP, on PGlite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTACT_RATE_LIMIT, defaultConfig } from '../../sync-server/config.ts';
import { fetchFrom } from '../../sync-server/auth/test-helpers.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../../sync-server/testing.ts';

interface Person {
  id: string;
  token: string;
  email: string;
}

interface Reply {
  status: number;
  body: ({ code?: string; message?: string; details?: string | null; hint?: string | null } & Record<string, unknown>) | null;
  retryAfter: string | null;
}

interface Inbox {
  counts: { new: number; answered: number; closed: number };
  messages: { id: string; name: string; email: string; category: string; subject: string; message: string; user_id: string | null; username: string | null; status: string; created_at: string }[];
}

let run = 0;
const unique = () => `${randomBytes(3).toString('hex')}${run++}`;

function message(overrides: Record<string, unknown> = {}) {
  return {
    p_name: 'Maria Souza',
    p_email: `maria-${unique()}@example.test`,
    p_category: 'support',
    p_subject: 'Não consigo entrar',
    p_message: 'Esqueci a senha e o e-mail não chega.',
    ...overrides,
  };
}

describe.each(TEST_BACKENDS)('contact messages ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let admin: Person;
  let person: Person;

  function rpcCaller(address = '127.0.0.1') {
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

  async function rest(path: string, init: RequestInit, as?: Person): Promise<Reply> {
    const response = await fetch(`${server.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: server.ctx.config.anonKey,
        authorization: `Bearer ${as?.token ?? server.ctx.config.anonKey}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(init.headers ?? {}),
      },
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, retryAfter: response.headers.get('retry-after') };
  }

  async function signUp(label: string): Promise<Person> {
    const username = `${label}_${unique()}`;
    const email = `${username}@example.test`;
    const { data, error } = await signUpAdult(server.anonClient(), { email, password: 'Senha-forte-1', username });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, token: data.session.access_token, email };
  }

  async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    return (await server.ctx.db.query(text, params)).rows as Row[];
  }

  beforeAll(async () => {
    // The per-address limit out of the way for all but its own test (every call here leaves from 127.0.0.1).
    server = await startTestServer({ postgresServerUrl, contactRateLimit: 1_000_000 });
    admin = await signUp('admin');
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.id]);
    person = await signUp('pessoa');
  }, 120_000);
  afterAll(async () => server?.close());

  test('a visitor and a signed-in person send; the message names the account of a signed-in sender', async () => {
    const rpc = rpcCaller();
    const byVisitor = await rpc('send_contact_message', message({ p_name: '  Visitante  ', p_subject: ' Dúvida ' }));
    expect(byVisitor.status).toBe(200);
    const bySignedIn = await rpc('send_contact_message', message({ p_email: 'outro-endereco@example.test', p_category: 'bug' }), person);
    expect(bySignedIn.status).toBe(200);
    const rows = await sql<{ id: string; name: string; subject: string; user_id: string | null; status: string; category: string }>(
      `select id, name, subject, user_id, status, category from public.contact_messages where id = any($1::uuid[]) order by created_at`,
      [[byVisitor.body, bySignedIn.body]],
    );
    expect(rows).toEqual([
      expect.objectContaining({ id: byVisitor.body, name: 'Visitante', subject: 'Dúvida', user_id: null, status: 'new', category: 'support' }),
      expect.objectContaining({ id: bySignedIn.body, user_id: person.id, status: 'new', category: 'bug' }),
    ]);
  });

  test('each field is refused with its own reason code (400, never a 500)', async () => {
    const rpc = rpcCaller();
    const cases: [Record<string, unknown>, string][] = [
      [{ p_name: '   ' }, 'name_required'],
      [{ p_name: null }, 'name_required'],
      [{ p_name: 'x'.repeat(101) }, 'name_too_long'],
      [{ p_email: '' }, 'email_invalid'],
      [{ p_email: 'maria@' }, 'email_invalid'],
      [{ p_email: 'maria souza@example.test' }, 'email_invalid'],
      [{ p_email: `${'a'.repeat(250)}@example.test` }, 'email_invalid'],
      [{ p_category: 'complaint' }, 'category_invalid'],
      [{ p_category: '' }, 'category_invalid'],
      [{ p_subject: ' ' }, 'subject_required'],
      [{ p_subject: 'x'.repeat(151) }, 'subject_too_long'],
      [{ p_message: '\n\n ' }, 'message_required'],
      // blanks btrim did not take (issue 33 security review): a tab, a line break, U+00A0, U+200B
      [{ p_name: '\t' }, 'name_required'],
      [{ p_name: '\u00a0\u200b' }, 'name_required'],
      [{ p_subject: '\n' }, 'subject_required'],
      [{ p_subject: '\u3000' }, 'subject_required'],
      [{ p_message: '\u00a0' }, 'message_required'],
      [{ p_message: '\t\u200b\ufeff' }, 'message_required'],
      [{ p_message: 'x'.repeat(4001) }, 'message_too_long'],
    ];
    const seen: string[] = [];
    for (const [overrides] of cases) {
      const reply = await rpc('send_contact_message', message(overrides));
      seen.push(`${reply.status} ${reply.body?.code} ${reply.body?.hint}`);
    }
    expect(seen).toEqual(cases.map(([, hint]) => `400 22023 ${hint}`));
    // A field missing from the call altogether: PostgREST finds no such function (not a 500).
    const missing = await rpc('send_contact_message', { p_name: 'Maria' });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    // The longest of each field is taken.
    const longest = await rpc('send_contact_message', message({ p_name: 'n'.repeat(100), p_subject: 's'.repeat(150), p_message: 'm'.repeat(4000) }));
    expect(longest.status).toBe(200);
  });

  test('a visitor and a person who is not an admin can neither read nor change messages; nobody deletes one', async () => {
    const rpc = rpcCaller();
    const sent = await rpc('send_contact_message', message());
    expect(sent.status).toBe(200);
    const id = sent.body as unknown as string;

    for (const who of [undefined, person]) {
      const read = await rest(`contact_messages?id=eq.${id}`, { method: 'GET' }, who);
      if (who) {
        expect(read.status).toBe(200);
        expect(read.body).toEqual([]);
      } else {
        expect(read.status).toBe(401); // no grant to visitors at all
      }
      const update = await rest(`contact_messages?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'closed' }) }, who);
      expect([401, 403]).toContain(update.status);
      const insert = await rest('contact_messages', { method: 'POST', body: JSON.stringify({ name: 'x', email: 'x@x.io', category: 'bug', subject: 'x', message: 'x' }) }, who);
      expect([401, 403]).toContain(insert.status);
      const inbox = await rpc('admin_contact_messages', { p_status: null, p_limit: 20, p_after_created_at: null, p_after_id: null }, who);
      expect(inbox.status, 'the inbox').toBe(who ? 403 : 401);
      const setState = await rpc('admin_set_contact_status', { p_id: id, p_status: 'closed' }, who);
      expect(setState.status, 'the state').toBe(who ? 403 : 401);
      if (who) expect([inbox.body?.hint, setState.body?.hint]).toEqual(['not_allowed', 'not_allowed']);
    }
    const remove = await rest(`contact_messages?id=eq.${id}`, { method: 'DELETE' }, admin);
    expect(remove.status).toBe(403);
    const [row] = await sql<{ status: string }>(`select status from public.contact_messages where id = $1`, [id]);
    expect(row.status).toBe('new');
  });

  test('an admin reads the inbox (newest first, paged, by state) and sets the state, recorded in the audit log', async () => {
    const rpc = rpcCaller();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await rpc('send_contact_message', message({ p_subject: `Assunto ${i}` }), i === 4 ? person : undefined);
      expect(reply.status).toBe(200);
      ids.push(reply.body as unknown as string);
    }
    // The table itself, through its policy.
    const direct = await rest(`contact_messages?id=eq.${ids[0]}`, { method: 'GET' }, admin);
    expect(direct.status).toBe(200);
    expect(direct.body).toHaveLength(1);

    const first = await rpc('admin_contact_messages', { p_status: 'new', p_limit: 3, p_after_created_at: null, p_after_id: null }, admin);
    expect(first.status).toBe(200);
    const page1 = first.body as unknown as Inbox;
    expect(page1.messages.map((m) => m.subject)).toEqual(['Assunto 4', 'Assunto 3', 'Assunto 2']);
    expect(page1.messages[0]).toEqual(expect.objectContaining({ user_id: person.id, username: expect.stringMatching(/^pessoa_/) }));
    const last = page1.messages[2];
    const second = await rpc('admin_contact_messages', { p_status: 'new', p_limit: 3, p_after_created_at: last.created_at, p_after_id: last.id }, admin);
    expect((second.body as unknown as Inbox).messages.map((m) => m.subject).slice(0, 2)).toEqual(['Assunto 1', 'Assunto 0']);

    const answered = await rpc('admin_set_contact_status', { p_id: ids[4], p_status: 'answered' }, admin);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual(expect.objectContaining({ id: ids[4], status: 'answered' }));
    const closed = await rpc('admin_set_contact_status', { p_id: ids[3], p_status: 'closed' }, admin);
    expect(closed.status).toBe(200);
    const invalid = await rpc('admin_set_contact_status', { p_id: ids[3], p_status: 'deleted' }, admin);
    expect([invalid.status, invalid.body?.hint]).toEqual([400, 'validation']);
    const unknown = await rpc('admin_set_contact_status', { p_id: '00000000-0000-4000-8000-000000000000', p_status: 'closed' }, admin);
    expect([unknown.status, unknown.body?.hint]).toEqual([404, 'not_found']);

    const onlyAnswered = (await rpc('admin_contact_messages', { p_status: 'answered', p_limit: 50, p_after_created_at: null, p_after_id: null }, admin)).body as unknown as Inbox;
    expect(onlyAnswered.messages.map((m) => m.id)).toContain(ids[4]);
    expect(onlyAnswered.messages.every((m) => m.status === 'answered')).toBe(true);
    expect(onlyAnswered.counts.answered).toBeGreaterThanOrEqual(1);
    expect(onlyAnswered.counts.closed).toBeGreaterThanOrEqual(1);

    const audit = await sql<{ action: string; admin_id: string; target_kind: string; user_id: string | null }>(
      `select action, admin_id, target_kind, user_id from public.admin_actions where target_id = any($1::uuid[]) order by created_at`,
      [[ids[4], ids[3]]],
    );
    expect(audit).toEqual([
      { action: 'contact_answered', admin_id: admin.id, target_kind: 'contact_message', user_id: person.id },
      { action: 'contact_closed', admin_id: admin.id, target_kind: 'contact_message', user_id: null },
    ]);
  });

  test('the database refuses a burst per e-mail address and per account (429 and the wait), and it recovers', async () => {
    const rpc = rpcCaller();
    const email = `rajada-${unique()}@example.test`;
    const replies: Reply[] = [];
    for (let i = 0; i < 5; i++) replies.push(await rpc('send_contact_message', message({ p_email: i % 2 ? email.toUpperCase() : email })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    expect(replies[3].body).toEqual(expect.objectContaining({ code: 'PT429', hint: 'too_many_messages', details: expect.stringMatching(/^\d+$/) }));
    const wait = Number(replies[3].body?.details);
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(600);
    expect(replies[3].retryAfter).toBe(String(wait));
    // Another address is not held up.
    expect((await rpc('send_contact_message', message())).status).toBe(200);

    // A signed-in person is counted as themselves, whatever address they type.
    const sender = await signUp('rajada');
    const bySender: number[] = [];
    for (let i = 0; i < 4; i++) bySender.push((await rpc('send_contact_message', message(), sender)).status);
    expect(bySender).toEqual([200, 200, 200, 429]);

    // Ten minutes later the address may send again …
    await sql(`update public.contact_messages set created_at = created_at - interval '11 minutes' where lower(email) = $1`, [email]);
    expect((await rpc('send_contact_message', message({ p_email: email }))).status).toBe(200);
    // … up to ten in a day.
    for (let i = 0; i < 6; i++) {
      await sql(`update public.contact_messages set created_at = created_at - interval '11 minutes' where lower(email) = $1`, [email]);
      expect((await rpc('send_contact_message', message({ p_email: email }))).status).toBe(200);
    }
    await sql(`update public.contact_messages set created_at = created_at - interval '11 minutes' where lower(email) = $1`, [email]);
    const eleventh = await rpc('send_contact_message', message({ p_email: email }));
    expect([eleventh.status, eleventh.body?.hint]).toEqual([429, 'too_many_messages']);
    expect(Number(eleventh.body?.details)).toBeGreaterThan(600);
    await sql(`update public.contact_messages set created_at = created_at - interval '1 day' where lower(email) = $1`, [email]);
    expect((await rpc('send_contact_message', message({ p_email: email }))).status).toBe(200);
  });

  test('an anonymous sender using someone\'s address does not use up that person\'s allowance (issue 33 security review)', async () => {
    const rpc = rpcCaller();
    const victim = await signUp('vitima');
    const address = `vitima-${unique()}@example.test`;
    // a visitor sends three with the victim's address: the visitor's allowance for it is spent …
    for (let i = 0; i < 3; i++) expect((await rpc('send_contact_message', message({ p_email: i % 2 ? address.toUpperCase() : ` ${address} ` }))).status).toBe(200);
    expect((await rpc('send_contact_message', message({ p_email: address }))).status).toBe(429);
    // … the signed-in victim still sends, with that same address
    const own = await rpc('send_contact_message', message({ p_email: address }), victim);
    expect([own.status, own.body?.hint ?? null]).toEqual([200, null]);
  });

  test('concurrent sends from one address: exactly three get through', async () => {
    const rpc = rpcCaller();
    const email = `juntas-${unique()}@example.test`;
    const replies = await Promise.all(Array.from({ length: 8 }, () => rpc('send_contact_message', message({ p_email: email }))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(5);
    const [{ count }] = await sql<{ count: number }>(`select count(*)::int as count from public.contact_messages where email = $1`, [email]);
    expect(count).toBe(3);
  });

  describe('per client address, on the sync-server', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer({ postgresServerUrl, contactRateLimit: 4 });
    }, 120_000);
    afterAll(async () => limited?.close());

    test(`the default is ${CONTACT_RATE_LIMIT} per 5 minutes`, () => {
      expect(defaultConfig().contactRateLimit).toBe(CONTACT_RATE_LIMIT);
    });

    test('a burst from one address is refused with 429 and its wait, whatever the addresses typed; another device is not', async () => {
      const call = (address: string) => async () => {
        const response = await fetchFrom(address)(`${limited.url}/rest/v1/rpc/send_contact_message`, {
          method: 'POST',
          headers: { apikey: limited.ctx.config.anonKey, authorization: `Bearer ${limited.ctx.config.anonKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(message()),
        });
        return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
      };
      const statuses: number[] = [];
      let refused: { body: Record<string, unknown>; retryAfter: string | null } | undefined;
      for (let i = 0; i < 6; i++) {
        const reply = await call('127.0.0.5')();
        statuses.push(reply.status);
        if (reply.status === 429) refused = reply;
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      expect(refused?.body).toEqual(expect.objectContaining({ code: 'PT429', hint: 'too_many_messages', details: expect.stringMatching(/^\d+$/) }));
      expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
      expect((await call('127.0.0.6')()).status).toBe(200);
    });
  });
});
