import path from 'node:path';
import WebSocket from 'ws';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

const FUNCTIONS_DIR = path.join(import.meta.dirname, 'test-fixtures', 'functions');
// No tables needed: an empty migrations folder keeps these tests independent of supabase/migrations.
const MIGRATIONS_DIR = path.join(import.meta.dirname, 'test-fixtures', 'migrations');

describe.each(TEST_BACKENDS)('functions on $name', ({ postgresServerUrl }) => {
  let server: TestServer;
  let userId: string;
  let user: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer({ functionsDir: FUNCTIONS_DIR, migrationsDir: MIGRATIONS_DIR, postgresServerUrl });
    userId = crypto.randomUUID();
    await server.ctx.db.query(
      `insert into auth.users (id, email, aud, role) values ($1, 'fn-user@example.test', 'authenticated', 'authenticated')`,
      [userId],
    );
    const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: userId, aud: 'authenticated' }, 3600);
    user = createClient(server.url, server.ctx.config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('invokes a handler with the JSON body, headers and a path starting at the function name', async () => {
    const { data, error } = await user.functions.invoke('echo', {
      body: { question: 'why?', n: 42 },
      headers: { 'x-custom': 'yes' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ method: 'POST', path: '/echo', query: {}, body: { question: 'why?', n: 42 }, custom: 'yes' });
  });

  it('routes sub-paths, query strings and other methods to the same handler', async () => {
    const response = await fetch(`${server.url}/functions/v1/echo/items/7?sort=asc`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.ctx.config.anonKey}`, 'content-type': 'text/plain' },
      body: 'plain text',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'PATCH', path: '/echo/items/7', query: { sort: 'asc' }, body: 'plain text' });

    const get = await user.functions.invoke('echo', { method: 'GET' });
    expect(get.data).toMatchObject({ method: 'GET', path: '/echo' });
  });

  it("shows the handler the caller's identity, and gives it the project URL and keys", async () => {
    const { data, error } = await user.functions.invoke('whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ sub: userId, role: 'authenticated', supabaseUrl: server.url, hasKeys: true });

    const anon = await server.anonClient().functions.invoke('whoami');
    expect(anon.data).toMatchObject({ sub: null, role: 'anon' });
  });

  it('lets a handler build its own supabase-js client from env and call back into the server', async () => {
    const { data, error } = await user.functions.invoke('list-buckets');
    expect(error).toBeNull();
    expect(data).toEqual({ buckets: expect.any(Array) });
  });

  it('answers 404 NOT_FOUND for an unknown function (and for names that are not function names)', async () => {
    const { error } = await user.functions.invoke('no-such-function');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });

    for (const name of ['..', '_shared', '.hidden', '%2E%2E%2Ftest-fixtures']) {
      const r = await fetch(`${server.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.ctx.config.anonKey}` },
      });
      expect(r.status).toBe(404);
    }
  });

  it('answers 401 to a missing or invalid JWT, before running the handler', async () => {
    const missing = await fetch(`${server.url}/functions/v1/whoami`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });

    const forged = await fetch(`${server.url}/functions/v1/whoami`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.ctx.config.anonKey.slice(0, -3)}abc` },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });

    const expired = await server.ctx.jwt.sign({ role: 'authenticated', sub: userId }, -10);
    const late = await fetch(`${server.url}/functions/v1/whoami`, {
      method: 'POST',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(late.status).toBe(401);
  });

  it('skips the JWT check for a function with verify_jwt = false in config.toml', async () => {
    const response = await fetch(`${server.url}/functions/v1/open-hook`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hook ok');
  });

  it('turns a throwing handler into 500 WORKER_ERROR and keeps serving', async () => {
    const { error } = await user.functions.invoke('broken');
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: 'WORKER_ERROR' });
    expect((await user.functions.invoke('echo', { body: { still: 'alive' } })).data).toMatchObject({ body: { still: 'alive' } });
  });
});
