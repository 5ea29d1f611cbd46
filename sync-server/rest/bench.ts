/**
 * Loopback benchmark of /rest/v1 (not a test): a filtered select with an embed, and an RPC, with
 * 1 and 50 concurrent connections, on PGlite and (with TEST_DATABASE_URL) on a Postgres server.
 *
 *   npx tsx sync-server/rest/bench.ts            # 5 s per case
 *   BENCH_SECONDS=10 npx tsx sync-server/rest/bench.ts
 */
import path from 'node:path';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { startTestServer, TEST_BACKENDS } from '../testing.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MIGRATIONS = path.join(import.meta.dirname, 'test-fixtures', 'migrations');
const USER = '00000000-0000-4000-8000-0000000000b1';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}

async function run(url: string, method: 'GET' | 'POST', headers: Record<string, string>, body: string | undefined, connections: number) {
  // The load generator runs in a worker thread so it does not share the server's event loop.
  // CPU time per request (process.cpuUsage: the server and the load generator's worker thread, the
  // same for both versions compared): on a shared machine wall-clock figures follow the neighbours.
  const cpuBefore = process.cpuUsage();
  const result: AutocannonResult = await autocannon({ url, method, headers, body, connections, duration: SECONDS, workers: 1 });
  const cpu = process.cpuUsage(cpuBefore);
  // Let requests still queued in the server finish before the next case starts.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMs: cpuMs.toFixed(2) };
}

for (const backend of TEST_BACKENDS) {
  const server = await startTestServer({ migrationsDir: MIGRATIONS, postgresServerUrl: backend.postgresServerUrl });
  await server.ctx.db.exec(`
    insert into auth.users (id, email) values ('${USER}', 'bench@example.com');
    insert into public.profiles (id, username) values ('${USER}', 'bench');
    insert into public.notebooks (owner_id, title, score)
      select '${USER}', 'notebook ' || i, i % 100 from generate_series(1, 1000) i;
    insert into public.questions (notebook_id, body, position)
      select n.id, 'question ' || q, q from public.notebooks n, generate_series(1, 3) q;`);
  const token = await server.ctx.jwt.sign({ role: 'authenticated', sub: USER, aud: 'authenticated' }, 3600);
  const headers = { apikey: server.ctx.config.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const select = `${server.url}/rest/v1/notebooks?select=id,title,score,questions(body)&score=gt.50&title=like.notebook*&order=id.desc&limit=20`;
  const rpc = `${server.url}/rest/v1/rpc/add_numbers`;
  for (const connections of [1, 50]) {
    const s = await run(select, 'GET', headers, undefined, connections);
    console.log(`${backend.name} filtered select + embed, ${connections} conn: ${s.rps} req/s, p99 ${s.p99} ms, CPU ${s.cpuMs} ms/req, errors ${s.errors}`);
    const r = await run(rpc, 'POST', headers, '{"a": 1, "b": 2}', connections);
    console.log(`${backend.name} rpc add_numbers,          ${connections} conn: ${r.rps} req/s, p99 ${r.p99} ms, CPU ${r.cpuMs} ms/req, errors ${r.errors}`);
  }
  await server.close();
}
