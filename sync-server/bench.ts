/**
 * Benchmark of the sync-server (figures for the closing note; not a test). Run:
 *
 *   npx tsx sync-server/bench.ts                 # PGlite
 *   BENCH_DATABASE_URL=postgres://… npx tsx sync-server/bench.ts   # also a real Postgres server
 *
 * Prints
 *   1. cold start on a new PGlite data folder and warm restart on the same folder: time to ready
 *      (spawn → listening, and startServer() alone) and the child process's peak RSS;
 *   2. requests per second and p99 latency on loopback (autocannon) for a filtered select
 *      `GET /rest/v1/bench_items?select=*&id=eq.<x>` and an RPC `POST /rest/v1/rpc/bench_item`,
 *      with 1 and 50 concurrent connections.
 * The server runs in a child process (so the load generator does not share its event loop), on a
 * temp data folder with a temp migrations folder that creates the table (10 000 rows, RLS on) and
 * the function. Flags: --duration <s> (default 10).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './db/scratch.ts';
import { fileURLToPath } from 'node:url';

const THIS_FILE = fileURLToPath(import.meta.url);
const ROWS = 10_000;

const MIGRATION = `
create table public.bench_items (
  id integer primary key,
  name text not null,
  value numeric not null,
  created_at timestamptz not null default now()
);
insert into public.bench_items (id, name, value)
  select i, 'item ' || i, (i * 7919) % 1000 from generate_series(1, ${ROWS}) i;
alter table public.bench_items enable row level security;
create policy "Anyone can read items" on public.bench_items for select using (true);
-- the migrations give the API roles nothing by default (as a Supabase project created today)
grant select on public.bench_items to anon, authenticated;

create function public.bench_item(item_id integer) returns setof public.bench_items
language sql stable
as $$ select * from public.bench_items where id = item_id $$;
grant execute on function public.bench_item(integer) to anon, authenticated;
`;

// ---- child mode: start a server, report, then either exit or serve until SIGTERM ----------------

interface ReadyReport {
  startMs: number;
  maxRssMb: number;
  url: string;
}

async function runChild(mode: 'start-stop' | 'serve', dataDir: string, migrationsDir: string, databaseUrl?: string) {
  const { startServer } = await import('./app.ts');
  const began = performance.now();
  const server = await startServer({ port: 0, dataDir, migrationsDir, databaseUrl, storageDir: path.join(dataDir, '..', 'storage') });
  const report: ReadyReport = {
    startMs: performance.now() - began,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    url: server.url,
  };
  process.stdout.write(`READY ${JSON.stringify(report)}\n`);
  if (mode === 'start-stop') {
    await server.close();
    process.exit(0);
  }
  const stop = async () => {
    await server.close();
    const memory = { maxRssMb: process.resourceUsage().maxRSS / 1024, rssMb: process.memoryUsage().rss / 1024 / 1024 };
    process.stdout.write(`STOPPED ${JSON.stringify(memory)}\n`);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

// ---- parent mode ---------------------------------------------------------------------------

interface Child {
  process: ChildProcess;
  ready: ReadyReport;
  /** Milliseconds from spawn to the READY line (Node + tsx + server start). */
  spawnToReadyMs: number;
  output: string[];
}

function spawnChild(mode: 'start-stop' | 'serve', dataDir: string, migrationsDir: string, databaseUrl?: string): Promise<Child> {
  const began = performance.now();
  const args = ['--import', 'tsx', THIS_FILE, '--child', mode, dataDir, migrationsDir];
  if (databaseUrl) args.push(databaseUrl);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      if (line.startsWith('READY ')) {
        resolve({ process: child, ready: JSON.parse(line.slice(6)) as ReadyReport, spawnToReadyMs: performance.now() - began, output });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}:\n${output.join('\n')}`)));
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
}

async function measureStarts(migrationsDir: string) {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-bench-start-')), 'db');
  const cold = await spawnChild('start-stop', dataDir, migrationsDir);
  await waitForExit(cold.process);
  const warm = await spawnChild('start-stop', dataDir, migrationsDir);
  await waitForExit(warm.process);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  return { cold, warm };
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

type Autocannon = (options: Record<string, unknown>) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}>;

async function load(url: string, connections: number, duration: number, request: RequestInit): Promise<LoadResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const result = await autocannon({
    url,
    connections,
    duration,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** REST may still be the 501 placeholder while it is being written: say so instead of measuring errors. */
async function restIsReady(base: string, headers: Record<string, string>): Promise<string | undefined> {
  const response = await fetch(`${base}/rest/v1/bench_items?select=*&id=eq.1`, { headers });
  if (response.status === 200) return undefined;
  return `GET /rest/v1/bench_items answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
}

