import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

/**
 * sync-server/README.md's "Not supported" table, request by request: each gets PostgREST's clear
 * 4xx error (as PostgREST answers it with the feature disabled, where it has a switch), never a 500.
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';

describe.each(TEST_BACKENDS)('requests the REST API does not support, on $name', (backend) => {
  let server: TestServer;
  let token: string;

  const rest = (route: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('apikey', server.ctx.config.anonKey);
    headers.set('Authorization', `Bearer ${token}`);
    return fetch(`${server.url}/rest/v1${route}`, { ...init, headers });
  };

  beforeAll(async () => {
    server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
    await server.ctx.db.exec(`
      insert into auth.users (id, email, aud, role) values ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated');
      insert into public.profiles (id, username) values ('${ANA}', 'ana');
      insert into public.notebooks (id, owner_id, title) values (1, '${ANA}', 'Maths');
      insert into public.questions (id, notebook_id, body, position) values (1, 1, 'What?', 1);`);
    token = await server.ctx.jwt.sign({ role: 'authenticated', sub: ANA, aud: 'authenticated' }, 3600);
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['aggregates in select', '/notebooks?select=count()', {}, 400, 'PGRST123'],
    ['an aggregate of a column', '/notebooks?select=score.sum()', {}, 400, 'PGRST123'],
    ['embedding a function that takes no row of the table', '/notebooks?select=*,found:search_notebooks(*)', {}, 400, 'PGRST200'],
    ['an EXPLAIN plan', '/notebooks?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json' } }, 406, 'PGRST107'],
    ['or across an embedded column', '/notebooks?select=id,questions(body)&or=(title.eq.x,questions.body.eq.y)', {}, 400, 'PGRST100'],
    ['a CSV body', '/notebooks', { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: 'title\nx' }, 400, 'PGRST102'],
    ['a form body', '/notebooks', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'title=x' }, 400, 'PGRST102'],
  ] as [string, string, RequestInit, number, string][])('%s: %s → %i %s', async (_what, route, init, status, code) => {
    const res = await rest(route, init);
    const body = await res.json();
    expect({ status: res.status, code: body.code }).toEqual({ status, code });
    expect(typeof body.message).toBe('string');
  });
});
