import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_BACKENDS, type TestServer } from '../testing.ts';

/**
 * Issue 37: `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=…` answers the
 * request statement's EXPLAIN where PGRST_DB_PLAN_ENABLED is on (PostgREST's db-plan-enabled; off by
 * default: 406 PGRST107, unsupported.test). The statement runs as the caller: RLS holds, with ANALYZE too.
 */

const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const ANA = '00000000-0000-4000-8000-00000000000a';
const BRUNO = '00000000-0000-4000-8000-00000000000b';

describe.each(TEST_BACKENDS)('EXPLAIN plans on $name', (backend) => {
  let server: TestServer;
  let tokens: { ana: string; bruno: string };

  const rest = (route: string, token: string | undefined, accept: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('apikey', server.ctx.config.anonKey);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', accept);
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(`${server.url}/rest/v1${route}`, { ...init, headers });
  };

  beforeAll(async () => {
    const before = process.env.PGRST_DB_PLAN_ENABLED;
    process.env.PGRST_DB_PLAN_ENABLED = 'true';
    try {
      server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
    } finally {
      if (before === undefined) delete process.env.PGRST_DB_PLAN_ENABLED;
      else process.env.PGRST_DB_PLAN_ENABLED = before;
    }
    await server.ctx.db.exec(`
      insert into auth.users (id, email, aud, role) values
        ('${ANA}', 'ana@example.com', 'authenticated', 'authenticated'), ('${BRUNO}', 'bruno@example.com', 'authenticated', 'authenticated');
      insert into public.profiles (id, username) values ('${ANA}', 'ana'), ('${BRUNO}', 'bruno');
      insert into public.notebooks (id, owner_id, title) values (1, '${ANA}', 'Maths'), (2, '${ANA}', 'History');`);
    tokens = {
      ana: await server.ctx.jwt.sign({ role: 'authenticated', sub: ANA, aud: 'authenticated' }, 3600),
      bruno: await server.ctx.jwt.sign({ role: 'authenticated', sub: BRUNO, aud: 'authenticated' }, 3600),
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  it('a read answers its plan as JSON or text, with PostgREST\'s Content-Type', async () => {
    const json = await rest('/notebooks?select=id,questions(body)&id=eq.1', tokens.ana, 'application/vnd.pgrst.plan+json; for="application/json"');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
    const plan = JSON.parse(await json.text());
    expect(plan[0].Plan['Node Type']).toEqual(expect.any(String));
    expect(plan[0].Plan['Actual Rows']).toBeUndefined();

    const text = await rest('/notebooks?select=id', tokens.ana, 'application/vnd.pgrst.plan');
    expect(text.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
    expect(await text.text()).toMatch(/cost=/);
  });

  it('options=analyze runs it as the caller: the policy leaves Bruno no rows, and his delete removes nothing', async () => {
    const analyzed = await rest('/notebooks?select=id', tokens.bruno, 'application/vnd.pgrst.plan+json; options=analyze|verbose');
    expect(analyzed.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8');
    const plan = JSON.parse(await analyzed.text());
    expect(plan[0].Plan['Actual Rows']).toEqual(expect.any(Number));
    // the scan of notebooks returned nothing to Bruno (both rows are Ana's)
    const scans: { 'Actual Rows': number }[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'notebooks') scans.push(node as never);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(plan[0].Plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((scan) => scan['Actual Rows'])).toEqual(scans.map(() => 0));

    const deleted = await rest('/notebooks?id=eq.1', tokens.bruno, 'application/vnd.pgrst.plan+json; options=analyze', { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await server.ctx.db.query(`select id from public.notebooks where id = 1`)).rows).toHaveLength(1);
    const planted = await rest('/notebooks', undefined, 'application/vnd.pgrst.plan+json; options=analyze', { method: 'POST', body: '{"title": "x"}' });
    expect(planted.status).toBe(401);
    expect((await planted.json()).code).toBe('42501');
  });

  it('an RPC answers its plan; an unknown option is ignored', async () => {
    const res = await rest('/rpc/add_numbers', tokens.ana, 'application/vnd.pgrst.plan+json; options=bogus', { method: 'POST', body: '{"a": 1}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
    expect(JSON.parse(await res.text())[0].Plan).toBeDefined();
  });
});