async function measureLoad(label: string, migrationsDir: string, duration: number, databaseUrl?: string) {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-bench-load-')), 'db');
  if (!databaseUrl) {
    // Create the PGlite folder first, so the server under load is a warm restart (initdb's
    // memory peak is reported by the cold start above, not mixed into these figures).
    await waitForExit((await spawnChild('start-stop', dataDir, migrationsDir)).process);
  }
  const server = await spawnChild('serve', dataDir, migrationsDir, databaseUrl);
  try {
    const { SUPABASE_DEMO_ANON_KEY: anonKey } = await import('./config.ts');
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' };
    const problem = await restIsReady(server.ready.url, headers);
    if (problem) {
      console.log(`\n[${label}] REST not measurable: ${problem}`);
      return;
    }
    const id = Math.floor(ROWS / 2);
    const cases: [string, string, RequestInit][] = [
      ['filtered select', `${server.ready.url}/rest/v1/bench_items?select=*&id=eq.${id}`, { headers }],
      [
        'rpc',
        `${server.ready.url}/rest/v1/rpc/bench_item`,
        { method: 'POST', headers, body: JSON.stringify({ item_id: id }) },
      ],
    ];
    console.log(`\n[${label}] requests per second on loopback (${duration} s each, server in its own process)`);
    console.log('  case              conns    req/s    p50 ms   p99 ms   non-2xx  errors');
    for (const [name, url, request] of cases) {
      for (const connections of [1, 50]) {
        // Warm the plan caches and the connection pool first.
        await load(url, connections, 1, request);
        const r = await load(url, connections, duration, request);
        console.log(
          `  ${name.padEnd(16)} ${String(connections).padStart(5)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${r.p50
            .toFixed(1)
            .padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(7)}`,
        );
      }
    }
  } finally {
    server.process.kill('SIGTERM');
    await waitForExit(server.process);
    const stopped = server.output.find((l) => l.startsWith('STOPPED '));
    if (stopped) {
      const memory = JSON.parse(stopped.slice(8)) as { maxRssMb: number; rssMb: number };
      console.log(`  server memory: peak RSS ${memory.maxRssMb.toFixed(0)} MB, RSS after the runs ${memory.rssMb.toFixed(0)} MB`);
    }
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

async function main() {
  const durationFlag = process.argv.indexOf('--duration');
  const duration = durationFlag > 0 ? Number(process.argv[durationFlag + 1]) : 10;
  const migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-bench-migrations-'));
  fs.writeFileSync(path.join(migrationsDir, '20240101000000_bench.sql'), MIGRATION);
  console.log(`sync-server benchmark — Node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}`);
  // Figures from a busy machine are not comparable: print how busy it was.
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  try {
    const { cold, warm } = await measureStarts(migrationsDir);
    console.log('\nstart on PGlite (child process; peak RSS = process maxRSS when ready)');
    console.log('                          spawn→ready   startServer()   peak RSS');
    for (const [name, run] of [
      ['cold (new data folder)', cold],
      ['warm (restart, same)', warm],
    ] as const) {
      console.log(
        `  ${name.padEnd(24)} ${run.spawnToReadyMs.toFixed(0).padStart(8)} ms ${run.ready.startMs.toFixed(0).padStart(11)} ms ${run.ready.maxRssMb
          .toFixed(0)
          .padStart(7)} MB`,
      );
    }

    await measureLoad('PGlite', migrationsDir, duration);
    const postgresUrl = process.env.BENCH_DATABASE_URL;
    if (postgresUrl) {
      const scratch = await createScratchDatabase(postgresUrl, 'cadernos_bench');
      try {
        await measureLoad('Postgres', migrationsDir, duration, scratch.url);
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    fs.rmSync(migrationsDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [, , , mode, dataDir, migrationsDir, databaseUrl] = process.argv;
  await runChild(mode as 'start-stop' | 'serve', dataDir, migrationsDir, databaseUrl);
} else {
  await main();
}
