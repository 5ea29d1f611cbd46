/**
 * The server's CPU time per replication request (not a test): how many milliseconds of the server
 * process's CPU (process.cpuUsage: user + system, every thread) one pull and one push cost. Run:
 *
 *   npx tsx sync-server/rest/bench-rpc-cpu.ts                        # PGlite
 *   npx tsx sync-server/rest/bench-rpc-cpu.ts --requests 300 --reps 5 --concurrency 8 [--port 56200]
 *   BENCH_DATABASE_URL=postgres://… npx tsx sync-server/rest/bench-rpc-cpu.ts     # a Postgres server (scratch database)
 *   BENCH_CPU_PROF=/tmp/prof npx tsx sync-server/rest/bench-rpc-cpu.ts  # a CPU profile of the measured phases only
 *
 * The server runs in a child process on a new data folder with the app's migrations; an owner has
 * 5 notebooks × 20 questions shared with every client (as sync-server/bench-replication-load.ts).
 * Each client first syncs every collection and answers 10 questions. Then, in turn, `reps` times:
 * a phase of incremental pulls (a random client, a random collection, from its checkpoint), a phase
 * of pulls of every collection in one request (`pullall`: replication_pull_many, as a pulse makes
 * the app do, the fixture's ten collections) and a phase of pushes of answers (edits on top of the
 * master state the client holds, sometimes new ones), each `requests` long with `concurrency`
 * requests in flight. CPU time is read in the child before and after each phase, so the load
 * generator's own work is not counted. On PGlite the figure also says how much of it was spent
 * inside PGlite's WebAssembly (execProtocolRawSync). Wall time is shown too, but on a shared
 * machine read the CPU figures (medians over the reps). On Postgres the SQL runs in the database's backends, separate processes: their CPU (utime + stime from /proc
 * of the backends connected to the bench's scratch database, as tests/bench/class.ts reads it) is
 * shown beside.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { answerIdFor } from '../../src/data/derived-ids.ts';
import { COLLECTIONS, seedSharedNotebooks, type Setup } from '../bench-fixture.ts';
import { createScratchDatabase } from '../db/scratch.ts';

const THIS_FILE = fileURLToPath(import.meta.url);


interface Cpu {
  userMs: number;
  systemMs: number;
  /** CPU time spent inside PGlite's execProtocolRawSync (its WebAssembly Postgres), on the event loop. */
  pgliteMs: number;
  pgliteCalls: number;
}

// ---- child ------------------------------------------------------------------------------------

async function runChild(dataDir: string, storageRoot: string, clientCount: number, port: number, databaseUrl?: string) {
  const pglite = { ms: 0, calls: 0 };
  // BENCH_PGLITE_SPLIT=1: also the CPU time inside PGlite (two getrusage calls per pass: they cost too).
  if (!databaseUrl && process.env.BENCH_PGLITE_SPLIT === '1') {
    const { PGlite } = await import('@electric-sql/pglite');
    const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): Uint8Array };
    const original = proto.execProtocolRawSync;
    proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
      const started = process.cpuUsage();
      try {
        return original.call(this, message);
      } finally {
        const spent = process.cpuUsage(started);
        pglite.ms += (spent.user + spent.system) / 1000;
        pglite.calls++;
      }
    };
  }
  const { startServer } = await import('../app.ts');
  const server = await startServer({ port, dataDir, databaseUrl, storageDir: path.join(storageRoot, 'storage'), purgeIntervalMs: 0 });
  const setup = await seedSharedNotebooks(server, clientCount);
  process.stdout.write(`READY ${JSON.stringify(setup)}\n`);

  let session: import('node:inspector').Session | undefined;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  readline.createInterface({ input: process.stdin }).on('line', async (line) => {
    const [command, arg] = line.trim().split(' ');
    if (command === 'cpu') {
      const u = process.cpuUsage();
      const cpu: Cpu = { userMs: u.user / 1000, systemMs: u.system / 1000, pgliteMs: pglite.ms, pgliteCalls: pglite.calls };
      process.stdout.write(`CPU ${JSON.stringify(cpu)}\n`);
    } else if (command === 'prof-start') {
      const inspector = await import('node:inspector');
      session = new inspector.Session();
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 200 });
      await post('Profiler.start');
      process.stdout.write('PROF started\n');
    } else if (command === 'prof-stop') {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(arg, JSON.stringify(profile));
      session!.disconnect();
      process.stdout.write('PROF stopped\n');
    } else if (command === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
}

// ---- parent -----------------------------------------------------------------------------------

interface Child {
  process: ChildProcess;
  setup: Setup;
  next(prefix: string): Promise<string>;
  send(command: string): void;
}

