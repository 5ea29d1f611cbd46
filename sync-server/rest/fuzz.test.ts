/**
 * Throws a few thousand generated requests at /rest/v1 (odd paths, operators, quotes, parentheses,
 * unicode, random and malformed JSON, huge bodies, forged or foreign tokens) and checks that the
 * server never answers 5xx, always answers errors with PostgREST's envelope, and keeps answering.
 * PGlite only: the point is the request handling, and it is fast.
 */
import path from 'node:path';
import fc from 'fast-check';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';

process.env.PGRST_DB_SCHEMAS = 'public,api';

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const USER = '00000000-0000-4000-8000-0000000000f1';
const RUNS = Number(process.env.REST_FUZZ_RUNS ?? 2000);

/** The fixture's resources and their columns (or a function's arguments and result columns). */
interface Target {
  path: string;
  columns: string[];
  args?: string[];
}
const TARGETS: Target[] = [
  { path: '/notebooks', columns: ['id', 'owner_id', 'title', 'tags', 'meta', 'score', 'created_at', 'archived'] },
  { path: '/questions', columns: ['id', 'notebook_id', 'body', 'position'] },
  { path: '/labels', columns: ['id', 'name', 'uses'] },
  { path: '/profiles', columns: ['id', 'username', 'bio'] },
  { path: '/covers', columns: ['notebook_id', 'color'] },
  { path: '/notebook_labels', columns: ['notebook_id', 'label_id'] },
  { path: '/items', columns: ['id', 'name'] },
  { path: '/notebook_question_counts', columns: ['id', 'title', 'questions'] },
  { path: '/rpc/search_notebooks', columns: ['id', 'title', 'tags', 'meta', 'score'], args: ['query'] },
  { path: '/rpc/add_numbers', columns: [], args: ['a', 'b'] },
  { path: '/rpc/notebook_count', columns: [], args: [] },
  { path: '/rpc/notebook_titles', columns: ['notebook_id', 'notebook_title'], args: [] },
  { path: '/rpc/echo', columns: [], args: ['payload'] },
  { path: '/rpc/greet', columns: [], args: ['name'] },
  { path: '/rpc/fail_with', columns: [], args: ['reason'] },
  { path: '/rpc/bump_label', columns: [], args: ['label_name'] },
  { path: '/rpc/teapot', columns: [], args: [] },
];
const EMBEDS = ['questions(*)', 'profiles!inner(username)', 'labels(name)', 'covers(*)', 'notebooks(*,questions(*))', 'questions!inner(body)', '...profiles(username)', 'nope(*)'];
const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'isdistinct', 'cs', 'cd', 'ov',
  'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'fts(english)', 'eq(any)', 'like(all)', 'not.eq',
];
const BAD_OPERATORS = ['nope', '', 'in(', 'is.', 'is', 'not', 'eq(some)'];
const ODD = ['"', "'", '(', ')', ',', '.', '\\', '{', '}', '[', ']', '*', '%', ':', '::', '->', '->>', '!', ' ', '\u0000', 'é', '𝄞', '\u202e', ';', '--', '/*'];
const VALUES = ['1', '-1', '0', '1.5', 'true', 'null', '2024-01-01', 'abc', '{a,b}', '{"a":1}', '[1,2]', '(1,10)', '9999999999999999999999'];

/** Strings made mostly of the characters PostgREST's grammar cares about. */
const oddString = fc
  .array(fc.oneof(fc.constantFrom(...ODD), fc.constantFrom(...VALUES), fc.string({ maxLength: 4 }), fc.integer().map(String)), { maxLength: 6 })
  .map((parts) => parts.join(''));

const filterValue = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...OPERATORS), fc.oneof(fc.constantFrom(...VALUES), oddString)).map(([op, v]) => `${op}.${v}`) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('in', 'not.in'), fc.array(fc.oneof(fc.constantFrom(...VALUES), oddString), { maxLength: 4 }))
      .map(([op, vs]) => `${op}.(${vs.join(',')})`),
  },
  { weight: 3, arbitrary: fc.constantFrom('is.null', 'is.true', 'not.is.null', 'is.unknown', 'in.("a,b",c)', 'in.()') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...BAD_OPERATORS), oddString).map(([op, v]) => `${op}.${v}`) },
  { weight: 1, arbitrary: oddString },
);

