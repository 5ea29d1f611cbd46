/**
 * Load benchmark of the replication RPCs (figures for the closing note; not a test). Run:
 *
 *   npx tsx sync-server/bench-replication-load.ts                  # PGlite, 50 clients, 30 s
 *   npx tsx sync-server/bench-replication-load.ts --clients 50 --duration 30 --rounds 3 [--idle 10] [--no-realtime] [--in-memory]
 *   BENCH_DATABASE_URL=postgres://… npx tsx sync-server/bench-replication-load.ts   # a Postgres server too
 *
 * The server runs in a child process (its own event loop and memory) on a new data folder with the
 * app's migrations, and an owner with 5 notebooks × 20 questions shared with every client. Each
 * client behaves like a phone that is online: mostly incremental pulls of a collection from its
 * checkpoint (what a pulse triggers), pushes of its answers (new, then edits on top of the master
 * state it holds, so compare-and-swap succeeds or returns a conflict it adopts), and now and then
 * a first page of answers from scratch (a new device). Every request goes through /rest/v1/rpc as
 * supabase-js sends it.
 *
 * Prints, per round: requests per second, latency p50 / p95 / p99 / max, non-2xx and errors; the
 * realtime pulses' delay after the push that caused them was acknowledged (p50 / p99, share within
 * 1 s and 5 s, a pulse that never came counting as late); and
 * the server's memory (RSS, V8 heap, external + array buffers, which hold PGlite's WebAssembly
 * memory) when ready, after each round, and after idling with a forced GC, with the longest time
 * its event loop was blocked. Memory that grows round after round is a leak; memory that rises
 * once and stays is a high-water mark (WebAssembly memory cannot shrink).
 *
 * Where the time goes: BENCH_SLOW_MS=<ms> prints slow statements and, every 10 s, the time requests
 * spent inside the server and waiting for the database (see diagnose); BENCH_CPU_PROF=<folder>
 * writes a CPU profile of the server. --in-memory runs PGlite without a data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { answerIdFor } from '../src/data/derived-ids.ts';
import { COLLECTIONS, NOTEBOOKS, QUESTIONS_PER_NOTEBOOK, seedSharedNotebooks, type Setup } from './bench-fixture.ts';
import { createScratchDatabase } from './db/scratch.ts';
import type { Database, Queryable } from './db/types.ts';

const THIS_FILE = fileURLToPath(import.meta.url);

interface Memory {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** The server's event loop since the last report: the longest it was blocked (PGlite runs queries on it). */
  loopBlockedMaxMs?: number;
}


const loopDelay = monitorEventLoopDelay({ resolution: 10 });

function memory(): Memory {
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  const blocked = loopDelay.max / 1e6;
  loopDelay.reset();
  return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external), arrayBuffersMb: mb(m.arrayBuffers), loopBlockedMaxMs: Math.round(blocked) };
}

// ---- child: the server, its data, and memory on request -----------------------------------

/**
 * Diagnostics (BENCH_SLOW_MS=<ms>), for telling where a request's time goes: statements slower than
 * that, through the REST API or on PGlite's event loop from anywhere (Realtime too); and every 10 s
 * how long HTTP requests took inside the server (headers parsed → response sent) and how long
 * transactions waited for the database. Printed on stderr as `SLOW …`; the parent shows them.
 */
