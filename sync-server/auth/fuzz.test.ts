import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GOTRUE_AUTH_RATE_LIMITS } from '../config.ts';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { ADULT_BIRTH_DATE, signUpAdult } from '../test-people.ts';
import { uniqueEmail } from './test-helpers.ts';

/**
 * Generated bad input at every auth endpoint: always a 2xx, a redirect or a 4xx in GoTrue's
 * envelope, never a 500 (ARCHITECTURE §4). Two kinds of runs: anything at all, and requests that
 * pass the first checks (a valid e-mail and password, a real user's token) with hostile values
 * where the database takes over (usernames, display names, metadata of every size).
 */

const ENDPOINTS: { method: string; path: string }[] = [
  { method: 'POST', path: '/signup' },
  { method: 'POST', path: '/token?grant_type=password' },
  { method: 'POST', path: '/token?grant_type=refresh_token' },
  { method: 'POST', path: '/token?grant_type=pkce' },
  { method: 'POST', path: '/token?grant_type=' },
  { method: 'POST', path: '/recover' },
  { method: 'POST', path: '/otp' },
  { method: 'POST', path: '/magiclink' },
  { method: 'POST', path: '/resend' },
  { method: 'POST', path: '/verify' },
  { method: 'GET', path: '/verify' },
  { method: 'GET', path: '/user' },
  { method: 'PUT', path: '/user' },
  { method: 'POST', path: '/logout?scope=' },
  { method: 'POST', path: '/invite' },
  { method: 'GET', path: '/admin/users?page=' },
  { method: 'POST', path: '/admin/users' },
  { method: 'GET', path: '/admin/users/' },
  { method: 'PUT', path: '/admin/users/' },
  { method: 'DELETE', path: '/admin/users/' },
  { method: 'POST', path: '/admin/generate_link' },
  { method: 'GET', path: '/mailbox.json?limit=' },
  { method: 'GET', path: '/mailbox?to=' },
  { method: 'GET', path: '/settings' },
  { method: 'GET', path: '/health' },
  { method: 'PATCH', path: '/user' },
];

const FIELDS = [
  'email', 'password', 'phone', 'data', 'refresh_token', 'type', 'token', 'token_hash', 'auth_code', 'code_verifier',
  'code_challenge', 'code_challenge_method', 'ban_duration', 'user_metadata', 'app_metadata', 'create_user', 'redirect_to',
  'email_confirm', 'role', 'id', 'should_soft_delete', 'nonce', 'channel', 'gotrue_meta_security',
];

/** Text that has hurt servers before: control and invisible characters, quotes, huge, lone surrogates. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'ana\u200Bmaria',
    'abc\u202Edef',
    '\uD800',
    '\uDFFFx',
    `o'brien"; drop table auth.users; --`,
    'joão_ñ',
    '😀😀😀',
    'a'.repeat(5_000),
    'x'.repeat(20),
    'x'.repeat(21),
    'ab',
    '<script>alert(1)</script>',
    '{"$ne": 1}',
    'NaN',
  ),
);

const jsonValue = fc.oneof(
  hostileText,
  fc.constantFrom('a@b.co', 'x'.repeat(300), 'signup', 'recovery', 'email', 'invite', 'magiclink', '24h', 's256', 'plain', "' or 1=1 --"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(hostileText, fc.integer(), fc.constant(null))),
  fc.array(hostileText, { maxLength: 3 }),
);

const anyBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), jsonValue).map((object) => JSON.stringify(object)),
  fc.string(),
  fc.constantFrom('', '[]', 'null', '{', '"x"', '{"email": {"$ne": 1}}', '{"data": []}', '{"email": "a@b.co", "password": 12345678}'),
);

/** Metadata a person could send at sign-up or on their profile: the app's keys with hostile values, some of them large. */
const metadata = fc.record(
  {
    username: fc.oneof(hostileText, fc.integer(), fc.constant(null), fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }))),
    display_name: fc.oneof(hostileText, fc.constantFrom('x'.repeat(8_000), 'x'.repeat(20_000))),
    full_name: hostileText,
    avatar_url: hostileText,
    extra: fc.oneof(hostileText, fc.array(fc.integer(), { maxLength: 5 })),
  },
  { requiredKeys: [] },
);

/** A query-string value of any generated text (encodeURIComponent throws on a lone surrogate). */
const queryValue = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

