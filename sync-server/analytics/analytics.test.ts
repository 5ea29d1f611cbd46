/**
 * The analytics collector and the admin summary (issue 36; spec §3, §9), through the real
 * sync-server with plain HTTP, on PGlite and on PostgreSQL:
 * - POST /__analytics stores a valid batch and refuses anything not in src/analytics/events.ts
 *   with a clear 4xx (never a 500), limits each client address (429 + Retry-After);
 * - no stored row holds anything about a person: every stored payload is inspected (no account
 *   id, no address, no e-mail, no free text) — the columns are day, name, props, visitor;
 * - rows older than the retention go (private.analytics_purge);
 * - admin_analytics_summary is the admins' alone (42501 not_allowed for a person, refused to a
 *   visitor) and its numbers are the events sent.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchFrom } from '../auth/test-helpers.ts';
import { signUpAdult } from '../test-people.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { EVENT_PARAMS } from '../../src/analytics/events.ts';
import { purgeAnalytics } from './index.ts';

interface Person {
  id: string;
  token: string;
  email: string;
}

const visitor = () => randomBytes(8).toString('hex');
const now = () => new Date().toISOString();
let run = 0;

describe.each(TEST_BACKENDS)('analytics ($name)', ({ postgresServerUrl }) => {
  let server: TestServer;
  let admin: Person;
  let person: Person;

  async function send(body: unknown, { address = '127.0.0.1', raw, type = 'application/json' }: { address?: string; raw?: string; type?: string } = {}) {
    const response = await fetchFrom(address)(`${server.url}/__analytics`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: raw ?? JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, retryAfter: response.headers.get('retry-after') };
  }

  async function rpc(fn: string, args: Record<string, unknown>, as?: Person) {
    const response = await fetch(`${server.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: server.ctx.config.anonKey,
        authorization: `Bearer ${as?.token ?? server.ctx.config.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function signUp(label: string): Promise<Person> {
    const username = `${label}_${randomBytes(3).toString('hex')}${run++}`;
    const email = `${username}@example.test`;
    const { data, error } = await signUpAdult(server.anonClient(), { email, password: 'Senha-forte-1', username });
    if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
    return { id: data.user.id, token: data.session.access_token, email };
  }

  const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.ctx.db.query(text, params)).rows as Row[];

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    admin = await signUp('admin');
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.id]);
    person = await signUp('pessoa');
  }, 120_000);
  afterAll(async () => server?.close());

  test('a valid batch is stored: day, name, parameters and the visitor value, nothing else', async () => {
    const v = visitor();
    const reply = await send({
      visitor: v,
      events: [
        { name: 'page_view', props: { path: '/notebook/:id', locale: 'pt-BR' }, at: now() },
        { name: 'purchase', props: { currency: 'BRL', value_cents: 990, item_category: 'theme' }, at: now() },
        { name: 'sign_up', props: {}, at: now() },
      ],
    });
    expect(reply).toMatchObject({ status: 202, body: { stored: 3 } });
    const rows = await sql<{ day: string; name: string; props: unknown; visitor: string }>(
      `select day::text as day, name, props, visitor from public.analytics_events where visitor = $1 order by id`,
      [v],
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(rows).toEqual([
      { day: today, name: 'page_view', props: { path: '/notebook/:id', locale: 'pt-BR' }, visitor: v },
      { day: today, name: 'purchase', props: { currency: 'BRL', value_cents: 990, item_category: 'theme' }, visitor: v },
      { day: today, name: 'sign_up', props: {}, visitor: v },
    ]);
  });

  test('anything not in the list is refused with its own code (4xx, never a 500), and nothing of it is stored', async () => {
    const ok = { name: 'login', props: {}, at: now() };
    const cases: [unknown, number, string][] = [
      [[], 400, 'bad_batch'],
      [{ visitor: visitor() }, 400, 'bad_batch'],
      [{ visitor: visitor(), events: [], extra: 1 }, 400, 'bad_batch'],
      [{ visitor: 'Maria', events: [ok] }, 400, 'bad_visitor'],
      [{ events: [ok] }, 400, 'bad_visitor'],
      [{ visitor: visitor(), events: [{ ...ok, name: 'answer_text' }] }, 400, 'unknown_event'],
      [{ visitor: visitor(), events: [{ ...ok, name: 'toString' }] }, 400, 'unknown_event'],
      [{ visitor: visitor(), events: [{ ...ok, user_id: 'x' }] }, 400, 'bad_batch'],
      [{ visitor: visitor(), events: [{ name: 'search', props: { q: 'meu segredo' }, at: now() }] }, 400, 'unknown_param'],
      [{ visitor: visitor(), events: [{ name: 'exception', props: { message: 'Maria não achou' }, at: now() }] }, 400, 'unknown_param'],
      [{ visitor: visitor(), events: [{ name: 'page_view', props: { path: '/profile/maria' }, at: now() }] }, 400, 'bad_param'],
      [{ visitor: visitor(), events: [{ name: 'page_view', props: { path: '/x?email=a@b.c' }, at: now() }] }, 400, 'bad_param'],
      [{ visitor: visitor(), events: [{ name: 'purchase', props: { currency: 'USD' }, at: now() }] }, 400, 'bad_param'],
      [{ visitor: visitor(), events: [{ name: 'purchase', props: { value_cents: 1.5 } , at: now() }] }, 400, 'bad_param'],
      [{ visitor: visitor(), events: [{ ...ok, props: [] }] }, 400, 'bad_batch'],
      [{ visitor: visitor(), events: [{ ...ok, at: 'yesterday' }] }, 400, 'bad_at'],
      [{ visitor: visitor(), events: Array.from({ length: 51 }, () => ok) }, 413, 'request_too_large'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await send(body, { address: '127.0.0.2' });
      expect({ body, status: reply.status, code: reply.body?.code }).toEqual({ body, status, code });
    }
    expect(await send(null, { raw: '{"visitor":', address: '127.0.0.2' })).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    expect(await send(null, { raw: 'x'.repeat(17_000), address: '127.0.0.2' })).toMatchObject({ status: 413, body: { code: 'request_too_large' } });
    expect(await send({}, { type: 'application/x-www-form-urlencoded', address: '127.0.0.2' })).toMatchObject({ status: 415 });
    const get = await fetch(`${server.url}/__analytics`);
    expect(get.status).toBe(405);
    const stored = await sql<{ n: number }>(`select count(*)::int as n from public.analytics_events where name = 'login'`);
    expect(stored[0].n).toBe(0);
  });

  test('events too old or dated ahead are dropped, not refused', async () => {
    const v = visitor();
    const old = new Date(Date.now() - 9 * 86_400_000).toISOString();
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const reply = await send({ visitor: v, events: [{ name: 'login', props: {}, at: old }, { name: 'login', props: {}, at: ahead }, { name: 'profile_updated', props: {}, at: now() }] });
    expect(reply).toMatchObject({ status: 202, body: { stored: 1 } });
  });

  test('no stored event holds anything about a person (every stored payload inspected)', async () => {
    // One of every event with every parameter, from a signed-in person's request (its token is not read).
    const v = visitor();
    const events = Object.entries(EVENT_PARAMS).map(([name, rules]) => ({
      name,
      props: Object.fromEntries(
        Object.entries(rules).map(([param, rule]) => [
          param,
          rule.type === 'enum' ? rule.values[0] : rule.type === 'int' ? rule.max : rule.type === 'bool' ? true : '/profile/:username',
        ]),
      ),
      at: now(),
    }));
    const response = await fetch(`${server.url}/__analytics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
      body: JSON.stringify({ visitor: v, events }),
    });
    expect(response.status).toBe(202);
    const columns = await sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'analytics_events' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'day', 'name', 'props', 'visitor']);
    const rows = await sql<{ row: Record<string, unknown> }>(`select to_jsonb(e) as row from public.analytics_events e`);
    // the running counts hold day, name, counts and the visitor values only
    const counted = await sql<{ row: Record<string, unknown> }>(
      `select to_jsonb(d) as row from public.analytics_daily d union all select to_jsonb(v) from public.analytics_visitors v
       union all select to_jsonb(a) from public.analytics_days a`,
    );
    for (const { row } of counted) expect(Object.keys(row).every((k) => ['day', 'name', 'events', 'visitor', 'active'].includes(k))).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(events.length);
    const people = await sql<{ id: string; email: string; username: string }>(
      `select u.id::text as id, u.email, p.username from auth.users u join public.profiles p on p.id = u.id`,
    );
    for (const { row } of [...rows, ...counted]) {
      const text = JSON.stringify(row);
      for (const p of people) {
        expect(text).not.toContain(p.id);
        expect(text.toLowerCase()).not.toContain(p.email.toLowerCase());
        expect(text).not.toContain(p.username);
      }
      expect(text).not.toMatch(/127\.0\.0\.|::1|::ffff|@|[0-9a-f]{8}-[0-9a-f]{4}-/i);
      if (!row.props) continue;
      // every parameter is one the list allows, of its type
      const rules = EVENT_PARAMS[row.name as keyof typeof EVENT_PARAMS] as Record<string, unknown>;
      for (const key of Object.keys(row.props as object)) expect(Object.keys(rules)).toContain(key);
    }
  });

  test('retention: events older than the limit are deleted', async () => {
    await sql(`select private.analytics_store($1::jsonb, 'abcdefabcdef0123')`, [
      JSON.stringify([
        { day: new Date(Date.now() - 401 * 86_400_000).toISOString().slice(0, 10), name: 'login', props: {} },
        { day: new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10), name: 'login', props: {} },
      ]),
    ]);
    expect(await purgeAnalytics(server.ctx.db)).toBe(1);
    for (const table of ['analytics_events', 'analytics_daily', 'analytics_visitors', 'analytics_days']) {
      const left = await sql<{ n: number }>(`select count(*)::int as n from public.${table} where day < current_date - 300`);
      expect({ table, n: left[0].n }).toEqual({ table, n: 1 });
    }
    expect(await purgeAnalytics(server.ctx.db, 300)).toBe(1);
  });

  test('the summary is the admins’ alone, and its numbers are the events sent', async () => {
    expect(await rpc('admin_analytics_summary', { p_days: 7 }, person)).toMatchObject({ status: 403, body: { hint: 'not_allowed' } });
    expect((await rpc('admin_analytics_summary', { p_days: 7 })).status).toBeGreaterThanOrEqual(401);
    const before = (await rpc('admin_analytics_summary', { p_days: 7 }, admin)).body;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const a = visitor();
    const b = visitor();
    const batch = (name: string, at: string, props: Record<string, unknown> = {}) => ({ name, props, at });
    expect((await send({ visitor: a, events: [batch('notebook_created', now(), { questions: 5 }), batch('answer_submitted', now()), batch('answer_submitted', now()), batch('sign_up', now())] })).status).toBe(202);
    expect((await send({ visitor: b, events: [batch('answer_submitted', now()), batch('page_view', now(), { path: '/' })] })).status).toBe(202);
    expect((await send({ visitor: b, events: [batch('notebook_created', yesterday)] })).status).toBe(202);
    const after = (await rpc('admin_analytics_summary', { p_days: 7 }, admin)).body;
    const day = (s: typeof after, d: string) => s.days.find((x: { day: string }) => x.day === d);
    const today = new Date().toISOString().slice(0, 10);
    const y = yesterday.slice(0, 10);
    expect(after.days).toHaveLength(7);
    const diff = (key: string, d: string) => day(after, d)[key] - day(before, d)[key];
    expect({ events: diff('events', today), notebooks: diff('notebooks', today), answers: diff('answers', today), sign_ups: diff('sign_ups', today), active: diff('active', today) }).toEqual({
      events: 6,
      notebooks: 1,
      answers: 3,
      sign_ups: 1,
      active: 2,
    });
    expect({ events: diff('events', y), notebooks: diff('notebooks', y), active: diff('active', y) }).toEqual({ events: 1, notebooks: 1, active: 1 });
    expect(after.totals.events - before.totals.events).toBe(7);
    // the running counts are the events' own counts, day by day and name by name
    const recount = await sql<{ day: string; name: string; n: number }>(
      `select day::text as day, name, count(*)::int as n from public.analytics_events group by 1, 2 order by 1, 2`,
    );
    const counts = await sql<{ day: string; name: string; n: number }>(`select day::text as day, name, events as n from public.analytics_daily order by 1, 2`);
    expect(counts).toEqual(recount);
    const active = await sql<{ day: string; n: number }>(
      `select day::text as day, count(distinct visitor)::int as n from public.analytics_events where visitor is not null group by 1 order by 1`,
    );
    expect(await sql(`select day::text as day, active as n from public.analytics_days order by 1`)).toEqual(active);
    expect(after.totals.answers - before.totals.answers).toBe(3);
  });

  test('only admins read the events and counts through the API; nobody writes them', async () => {
    const read = async (table: string, as?: Person) => {
      const response = await fetch(`${server.url}/rest/v1/${table}?select=*&limit=5`, {
        headers: { apikey: server.ctx.config.anonKey, authorization: `Bearer ${as?.token ?? server.ctx.config.anonKey}` },
      });
      return { status: response.status, rows: response.ok ? ((await response.json()) as unknown[]).length : -1 };
    };
    const rows: Record<string, object> = {
      analytics_events: { day: '2026-11-29', name: 'login', props: {} },
      analytics_daily: { day: '2026-11-29', name: 'login', events: 1 },
      analytics_visitors: { day: '2026-11-29', visitor: '0123456789abcdef' },
      analytics_days: { day: '2026-11-29', active: 1 },
    };
    for (const [table, row] of Object.entries(rows)) {
      expect({ table, admin: (await read(table, admin)).rows > 0, person: await read(table, person) }).toEqual({ table, admin: true, person: { status: 200, rows: 0 } });
      expect((await read(table)).rows).toBeLessThanOrEqual(0);
      const write = await fetch(`${server.url}/rest/v1/${table}`, {
        method: 'POST',
        headers: { apikey: server.ctx.config.anonKey, authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(row),
      });
      expect([401, 403]).toContain(write.status);
    }
  });

  test('a burst from one client address is refused with 429 and Retry-After', async () => {
    const address = '127.0.0.7';
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 32; i++) {
      const reply = await send({ visitor: visitor(), events: [{ name: 'login', props: {}, at: now() }] }, { address });
      statuses.push(reply.status);
      if (reply.status === 429) retryAfter = reply.retryAfter;
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // another address is not held back
    expect((await send({ visitor: visitor(), events: [{ name: 'login', props: {}, at: now() }] }, { address: '127.0.0.8' })).status).toBe(202);
  });
});
