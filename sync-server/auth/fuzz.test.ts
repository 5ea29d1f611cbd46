import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

/** Generated bad input at every auth endpoint: always a 4xx in GoTrue's envelope, never a 500. */

const ENDPOINTS: { method: string; path: string }[] = [
  { method: 'POST', path: '/signup' },
  { method: 'POST', path: '/token?grant_type=password' },
  { method: 'POST', path: '/token?grant_type=refresh_token' },
  { method: 'POST', path: '/token?grant_type=pkce' },
  { method: 'POST', path: '/recover' },
  { method: 'POST', path: '/otp' },
  { method: 'POST', path: '/resend' },
  { method: 'POST', path: '/verify' },
  { method: 'GET', path: '/verify' },
  { method: 'PUT', path: '/user' },
  { method: 'POST', path: '/logout' },
  { method: 'POST', path: '/admin/users' },
  { method: 'PUT', path: '/admin/users/' },
];

const FIELDS = ['email', 'password', 'data', 'refresh_token', 'type', 'token', 'token_hash', 'auth_code', 'code_verifier', 'code_challenge', 'code_challenge_method', 'ban_duration', 'user_metadata', 'create_user'];

const jsonValue = fc.oneof(
  fc.string(),
  fc.constantFrom('a@b.co', 'x'.repeat(300), '\u0000', 'signup', 'recovery', 'email', '24h', 's256', '<script>', "' or 1=1 --"),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.constant('\u0000'))),
  fc.array(fc.string(), { maxLength: 3 }),
);

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), jsonValue).map((object) => JSON.stringify(object)),
  fc.string(),
  fc.constantFrom('', '[]', 'null', '{', '"x"', '{"email": {"$ne": 1}}'),
);

describe.each(TEST_BACKENDS)('auth/v1 under generated bad input on $name', ({ postgresServerUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every request with a 2xx, 3xx or a 4xx error envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        body,
        fc.constantFrom(undefined, 'Bearer nonsense', `Bearer ${server.ctx.config.anonKey}`, `Bearer ${server.ctx.config.serviceRoleKey}`),
        fc.string({ maxLength: 20 }),
        async (endpoint, payload, authorization, suffix) => {
          const path = endpoint.path.endsWith('/') ? endpoint.path + encodeURIComponent(suffix) : endpoint.path;
          const query = endpoint.method === 'GET' ? `?token=${encodeURIComponent(suffix)}&type=${encodeURIComponent(payload.slice(0, 10))}` : '';
          const response = await fetch(`${server.url}/auth/v1${path}${query}`, {
            method: endpoint.method,
            headers: {
              'content-type': 'application/json',
              'X-Supabase-Api-Version': '2024-01-01',
              ...(authorization ? { authorization } : {}),
            },
            body: endpoint.method === 'GET' ? undefined : payload,
            redirect: 'manual',
          });
          const text = await response.text();
          expect(response.status, `${endpoint.method} ${path} ${payload} → ${text}`).toBeLessThan(500);
          if (response.status >= 400) {
            const parsed = JSON.parse(text) as Record<string, unknown>;
            expect(typeof parsed.code === 'string' || typeof parsed.error === 'string').toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);
});
