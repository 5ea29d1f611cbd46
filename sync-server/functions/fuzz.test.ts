/**
 * Generated bad input at /functions/v1 — the app's own functions (supabase/functions) on its own
 * migrations: odd function names and sub-paths, every method, bodies that are not what a function
 * expects (null, arrays, strings, wrong types, invalid JSON, other content types, oversized), and
 * forged, expired or foreign tokens. The server never answers 5xx, errors are JSON with a message,
 * and it keeps answering. Counts per kind and outcome are printed for the closing note.
 */
import http from 'node:http';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { signUpAdult } from '../test-people.ts';

const RUNS = Number(process.env.FUNCTIONS_FUZZ_RUNS ?? 600);
const ODD = ['"', "'", '(', ')', ',', '.', '..', '\\', '{', '}', '[', ']', '*', '%', '%zz', '%00', '%2f', ':', ' ', 'é', '𝄞', '\u202e', '\u200b', ';', '--'];
const oddString = fc
  .array(fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 6 }), fc.integer().map(String)), { maxLength: 5 })
  .map((parts) => parts.join(''));
const FUNCTIONS = ['achievement-manager', 'translations-manager', 'guardian-mail'];
const NAMES = ['nope', '_shared', '%2e%2e', '..', 'achievement-manager%00', 'ACHIEVEMENT-MANAGER', '%zz', 'a'.repeat(300)];
const ACTIONS = ['check_sharing_achievements', 'check_answer_achievements', 'grant_everything', '', null, 1, ['check_sharing_achievements'], { a: 1 }];
const idLike = fc.oneof(
  fc.uuid(),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', '', 'null', "' or 1=1 --", '%', 'a'.repeat(5000)),
  fc.jsonValue({ maxDepth: 1 }),
);

/** Stands for a 2 MiB body, made when sent (so that a counterexample stays readable). */
const OVERSIZED = '<2 MiB of JSON>';
const oversized = () => JSON.stringify({ action: 'check_sharing_achievements', pad: 'x'.repeat(2 * 1024 * 1024) });

/** A body meant for one of the functions, or not quite. */
const body: fc.Arbitrary<{ kind: string; text: string }> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({ action: fc.constantFrom(...ACTIONS), notebookId: idLike, answerId: idLike }, { requiredKeys: ['action'] })
      .map((o) => ({ kind: 'achievement body', text: JSON.stringify(o) })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record(
        { key: fc.oneof(fc.constantFrom('faq.title', 'a', '', 'x'.repeat(300), 'with space'), oddString, fc.jsonValue({ maxDepth: 1 })), pt_br: fc.jsonValue({ maxDepth: 1 }), en_us: fc.oneof(fc.string(), fc.constant(null)), method: fc.constantFrom('DELETE', 'PUT', 'delete', 1) },
        { requiredKeys: [] },
      )
      .map((o) => ({ kind: 'translation body', text: JSON.stringify(o) })),
  },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ kind: 'any JSON value', text: JSON.stringify(v) ?? 'null' })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('', 'null', '[]', '"x"', '{', '{"action":', 'nul', '\u0000', '{"action":"check_sharing_achievements"}}', '{"a":1e999999}', '\ufeff{"action":"check_sharing_achievements"}')
      .map((text) => ({ kind: 'malformed or empty', text })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ kind: 'random text', text })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'oversized', text: OVERSIZED }) },
);

const headerText = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '?'));

/**
 * TRACE, which fetch refuses to send (without a body: Node's parser answers 400 to one), and the
 * oversized bodies, on a connection of their own: a server may answer before reading 2 MiB and
 * close, and fetch's pool could hand that socket to the next request.
 */