function diagnose(ctx: { db: Database }, thresholdMs: number) {
  const slow = (ms: number, what: string) => ms > thresholdMs && process.stderr.write(`SLOW ${ms.toFixed(0)} ms ${what.slice(0, 280)}\n`);
  const served = new Samples('HTTP requests inside the server');
  const waited = new Samples('transactions waiting for the database');
  setInterval(() => {
    served.flush();
    waited.flush();
  }, 10_000).unref();

  const timed = (q: Queryable): Queryable => ({
    query: async (sql, params) => {
      const started = performance.now();
      try {
        return await q.query(sql, params);
      } finally {
        slow(performance.now() - started, `${sql.replace(/\s+/g, ' ').slice(0, 160)} ${JSON.stringify(params ?? [])}`);
      }
    },
    exec: q.exec,
  });
  const base = ctx.db;
  ctx.db = {
    ...base,
    query: timed(base).query,
    transaction: (fn) => {
      const asked = performance.now();
      return base.transaction((tx) => {
        waited.push(performance.now() - asked);
        return fn(timed(tx));
      });
    },
  };

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request') {
      const started = performance.now();
      (args[1] as http.ServerResponse).once('finish', () => served.push(performance.now() - started));
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

/** With PGlite: each protocol message it ran on the event loop longer than the threshold, whoever sent it. */
async function diagnosePglite(thresholdMs: number) {
  const { PGlite } = await import('@electric-sql/pglite');
  const proto = PGlite.prototype as unknown as { execProtocolRawSync(message: Uint8Array): Uint8Array };
  const original = proto.execProtocolRawSync;
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    const started = performance.now();
    try {
      return original.call(this, message);
    } finally {
      const ms = performance.now() - started;
      if (ms > thresholdMs) {
        const text = Buffer.from(message).toString('utf8').replace(/[^\x20-\x7e]+/g, ' ').slice(0, 220);
        process.stderr.write(`SLOW ${ms.toFixed(0)} ms on the event loop: ${text}\n`);
      }
    }
  };
}

/** Durations collected between two reports. */
class Samples {
  private list: number[] = [];
  constructor(private readonly label: string) {}
  push(ms: number) {
    this.list.push(ms);
  }
  /** Prints the figures of the durations since the last flush (as a `SLOW` line on stderr). */
  flush(): void {
    if (this.list.length === 0) return;
    const sorted = this.list.sort((a, b) => a - b);
    this.list = [];
    process.stderr.write(
      `SLOW ${this.label}: ${sorted.length}, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms (last 10 s)\n`,
    );
  }
}