/** Query parameters that make sense (or nearly) for one target. */
function paramsFor(target: Target): fc.Arbitrary<[string, string][]> {
  const column = fc.oneof(
    { weight: 8, arbitrary: target.columns.length ? fc.constantFrom(...target.columns) : fc.constant('pgrst_scalar') },
    { weight: 1, arbitrary: fc.constantFrom('nope', 'questions.body', 'meta->>a', 'meta->a->b', 'tags->0', 'a.b.c') },
  );
  const selectItem = fc.oneof(
    { weight: 6, arbitrary: column },
    { weight: 2, arbitrary: fc.constantFrom(...EMBEDS) },
    { weight: 2, arbitrary: column.chain((c) => fc.constantFrom(`x:${c}`, `${c}::text`, `${c}::int`, `${c}::nope`, `${c}->a`, `${c}.sum()`, '*', 'count()')) },
  );
  const select = fc.oneof(
    { weight: 5, arbitrary: fc.array(selectItem, { minLength: 1, maxLength: 4 }).map((items) => items.join(',')) },
    { weight: 1, arbitrary: oddString },
  );
  const logic = fc
    .array(fc.tuple(column, filterValue), { minLength: 1, maxLength: 3 })
    .map((parts) => `(${parts.map(([c, v]) => `${c}.${v}`).join(',')})`);
  const order = fc
    .array(fc.tuple(column, fc.constantFrom('', '.asc', '.desc', '.desc.nullsfirst', '.nullslast', '.bad')), { minLength: 1, maxLength: 2 })
    .map((terms) => terms.map(([c, d]) => c + d).join(','));
  const param: fc.Arbitrary<[string, string]> = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(column, filterValue) },
    { weight: 4, arbitrary: fc.tuple(fc.constant('select'), select) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'questions.or'), fc.oneof({ weight: 4, arbitrary: logic }, { weight: 1, arbitrary: oddString })) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('order', 'questions.order'), fc.oneof({ weight: 4, arbitrary: order }, { weight: 1, arbitrary: oddString })) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('limit', 'offset', 'questions.limit'), fc.oneof(fc.integer({ min: -2, max: 5 }).map(String), oddString)) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('on_conflict', 'columns'), fc.oneof(column, oddString)) },
    { weight: 4, arbitrary: fc.tuple(target.args?.length ? fc.constantFrom(...target.args) : fc.constant('apikey'), fc.oneof(fc.constantFrom(...VALUES), oddString)) },
    { weight: 1, arbitrary: fc.tuple(oddString, oddString) },
  );
  return fc.array(param, { maxLength: 3 });
}