function rawRequest(url: string, method: string, headers: Record<string, string>, payload: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // Content-Length set here: Node sends a DELETE body unframed otherwise (and its server answers 400).
    const framed = payload ? { ...headers, 'content-length': String(Buffer.byteLength(payload)) } : headers;
    const req = http.request(url, { method, headers: framed, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(TEST_BACKENDS)('functions/v1 under generated bad input on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let tokens: { name: string; value: string }[];

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
    const { jwt, config } = server.ctx;
    const client = server.anonClient();
    const { data, error } = await signUpAdult(client, { email: 'fuzz-fn@example.test', password: 'Senha-forte-1', username: 'fuzz_fn' });
    if (error || !data.session) throw error ?? new Error('no session');
    const user = data.session.access_token;
    const [header, payload, signature] = user.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const admin = await signUpAdult(client, { email: 'fuzz-admin@example.test', password: 'Senha-forte-1', username: 'fuzz_admin' });
    if (admin.error || !admin.data.session) throw admin.error ?? new Error('no session');
    await server.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.data.user!.id]);
    // The first two are valid people's tokens, drawn most often so that most requests reach the handlers' own checks.
    tokens = [
      { name: 'user', value: user },
      { name: 'admin', value: admin.data.session.access_token },
      { name: 'anon key', value: config.anonKey },
      { name: 'service key', value: config.serviceRoleKey },
      { name: 'expired', value: await jwt.sign({ role: 'authenticated', sub: data.user!.id }, -60) },
      { name: 'unknown person', value: await jwt.sign({ role: 'authenticated', sub: crypto.randomUUID(), aud: 'authenticated' }, 3600) },
      { name: 'forged', value: `${header}.${b64({ role: 'service_role', exp: now + 3600 })}.${signature}` },
      { name: 'alg none', value: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.` },
      { name: 'other secret', value: await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(now + 60).sign(new TextEncoder().encode('y'.repeat(40))) },
      { name: 'postgres role', value: await jwt.sign({ role: 'postgres' }, 3600) },
      { name: 'garbage', value: 'not.a.jwt' },
    ];
  }, 60_000);
  afterAll(async () => server?.close());

  it(`never answers 5xx to ${RUNS} generated requests; errors are JSON with a message`, async () => {
    const request = fc.record({
      name: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...FUNCTIONS) },
        { weight: 2, arbitrary: fc.constantFrom(...NAMES) },
        { weight: 1, arbitrary: oddString.map(encodeURIComponent) },
      ),
      subPath: fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        { weight: 2, arbitrary: fc.uuid().map((id) => `/${id}`) },
        { weight: 1, arbitrary: oddString.map((s) => `/${encodeURIComponent(s)}`) },
        { weight: 1, arbitrary: fc.constantFrom('/', '//', '/a/b/c', '/%zz', '/..%2f..%2fetc', '/%E0%A4%A') },
      ),
      query: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('?a=1', '?%zz', '?&&=', '?id=eq.1') }),
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant('POST') },
        { weight: 4, arbitrary: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE') },
        { weight: 2, arbitrary: fc.constantFrom('OPTIONS', 'HEAD', 'PROPFIND', 'PURGE', 'TRACE') },
      ),
      body,
      authorization: fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 12, arbitrary: fc.integer({ min: 0, max: 1 }).map((i) => ({ scheme: 'Bearer', i })) },
        { weight: 6, arbitrary: fc.integer({ min: 2, max: 10 }).map((i) => ({ scheme: 'Bearer', i })) },
        { weight: 1, arbitrary: fc.oneof(fc.constantFrom('Bearer', 'Basic abc', 'bearer   ', 'Bearer a b c'), headerText) },
      ),
      apikey: fc.oneof({ weight: 8, arbitrary: fc.constant('anon') }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: headerText }),
      contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined),
    });

    const kinds = new Map<string, number>();
    const bodies = new Map<string, number>();
    const tokensUsed = new Map<string, number>();
    const outcomes = new Map<string, number>();
    const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        let tokenName = 'none';
        if (typeof r.authorization === 'string') {
          headers.authorization = r.authorization;
          tokenName = 'malformed header';
        } else if (r.authorization) {
          headers.authorization = `Bearer ${tokens[r.authorization.i].value}`;
          tokenName = tokens[r.authorization.i].name;
        }
        if (r.apikey === 'anon') headers.apikey = server.ctx.config.anonKey;
        else if (r.apikey !== undefined) headers.apikey = r.apikey;
        if (r.contentType) headers['content-type'] = r.contentType;
        const url = `${server.url}/functions/v1/${r.name}${r.subPath}${r.query}`;
        const withBody = !['GET', 'HEAD', 'TRACE'].includes(r.method);
        const payload = r.body.text === OVERSIZED ? oversized() : r.body.text;
        let status: number;
        let text: string;
        if (r.method === 'TRACE' || (withBody && r.body.text === OVERSIZED)) {
          ({ status, text } = await rawRequest(url, r.method, headers, withBody ? payload : ''));
        } else {
          const res = await fetch(url, { method: r.method, headers, body: withBody ? payload : undefined });
          status = res.status;
          text = await res.text();
        }
        const known = FUNCTIONS.includes(r.name) ? r.name : 'other name';
        count(kinds, `${known} ${r.method}`);
        if (withBody) count(bodies, r.body.kind);
        count(tokensUsed, tokenName);
        count(outcomes, `${known} → ${status}`);
        const where = `${r.method} ${url} [${tokenName}] ${r.body.text.slice(0, 120)} → ${status} ${text.slice(0, 300)}`;
        expect(status, where).toBeLessThan(500);
        // A name like '..' is resolved by the URL parser before sending: that request is not for /functions/v1.
        const reachesFunctions = new URL(url).pathname.startsWith('/functions/v1');
        if (status >= 400 && r.method !== 'HEAD' && reachesFunctions) {
          const parsed = JSON.parse(text) as Record<string, unknown>;
          expect(typeof (parsed.error ?? parsed.message), where).toBe('string');
        }
      }),
      { numRuns: RUNS, seed: process.env.FUNCTIONS_FUZZ_SEED ? Number(process.env.FUNCTIONS_FUZZ_SEED) : undefined },
    );

    const sorted = (map: Map<string, number>) => Object.fromEntries([...map].sort((a, b) => b[1] - a[1]));
    console.info(`[functions fuzz] ${RUNS} requests by function and method:`, sorted(kinds));
    console.info('[functions fuzz] bodies:', sorted(bodies), 'tokens:', sorted(tokensUsed));
    console.info('[functions fuzz] outcomes:', sorted(outcomes));
    const after = await fetch(`${server.url}/functions/v1/translations-manager`);
    expect(after.status).toBe(200);
  }, 300_000);
});