async function runChild(dataDir: string, storageRoot: string, clientCount: number, databaseUrl?: string) {
  loopDelay.enable();
  if (process.env.BENCH_SLOW_MS && !databaseUrl) await diagnosePglite(Number(process.env.BENCH_SLOW_MS));
  const { startServer } = await import('./app.ts');
  const server = await startServer({ port: 0, dataDir, databaseUrl, storageDir: path.join(storageRoot, 'storage'), purgeIntervalMs: 0 });
  if (process.env.BENCH_SLOW_MS) diagnose(server.ctx as { db: Database }, Number(process.env.BENCH_SLOW_MS));
  const setup = await seedSharedNotebooks(server, clientCount);
  process.stdout.write(`READY ${JSON.stringify({ setup, memory: memory() })}\n`);

  // Commands from the parent, one a line: `mem` prints memory, `gc` collects first, `stop` exits.
  readline.createInterface({ input: process.stdin }).on('line', async (line) => {
    const command = line.trim();
    if (command === 'gc') (globalThis as { gc?: () => void }).gc?.();
    if (command === 'mem' || command === 'gc') process.stdout.write(`MEM ${JSON.stringify(memory())}\n`);
    if (command === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
}

// ---- parent: the clients ------------------------------------------------------------------

interface Child {
  process: ChildProcess;
  setup: Setup;
  ready: Memory;
  next(prefix: string): Promise<string>;
}

function spawnChild(dataDir: string, storageRoot: string, clients: number, databaseUrl?: string): Promise<Child> {
  // BENCH_CPU_PROF=<folder>: a CPU profile of the server (written when it stops).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const args = ['--expose-gc', ...profile, '--import', 'tsx', THIS_FILE, '--child', dataDir, storageRoot, String(clients), ...(databaseUrl ? [databaseUrl] : [])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } });
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    errors.push(text);
    for (const line of text.split('\n')) if (line.startsWith('SLOW ')) console.log(`    ${line}`);
  });
  return new Promise((resolve, reject) => {
    const next = (prefix: string) => new Promise<string>((r) => waiting.push({ prefix, resolve: r }));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        const { setup, memory: ready } = JSON.parse(line.slice(6)) as { setup: Setup; memory: Memory };
        resolve({ process: child, setup, ready, next });
      }
      const i = waiting.findIndex((w) => line.startsWith(w.prefix));
      if (i >= 0) waiting.splice(i, 1)[0].resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}:\n${errors.join('').slice(-3000)}`)));
  });
}

async function ask(child: Child, command: 'mem' | 'gc'): Promise<Memory> {
  const line = child.next('MEM ');
  child.process.stdin!.write(`${command}\n`);
  return JSON.parse((await line).replace(/^MEM /, '')) as Memory;
}

/** The answer id a person's device derives (S6): SHA-256("<secret>:<question id>") as a version-8 UUID. */
type Doc = Record<string, unknown> & { id: string };

/** One phone: its checkpoints, the master state of its own answers, and its pulse subscription. */
class Client {
  readonly checkpoints = new Map<string, unknown>();
  readonly mine = new Map<string, Doc>();
  private clock = 1;
  /** A pulse came since the last pull of the answers. */
  private pulsed = false;
  pulses = 0;
  /** Each pulse received: its created_at (the writing transaction's now()) and when it came. */
  readonly pulseTimes: { stamp: string; at: number }[] = [];
  /** Own pushes acknowledged: the answer's text → when the push's answer came back. */
  private readonly acked = new Map<string, number>();
  private realtime: { client: SupabaseClient; channel: RealtimeChannel } | undefined;

  /** Where each request's kind, latency and status go (set per round). */
  record: (kind: string, ms: number, status: number) => void = () => undefined;

  constructor(
    readonly setup: Setup,
    readonly me: Setup['clients'][number],
  ) {}

  private async rpc(kind: string, name: string, args: unknown): Promise<unknown> {
    const started = performance.now();
    let status = 0;
    try {
      const res = await fetch(`${this.setup.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { apikey: this.setup.anonKey, authorization: `Bearer ${this.me.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      status = res.status;
      const body = await res.json();
      return res.ok ? body : undefined;
    } catch {
      return undefined;
    } finally {
      this.record(kind, performance.now() - started, status);
    }
  }

  async pull(collection: string, fromScratch = false): Promise<void> {
    const checkpoint = fromScratch ? null : (this.checkpoints.get(collection) ?? null);
    const result = (await this.rpc(fromScratch ? 'first page' : 'pull', 'replication_pull', { p_collection: collection, p_checkpoint: checkpoint, p_limit: 100 })) as
      | { documents: Doc[]; checkpoint: unknown }
      | undefined;
    if (!result || fromScratch) return;
    this.checkpoints.set(collection, result.checkpoint);
    if (collection === 'answers') {
      for (const doc of result.documents) {
        if (doc.user_id !== this.me.userId) continue;
        this.mine.set(doc.id, doc);
        // The answer's updated_at is its transaction's now(), as is the created_at of the pulses it sent.
        const ackedAt = this.acked.get(String(doc.text));
        if (ackedAt !== undefined) pushAcks.set(stampKey(String(doc.updated_at)), ackedAt);
      }
    }
  }

  async answer(): Promise<void> {
    const question = this.setup.questions[Math.floor(Math.random() * this.setup.questions.length)];
    const id = await answerIdFor(this.me.secret, question.id);
    const master = this.mine.get(id) ?? null;
    const text = `Resposta ${this.clock}`;
    const doc = master
      ? { ...master, text, client_clock: Number(master.client_clock ?? 0) + 1 }
      : { id, question_id: question.id, notebook_id: question.notebookId, user_id: this.me.userId, text, is_anonymous: Math.random() < 0.2, responder_name: 'Bench', client_clock: this.clock, _deleted: false };
    this.clock++;
    const result = (await this.rpc('push', 'replication_push', { p_collection: 'answers', p_rows: [{ newDocumentState: doc, assumedMasterState: master }] })) as
      | { conflicts: Doc[] }
      | undefined;
    if (result && !(result.conflicts ?? []).some((c) => c.id === id)) this.acked.set(text, performance.timeOrigin + performance.now());
    for (const conflict of result?.conflicts ?? []) this.mine.set(conflict.id, conflict);
  }

  /** Listens to this person's pulses (and everyone's: forbidden words), as the app does. */
  async subscribe(): Promise<void> {
    const client = createClient(this.setup.url, this.setup.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${this.me.token}` } },
    });
    await client.realtime.setAuth(this.me.token);
    const channel = client
      .channel(`pulses-${this.me.userId}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'replication_pulses', filter: `user_id=in.(${this.me.userId},00000000-0000-0000-0000-000000000000)` }, (payload) => {
        this.pulseTimes.push({ stamp: stampKey(String(payload.new.created_at)), at: performance.timeOrigin + performance.now() });
        this.pulses++;
        this.pulsed = true;
      });
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? reject(new Error(status)) : undefined)),
    );
    this.realtime = { client, channel };
  }

  async unsubscribe(): Promise<void> {
    if (!this.realtime) return;
    await this.realtime.client.removeChannel(this.realtime.channel);
    this.realtime.client.realtime.disconnect();
  }

  /** One step of an online phone. */
  async step(): Promise<void> {
    if (this.pulsed) {
      this.pulsed = false;
      return this.pull('answers');
    }
    const dice = Math.random();
    if (dice < 0.6) await this.pull(COLLECTIONS[Math.floor(Math.random() * COLLECTIONS.length)]);
    else if (dice < 0.9) {
      await this.answer();
      await this.pull('answers');
    } else await this.pull('answers', true);
  }
}

/** The push acknowledged (ms since epoch) for each writing transaction's start stamp (see stampKey). */
const pushAcks = new Map<string, number>();

/** A timestamptz as `<epoch seconds>.<microseconds>`, whatever its text form (to_jsonb, realtime-js). */
function stampKey(text: string): string {
  const micros = (/\.(\d+)/.exec(text)?.[1] ?? '').padEnd(6, '0').slice(0, 6);
  return `${Math.floor(Date.parse(text) / 1000)}.${micros}`;
}

/**
 * Realtime pulses measured from the moment the push that caused them was acknowledged to the
 * pusher: every client shares every notebook, so each push of an answer pulses each of them once.
 * A pulse that never came counts as late.
 */
function reportPulses(clients: Client[]) {
  const delays: number[] = [];
  const stamps = new Set(pushAcks.keys());
  for (const c of clients) {
    for (const { stamp, at } of c.pulseTimes) {
      const acked = pushAcks.get(stamp);
      if (acked !== undefined) delays.push(Math.max(0, at - acked));
    }
  }
  const expected = stamps.size * clients.length;
  delays.sort((a, b) => a - b);
  const share = (ms: number) => ((100 * delays.filter((d) => d <= ms).length) / Math.max(1, expected)).toFixed(1);
  console.log(
    `    pulse delay after the push was acknowledged (${stamps.size} pushes × ${clients.length} clients = ${expected} pulses, ${delays.length} came): ` +
      `p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${(delays.at(-1) ?? NaN).toFixed(0)} ms; ` +
      `within 1 s ${share(1000)}%, within 5 s ${share(5000)}%`,
  );
  pushAcks.clear();
  for (const c of clients) c.pulseTimes.length = 0;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
}

async function round(clients: Client[], latencies: Map<string, number[]>, durationS: number) {
  const statuses = new Map<string, number>();
  const record = (kind: string, ms: number, status: number) => {
    (latencies.get(kind) ?? latencies.set(kind, []).get(kind)!).push(ms);
    if (status < 200 || status >= 300) statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
  };
  for (const c of clients) c.record = record;
  const deadline = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(clients.map(async (c) => {
    while (performance.now() < deadline) await c.step();
  }));
  return { elapsedS: (performance.now() - started) / 1000, statuses };
}

function report(label: string, latencies: Map<string, number[]>, elapsedS: number, statuses: Map<string, number>) {
  const all = [...latencies.values()].flat().sort((a, b) => a - b);
  console.log(`\n  ${label}: ${all.length} requests in ${elapsedS.toFixed(1)} s = ${(all.length / elapsedS).toFixed(0)} requests/s; not 2xx: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log('    kind          count   p50 ms   p95 ms   p99 ms   max ms');
  for (const [kind, list] of [['all', all] as const, ...[...latencies].map(([k, l]) => [k, [...l].sort((a, b) => a - b)] as const)]) {
    console.log(
      `    ${kind.padEnd(12)} ${String(list.length).padStart(6)} ${[50, 95, 99].map((p) => percentile(list, p).toFixed(0).padStart(8)).join(' ')} ${list[list.length - 1].toFixed(0).padStart(8)}`,
    );
  }
}