/** A JSON body shaped for the target (its columns or arguments as keys), sometimes not. */
function bodyFor(target: Target): fc.Arbitrary<string> {
  const keys = [...target.columns, ...(target.args ?? [])];
  const key = fc.oneof({ weight: 6, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('x') }, { weight: 1, arbitrary: fc.constantFrom('nope', '') });
  const value = fc.oneof(fc.constantFrom(...VALUES.map((v) => JSON.parse(JSON.stringify(v)))), fc.jsonValue({ maxDepth: 2 }), oddString);
  const object = fc.dictionary(key, value, { maxKeys: 4 });
  return fc.oneof(
    { weight: 6, arbitrary: object.map((o) => JSON.stringify(o)) },
    { weight: 3, arbitrary: fc.array(object, { maxLength: 3 }).map((a) => JSON.stringify(a)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[1,', '{"title":', 'null', 'nul', '{"title":"x"}}', '\u0000', '{"a":1e999999}', '"just a string"') },
  );
}

const oddPath = fc.oneof(
  oddString.map((s) => `/${encodeURIComponent(s)}`),
  oddString.map((s) => `/rpc/${encodeURIComponent(s)}`),
  fc.constantFrom('', '/', '/rpc', '/rpc/', '/a/b/c', '/%zz', '/%E0%A4%A', '/notebooks/', '/..%2f..%2fetc'),
);

/** Header values must be visible ASCII for fetch to send them at all. */
const headerText = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '?'));

/** Present in about one request out of `1 + absent`. */
const sometimes = <T,>(arb: fc.Arbitrary<T>, absent = 3) =>
  fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

interface Tokens {
  valid: string[];
  invalid: string[];
}

describe('REST fuzz (PGlite)', () => {
  let server: TestServer;
  let tokens: Tokens;
  let hugeBody: string;

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS });
    await server.ctx.db.exec(`
      insert into auth.users (id, email, aud, role) values ('${USER}', 'fuzz@example.com', 'authenticated', 'authenticated');
      insert into public.profiles (id, username) values ('${USER}', 'fuzz');
      insert into public.notebooks (owner_id, title, tags, meta) values ('${USER}', 'a notebook', '{x}', '{"a": {"b": 1}}');
      insert into public.labels (name) values ('one'), ('two');`);
    const { jwt, config } = server.ctx;
    const secret = new TextEncoder().encode(config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const user = await jwt.sign({ role: 'authenticated', sub: USER, aud: 'authenticated' }, 3600);
    const [header, payload, signature] = user.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const { privateKey } = await generateKeyPair('RS256');
    tokens = {
      valid: [config.anonKey, config.serviceRoleKey, user],
      invalid: [
        await jwt.sign({ role: 'authenticated', sub: USER }, -60),
        `${header}.${b64({ role: 'service_role', exp: now + 3600 })}.${signature}`,
        `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS512' }).setExpirationTime(now + 60).sign(secret),
        await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'RS256' }).setExpirationTime(now + 60).sign(privateKey),
        await jwt.sign({ role: 'postgres' }, 3600),
        await jwt.sign({ role: 'supabase_admin' }, 3600),
        await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(now + 60).sign(new TextEncoder().encode('x'.repeat(40))),
        'not.a.jwt',
        'only-one-part',
        '',
        'ey.ey.ey',
      ],
    };
    hugeBody = JSON.stringify({ title: 'x'.repeat(server.ctx.config.maxBodyBytes + 1) });
  });

  afterAll(async () => {
    await server?.close();
  });

  it(`never answers 5xx, always with the error envelope, to ${RUNS} generated requests`, async () => {
    const shaped = fc
      .oneof({ weight: 12, arbitrary: fc.constantFrom(...TARGETS) }, { weight: 1, arbitrary: oddPath.map((path): Target => ({ path, columns: [] })) })
      .chain((target) => fc.record({ path: fc.constant(target.path), params: paramsFor(target), body: bodyFor(target) }));
    const request = fc.record({
      shaped,
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'POST', 'PATCH', 'PATCH', 'PUT', 'DELETE', 'DELETE', 'OPTIONS', 'PROPFIND'),
      rawQuery: sometimes(fc.constantFrom('&%zz=1', '&a=%E0%A4%A', '&&&', '&=', '&select', '&id'), 8),
      // Mostly tokens that pass, so most requests reach the planner and Postgres.
      authorization: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 8, arbitrary: fc.constantFrom(...tokens.valid).map((t) => `Bearer ${t}`) },
        { weight: 1, arbitrary: fc.constantFrom(...tokens.invalid).map((t) => `Bearer ${t}`) },
        { weight: 1, arbitrary: fc.oneof(fc.constantFrom('Bearer', 'Basic abc', 'bearer   ', 'Bearer a b c'), headerText.map((t) => `Bearer ${t}`)) },
      ),
      apikey: fc.oneof(
        { weight: 20, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...tokens.valid, ...tokens.invalid), headerText) },
      ),
      prefer: sometimes(
        fc
          .array(
            fc.constantFrom('return=representation', 'return=minimal', 'return=headers-only', 'count=exact', 'count=planned', 'count=estimated',
              'resolution=merge-duplicates', 'resolution=ignore-duplicates', 'missing=default', 'handling=strict', 'max-affected=1', 'tx=rollback', 'bogus'),
            { maxLength: 4 },
          )
          .map((p) => p.join(', ')),
        1,
      ),
      accept: sometimes(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'application/vnd.pgrst.object+json;nulls=stripped', 'text/csv') },
          { weight: 1, arbitrary: fc.oneof(fc.constantFrom('text/html', 'application/vnd.pgrst.plan+text', '*/*;q=0'), headerText) },
        ),
      ),
      profile: sometimes(fc.oneof(fc.constantFrom('public', 'public', 'api', 'auth', 'pg_catalog'), headerText), 8),
      range: sometimes(fc.oneof(fc.constantFrom('0-1', '5-2', '0-', 'items=0-0', '-1'), headerText), 6),
      contentType: sometimes(fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-8'), 1),
      huge: fc.oneof({ weight: 40, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    });

    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const { path: route, params, body } = r.shaped;
        const search = new URLSearchParams(params).toString() + (r.rawQuery ?? '');
        const headers = new Headers();
        if (r.authorization !== undefined) headers.set('Authorization', r.authorization);
        headers.set('apikey', r.apikey ?? server.ctx.config.anonKey);
        if (r.prefer !== undefined) headers.set('Prefer', r.prefer);
        if (r.accept !== undefined) headers.set('Accept', r.accept);
        if (r.profile !== undefined) headers.set(r.method === 'GET' ? 'Accept-Profile' : 'Content-Profile', r.profile);
        if (r.range !== undefined) headers.set('Range', r.range);
        if (r.contentType !== undefined) headers.set('Content-Type', r.contentType);
        const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
        const res = await fetch(`${server.url}/rest/v1${route}${search ? `?${search}` : ''}`, {
          method: r.method,
          headers,
          body: withBody ? (r.huge ? hugeBody : body) : undefined,
        });
        const text = await res.text();
        const code = res.status >= 400 && text.startsWith('{') ? (JSON.parse(text) as { code?: string }).code : '';
        outcomes.set(`${res.status} ${code}`, (outcomes.get(`${res.status} ${code}`) ?? 0) + 1);
        const where = `${r.method} ${route}?${search} → ${res.status} ${text.slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400 && r.method !== 'HEAD') {
          const body = JSON.parse(text);
          expect(typeof body.code, where).toBe('string');
          expect(typeof body.message, where).toBe('string');
          expect(body, where).toHaveProperty('details');
          expect(body, where).toHaveProperty('hint');
        }
        if (res.ok && text !== '' && res.headers.get('content-type')?.includes('json')) JSON.parse(text);
      }),
      { numRuns: RUNS, seed: process.env.REST_FUZZ_SEED ? Number(process.env.REST_FUZZ_SEED) : undefined },
    );

    // What the generated requests reached, so a run that only exercised authentication shows.
    console.info('[rest fuzz] outcomes:', Object.fromEntries([...outcomes].sort((a, b) => b[1] - a[1])));
    const after = await fetch(`${server.url}/rest/v1/labels?select=name&order=name`, { headers: { apikey: server.ctx.config.anonKey } });
    expect(after.status).toBe(200);
    expect(Array.isArray(await after.json())).toBe(true);
  }, 180_000);
});