/** Below 500, and a 4xx carries GoTrue's envelope: {code, message}, the initial {code, error_code, msg}, or OAuth's {error}. */
function expectNoServerError(status: number, text: string, request: string) {
  expect(status, `${request} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(['code', 'error_code', 'error'].some((key) => typeof parsed[key] === 'string'), `${request} → ${text.slice(0, 300)}`).toBe(true);
  }
}

describe.each(TEST_BACKENDS)('auth/v1 under generated bad input on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let userToken: string;
  let userId: string;

  beforeAll(async () => {
    // The handlers are what is fuzzed here, not the rate limits (rate-limits.test.ts): no 429s in the way.
    const unlimited = 1e9;
    server = await startTestServer({
      postgresServerUrl,
      authRateLimits: { ...GOTRUE_AUTH_RATE_LIMITS, otp: unlimited, tokenRefresh: unlimited, verify: unlimited },
    });
    const { data, error } = await signUpAdult(server.anonClient(), { email: uniqueEmail('fuzzed'), password: 'correct horse 1' });
    expect(error).toBeNull();
    userId = data.user!.id;
    // A token without a session: a fuzzed logout cannot end it, so every run reaches the handlers as this user.
    userToken = await server.ctx.jwt.sign({ sub: userId, role: 'authenticated', aud: 'authenticated', email: data.user!.email } as never, 3600);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Whether a profile already has this username (any case): the one sign-up GoTrue answers with a 500. */
  async function usernameTaken(username: unknown): Promise<boolean> {
    if (username === undefined || username === null) return false;
    // Read as the sign-up trigger reads it (`->> 'username'`): a number is its text, so a number a
    // run already signed up with is taken too (the clean-clone run met {"username": 268435453}).
    const { rows } = await server.ctx.db
      .query(`select 1 from public.profiles where lower(username) = lower(btrim(($1::jsonb) ->> 'username'))`, [
        JSON.stringify({ username }),
      ])
      .catch(() => ({ rows: [] })); // text Postgres refuses (a NUL) names nobody
    return rows.length > 0;
  }

  async function send(method: string, path: string, body: string | undefined, headers: Record<string, string>) {
    const response = await fetch(`${server.url}/auth/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'GET' || method === 'DELETE' ? undefined : body,
      redirect: 'manual',
    });
    const text = await response.text();
    if (response.status >= 300 && response.status < 400) expect(() => new URL(response.headers.get('location') ?? '')).not.toThrow();
    return { status: response.status, text };
  }

  it('answers anything at all with a 2xx, 3xx or a 4xx error envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        anyBody,
        fc.constantFrom<'none' | 'nonsense' | 'anon' | 'service' | 'user'>('none', 'nonsense', 'anon', 'service', 'user'),
        fc.string({ maxLength: 20 }),
        fc.constantFrom(undefined, '2024-01-01', '2023-12-31', 'not-a-date', '9999-99-99'),
        async (endpoint, payload, who, suffix, apiVersion) => {
          const path = `${endpoint.path}${endpoint.path.endsWith('/') || endpoint.path.endsWith('=') ? queryValue(suffix) : ''}`;
          const query =
            endpoint.method === 'GET' && endpoint.path === '/verify'
              ? `?token=${queryValue(suffix)}&type=${queryValue(payload.slice(0, 10))}&redirect_to=${queryValue(payload.slice(10, 40))}`
              : '';
          const bearer = { none: undefined, nonsense: 'nonsense', anon: server.ctx.config.anonKey, service: server.ctx.config.serviceRoleKey, user: userToken }[who];
          const headers: Record<string, string> = {
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            ...(apiVersion ? { 'X-Supabase-Api-Version': apiVersion } : {}),
          };
          const { status, text } = await send(endpoint.method, path + query, payload, headers);
          expectNoServerError(status, text, `${endpoint.method} ${path}${query} ${payload.slice(0, 200)}`);
        },
      ),
      { numRuns: 1000 },
    );
  }, 180_000);

  it('answers sign-ups, OTP e-mails and profile updates carrying hostile metadata with a 2xx or a 4xx, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('signup', 'otp', 'update'), metadata, async (kind, data) => {
        const headers = { 'X-Supabase-Api-Version': '2024-01-01' };
        const email = uniqueEmail('fz');
        // An adult's date of birth, so that a hostile sign-up can also succeed (without one it is refused at commit).
        const signUpData = { birth_date: ADULT_BIRTH_DATE, ...data };
        const nameTaken = kind !== 'update' && (await usernameTaken(data.username));
        const { status, text } =
          kind === 'signup'
            ? await send('POST', '/signup', JSON.stringify({ email, password: 'correct horse 1', data: signUpData }), headers)
            : kind === 'otp'
              ? await send('POST', '/otp', JSON.stringify({ email, data: signUpData, create_user: true }), headers)
              : await send('PUT', '/user', JSON.stringify({ data }), { ...headers, authorization: `Bearer ${userToken}` });
        // A taken username meets the sign-up trigger only when the rest is valid: input refused
        // first (a lone surrogate in the metadata: 400) is the answer then.
        if (nameTaken && status >= 500) {
          // A username someone has: GoTrue's own answer to the sign-up trigger's 23505 (issue 18), nothing else
          expect({ status, body: JSON.parse(text) }).toEqual({ status: 500, body: { code: 'unexpected_failure', message: 'Database error saving new user' } });
        } else {
          expectNoServerError(status, text, `${kind} ${JSON.stringify(data).slice(0, 200)}`);
        }
        if (kind === 'update' && status === 200) {
          // Keep the fuzzed user small again, so that later runs test their own data, not the sum.
          await server.ctx.db.query(`update auth.users set raw_user_meta_data = '{}' where id = $1`, [userId]);
        }
      }),
      { numRuns: 150 },
    );
  }, 180_000);
});