const showMemory = (label: string, m: Memory, loop = false) =>
  console.log(
    `  memory ${label.padEnd(28)} RSS ${String(m.rssMb).padStart(5)} MB   V8 heap ${String(m.heapUsedMb).padStart(4)} MB   external ${String(m.externalMb).padStart(5)} MB (array buffers ${m.arrayBuffersMb} MB)` +
      (loop ? `; server event loop blocked up to ${m.loopBlockedMaxMs} ms at a time` : ''),
  );

interface Options {
  clients: number;
  durationS: number;
  rounds: number;
  idleS: number;
  realtime: boolean;
  inMemory: boolean;
}

async function measure(label: string, options: Options, databaseUrl?: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-bench-replication-'));
  // --in-memory: PGlite without a data folder, to tell disk waits (fsync, checkpoints) from the rest.
  const dataDir = options.inMemory && !databaseUrl ? 'memory://' : path.join(folder, 'db');
  console.log(`\n[${label}] ${options.clients} clients, ${options.rounds} round(s) of ${options.durationS} s; ${NOTEBOOKS} notebooks × ${QUESTIONS_PER_NOTEBOOK} questions shared with each`);
  const child = await spawnChild(dataDir, folder, options.clients, databaseUrl);
  try {
    showMemory('when ready', child.ready);
    const clients = child.setup.clients.map((me) => new Client(child.setup, me));
    // Each phone's first sync, as when it opens the app: every collection from scratch, one page.
    await Promise.all(clients.map(async (c) => {
      for (const collection of COLLECTIONS) await c.pull(collection);
    }));
    if (options.realtime) await Promise.all(clients.map((c) => c.subscribe()));
    showMemory(`after the first syncs${options.realtime ? ', listening' : ''}`, await ask(child, 'gc'));
    await ask(child, 'mem'); // starts the event-loop figures of round 1 afresh
    for (let r = 1; r <= options.rounds; r++) {
      const latencies = new Map<string, number[]>();
      const { elapsedS, statuses } = await round(clients, latencies, options.durationS);
      report(`round ${r}`, latencies, elapsedS, statuses);
      const pulses = () => clients.reduce((n, c) => n + c.pulses, 0);
      const pulsesAtEnd = pulses();
      showMemory(`at the end of round ${r}`, await ask(child, 'mem'), true);
      await new Promise((resolve) => setTimeout(resolve, options.idleS * 1000));
      showMemory(`${options.idleS} s later, after a GC`, await ask(child, 'gc'));
      // Each answer pushed sends a pulse to every member: delivery that falls behind shows here.
      if (options.realtime) console.log(`    pulses received so far: ${pulsesAtEnd} at the end of the round, ${pulses()} ${options.idleS} s later`);
      if (options.realtime) reportPulses(clients);
    }
    await Promise.all(clients.map((c) => c.unsubscribe()));
  } finally {
    child.process.stdin!.write('stop\n');
    await new Promise((resolve) => (child.process.exitCode !== null ? resolve(undefined) : child.process.once('exit', resolve)));
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main() {
  const options: Options = {
    clients: flag('clients', 50),
    durationS: flag('duration', 30),
    rounds: flag('rounds', 1),
    idleS: flag('idle', 10),
    realtime: !process.argv.includes('--no-realtime'),
    inMemory: process.argv.includes('--in-memory'),
  };
  console.log(`replication load benchmark — Node ${process.version}, ${os.cpus().length} CPU(s); load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await measure('PGlite', options);
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'cadernos_bench_replication');
    try {
      await measure('Postgres', options, scratch.url);
    } finally {
      await scratch.drop();
    }
  }
}

if (process.argv[2] === '--child') {
  const [, , , dataDir, storageRoot, clients, databaseUrl] = process.argv;
  await runChild(dataDir, storageRoot, Number(clients), databaseUrl);
} else {
  await main();
}