function spawnChild(dataDir: string, storageRoot: string, clients: number, port: number, databaseUrl?: string): Promise<Child> {
  const args = ['--import', 'tsx', THIS_FILE, '--child', dataDir, storageRoot, String(clients), String(port), ...(databaseUrl ? [databaseUrl] : [])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } });
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    const next = (prefix: string) => new Promise<string>((r) => waiting.push({ prefix, resolve: r }));
    const send = (command: string) => child.stdin!.write(`${command}\n`);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ process: child, setup: JSON.parse(line.slice(6)) as Setup, next, send });
      const i = waiting.findIndex((w) => line.startsWith(w.prefix));
      if (i >= 0) waiting.splice(i, 1)[0].resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}:\n${errors.join('').slice(-3000)}`)));
  });
}

/** CPU ms of the Postgres backends connected to `url`'s database, summed over every backend seen. */
async function backendCpu(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const database = new URL(url).pathname.slice(1);
  const seen = new Map<number, number>();
  let total = 0;
  return {
    async read(): Promise<number> {
      const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [database]);
      for (const { pid } of rows) {
        let ticks: number;
        try {
          const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
          ticks = Number(fields[11]) + Number(fields[12]); // utime, stime; USER_HZ = 100
        } catch {
          continue;
        }
        total += (ticks - (seen.get(pid) ?? 0)) * 10;
        seen.set(pid, ticks);
      }
      return total;
    },
    close: () => client.end(),
  };
}

async function cpu(child: Child): Promise<Cpu> {
  const line = child.next('CPU ');
  child.send('cpu');
  return JSON.parse((await line).slice(4)) as Cpu;
}

/** The answer id a person's device derives (S6): SHA-256("<secret>:<question id>") as a version-8 UUID. */
type Doc = Record<string, unknown> & { id: string };

class Client {
  readonly checkpoints = new Map<string, unknown>();
  readonly mine = new Map<string, Doc>();
  private clock = 1;
  failures = 0;

  constructor(
    readonly setup: Setup,
    readonly me: Setup['clients'][number],
  ) {}

  private async rpc(name: string, args: unknown): Promise<unknown> {
    const res = await fetch(`${this.setup.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: this.setup.anonKey, authorization: `Bearer ${this.me.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = await res.json();
    if (!res.ok) this.failures++;
    return res.ok ? body : undefined;
  }

  async pull(collection: string): Promise<void> {
    const result = (await this.rpc('replication_pull', { p_collection: collection, p_checkpoint: this.checkpoints.get(collection) ?? null, p_limit: 100 })) as
      | { documents: Doc[]; checkpoint: unknown }
      | undefined;
    if (!result) return;
    this.checkpoints.set(collection, result.checkpoint);
    if (collection === 'answers') for (const doc of result.documents) if (doc.user_id === this.me.userId) this.mine.set(doc.id, doc);
  }

  /** Every collection from its checkpoint in one request, as a pulse makes the app do (replication_pull_many). */
  async pullMany(): Promise<void> {
    const pulls = COLLECTIONS.map((collection) => ({ collection, checkpoint: this.checkpoints.get(collection) ?? null, limit: 100 }));
    const result = (await this.rpc('replication_pull_many', { p_pulls: pulls })) as { documents: Doc[]; checkpoint: unknown }[] | undefined;
    if (!result) return;
    result.forEach((answer, i) => {
      this.checkpoints.set(COLLECTIONS[i], answer.checkpoint);
      if (COLLECTIONS[i] === 'answers') for (const doc of answer.documents) if (doc.user_id === this.me.userId) this.mine.set(doc.id, doc);
    });
  }

  /** An edit of one of its answers (a new answer when it has none on that question). */
  async push(questionIndex?: number): Promise<void> {
    const questions = this.setup.questions;
    const question = questions[questionIndex ?? Math.floor(Math.random() * questions.length)];
    const id = await answerIdFor(this.me.secret, question.id);
    const master = this.mine.get(id) ?? null;
    const text = `Resposta ${this.clock}`;
    const doc = master
      ? { ...master, text, client_clock: Number(master.client_clock ?? 0) + 1 }
      : { id, question_id: question.id, notebook_id: question.notebookId, user_id: this.me.userId, text, is_anonymous: this.clock % 5 === 0, responder_name: 'Bench', client_clock: this.clock, _deleted: false };
    this.clock++;
    const result = (await this.rpc('replication_push', { p_collection: 'answers', p_rows: [{ newDocumentState: doc, assumedMasterState: master }] })) as
      | { conflicts: Doc[] }
      | undefined;
    // The new master state: the conflict's, or ours with the revision the server gave it (next pull).
    for (const conflict of result?.conflicts ?? []) this.mine.set(conflict.id, conflict);
    if (result && result.conflicts.length === 0) this.mine.set(id, { ...doc, server_rev: Number(master?.server_rev ?? 0) + 1 } as Doc);
  }
}

async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return performance.now() - started;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

async function measure(label: string, options: Options, databaseUrl?: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-bench-rpc-cpu-'));
  const dataDir = databaseUrl ? path.join(folder, 'db') : path.join(folder, 'db');
  const child = await spawnChild(dataDir, folder, options.clients, options.port, databaseUrl);
  const backends = databaseUrl ? await backendCpu(databaseUrl) : undefined;
  try {
    const clients = child.setup.clients.map((me) => new Client(child.setup, me));
    // Each phone's first sync, then 10 answers each.
    await Promise.all(clients.map(async (c) => {
      for (const collection of COLLECTIONS) await c.pull(collection);
      for (let q = 0; q < 10; q++) await c.push(q * 7);
      await c.pull('answers');
    }));
    const figures: Record<string, { cpu: number[]; pglite: number[]; calls: number[]; wall: number[]; db: number[] }> = {};
    const phase = async (kind: string, task: () => Promise<void>) => {
      const before = await cpu(child);
      const dbBefore = (await backends?.read()) ?? 0;
      const wall = await inParallel(options.requests, options.concurrency, task);
      const after = await cpu(child);
      const dbAfter = (await backends?.read()) ?? 0;
      const f = (figures[kind] ??= { cpu: [], pglite: [], calls: [], wall: [], db: [] });
      f.db.push((dbAfter - dbBefore) / options.requests);
      f.cpu.push((after.userMs + after.systemMs - before.userMs - before.systemMs) / options.requests);
      f.pglite.push((after.pgliteMs - before.pgliteMs) / options.requests);
      f.calls.push((after.pgliteCalls - before.pgliteCalls) / options.requests);
      f.wall.push(wall);
    };
    // Warm-up (not counted): the first calls plan and compile.
    await inParallel(100, options.concurrency, () => pick(clients).pull(pick(COLLECTIONS)));
    await inParallel(50, options.concurrency, () => pick(clients).push());
    if (options.profile) {
      child.send('prof-start');
      await child.next('PROF ');
    }
    for (let rep = 0; rep < options.reps; rep++) {
      await phase('pull', () => pick(clients).pull(pick(COLLECTIONS)));
      await phase('pullall', () => pick(clients).pullMany());
      await phase('push', () => pick(clients).push());
    }
    if (options.profile) {
      const file = path.join(options.profile, `rpc-cpu-${label}-${Date.now()}.cpuprofile`);
      fs.mkdirSync(options.profile, { recursive: true });
      child.send(`prof-stop ${file}`);
      await child.next('PROF ');
      console.log(`  profile: ${file}`);
    }
    const failures = clients.reduce((n, c) => n + c.failures, 0);
    console.log(`\n[${label}] ${options.clients} clients, ${options.reps} × ${options.requests} requests per kind, ${options.concurrency} in flight; failed requests: ${failures}`);
    console.log(`    kind    CPU ms/request (median, min–max)   of which in PGlite   PGlite calls/request   requests/s (wall, median)${backends ? '   Postgres backends CPU ms/request (median)' : ''}`);
    for (const [kind, f] of Object.entries(figures)) {
      const range = `${Math.min(...f.cpu).toFixed(2)}–${Math.max(...f.cpu).toFixed(2)}`;
      console.log(
        `    ${kind.padEnd(7)} ${median(f.cpu).toFixed(2).padStart(8)} (${range})`.padEnd(46) +
          `${median(f.pglite).toFixed(2).padStart(8)}   ${median(f.calls).toFixed(1).padStart(12)}   ${(options.requests / (median(f.wall) / 1000)).toFixed(0).padStart(16)}` +
          (backends ? `   ${median(f.db).toFixed(2).padStart(16)}` : ''),
      );
    }
  } finally {
    await backends?.close();
    child.send('stop');
    await new Promise((resolve) => (child.process.exitCode !== null ? resolve(undefined) : child.process.once('exit', resolve)));
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

interface Options {
  clients: number;
  requests: number;
  reps: number;
  concurrency: number;
  port: number;
  profile?: string;
}

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main() {
  const options: Options = {
    clients: flag('clients', 40),
    requests: flag('requests', 300),
    reps: flag('reps', 5),
    concurrency: flag('concurrency', 8),
    port: flag('port', 56200),
    profile: process.env.BENCH_CPU_PROF || undefined,
  };
  console.log(`replication CPU per request — Node ${process.version}, ${os.cpus().length} CPU(s); load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'cadernos_bench_rpc_cpu');
    try {
      await measure('Postgres', options, scratch.url);
    } finally {
      await scratch.drop();
    }
  } else {
    await measure('PGlite', options);
  }
}

if (process.argv[2] === '--child') {
  const [, , , dataDir, storageRoot, clients, port, databaseUrl] = process.argv;
  await runChild(dataDir, storageRoot, Number(clients), Number(port), databaseUrl);
} else {
  await main();
}
