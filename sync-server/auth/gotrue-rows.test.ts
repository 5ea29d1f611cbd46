import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';
import { uniqueEmail } from './test-helpers.ts';

/**
 * Accounts written by SQL (seeds, admin scripts) are read as GoTrue reads them: GoTrue scans
 * confirmation_token, recovery_token, email_change_token_new, email_change (and the other token
 * columns) into plain strings, so a NULL there makes the account's sign-in a 500 "Database error
 * querying schema" on Supabase. The sync-server must not hide that, and the demo accounts must be
 * written the way GoTrue writes accounts ('').
 */
const DEMO_SEED = path.resolve(import.meta.dirname, '../../supabase/seed-demo.sql');

describe.each(TEST_BACKENDS)('accounts written by SQL, on $name', ({ postgresServerUrl }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ postgresServerUrl, extraSeedFiles: [DEMO_SEED] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an account whose token columns are NULL cannot sign in: 500 "Database error querying schema", as on GoTrue', async () => {
    const email = uniqueEmail('null-tokens');
    await server.ctx.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               crypt('Demo1234', gen_salt('bf')), now(), '{"provider":"email","providers":["email"],"age_checked_by":"admin"}', '{}', now(), now())`,
      [email],
    );
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.ctx.config.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password: 'Demo1234' }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 'unexpected_failure', message: 'Database error querying schema' });
    // supabase-js takes any 5xx for a server in trouble, as it does with GoTrue's
    const { error } = await server.anonClient().auth.signInWithPassword({ email, password: 'Demo1234' });
    expect(error).toMatchObject({ name: 'AuthRetryableFetchError', status: 500 });
  });

  it('the demo accounts (npm start -- --demo) sign in: the seed writes their token columns as GoTrue does', async () => {
    const { data, error } = await server.anonClient().auth.signInWithPassword({ email: 'ana@demo.cadernos.app', password: 'Demo1234' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ username: 'ana_demo' });
  });
});
