/**
 * A class of phones on one laptop (issue 34). A teacher's notebook of `--questions` questions and an
 * invitation link; `--phones` phones arrive within `--arrival-s` seconds: each opens the link,
 * checks its username as the registration form does, signs up FROM the invitation (GoTrue's
 * sign-up redeems it), calls redeem_invite as the invite screen does, sends the three early first
 * pages (first-pages.ts), makes its first sync of every collection, joins its Realtime channels
 * (its pulses; its own profile's notices) and then answers every question over the next
 * `--answer-s` seconds. The teacher's device is open all along (the moderation page reads the
 * device's database, which the pulses keep live). A round is the class answering every question
 * (round 1: new answers; rounds 2…: the class edits them); `--rounds` rounds show whether the
 * server's memory grows.
 *
 *   npx tsx tests/bench/class.ts [--phones 40] [--questions 20] [--rounds 3] [--arrival-s 60] [--answer-s 60]
 *   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npx tsx tests/bench/class.ts   # PGlite, then Postgres
 *   [--only postgres]  [--calibrate 40] (requests per kind in the isolated phase; 0 skips it)
 *
 * The clients are light: the app's requests over HTTP and WebSocket, not browsers, so that the two
 * cores measure the server. Each device behaves as src/data/replication does (read-only model of it):
 *   - a pulse (postgres_changes INSERT on replication_pulses, user_id = me or the all-zero id) makes
 *     the collections it names pull from their checkpoints — every collection when it names none
 *     (sync-engine.ts pulsedCollections, syncNow → reSync) —, after a 25 ms debounce; a pull asked
 *     for while that collection's pull is under way runs once after it (RxDB's RESYNC), pages of
 *     1000 until a short page; a pulse's txid not yet passed by the checkpoint of a collection it
 *     named makes the device pull that collection again after 250 ms, doubling, 10 times at most;
 *     the SUBSCRIBED callback pulses too (every collection);
 *   - a device has at most 6 HTTP requests under way (a browser's connections per host);
 *   - an answer is pushed alone (replication_push 'answers', the document newAnswerDoc builds, its
 *     id answerIdFor(secret, question)); an edit assumes the master state the device last pulled
 *     (or pushed); a conflict is adopted and pushed again.
 * Not modelled: the static files of the invitation link (the server is started without the built
 * app), the 5-minute poll, GET /auth/v1/user and token refreshes.
 *
 * Figures:
 *   - per request kind p50 / p99 / max (wall clock, noisy on a loaded machine);
 *   - the server's CPU per request kind, two ways. (a) Per phase: the server runs in a child process
 *     that reports process.cpuUsage() at the phase boundaries (arrival, each round), divided by the
 *     requests of that phase (all kinds mixed: the phase's mix is printed). (b) Isolated: at the end,
 *     `--calibrate` requests of ONE kind at a time (4 at once, the devices not reacting to pulses),
 *     the child's CPU delta divided by their count. PGlite runs inside the server process, so its
 *     CPU is there; on Postgres the database's backends are separate processes: their CPU (utime +
 *     stime from /proc of the backends connected to the bench's scratch database) is shown beside.
 *     A push's CPU includes the Realtime fan-out of its pulses to every open socket;
 *   - pulses delivered within 1 s / 5 s of the push's acknowledgement (HTTP response): the answer's
 *     transaction id (answers.replication_xid read at the end of the round) matched with each
 *     device's pulse of that txid — at the teacher's, and at every other phone; and the answer's
 *     arrival in a pull by the teacher's device (what the moderation page then shows);
 *   - the server's peak memory per round (RSS, V8 heap, external and array buffers: PGlite's
 *     WebAssembly memory) sampled every 200 ms, and process.resourceUsage().maxRSS.
 * Exits 1 when any request got an answer the app would not expect (not 2xx, a refused push row, a
 * channel that did not join); never on timing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { answerIdFor } from '../../src/data/derived-ids.ts';
import { newAnswerDoc } from '../../src/data/schemas/answers.ts';
import { rpcTransport, type ReplicationTransport } from '../../src/data/replication/transport.ts';
import { pulsedCollections } from '../../src/data/replication/sync-engine.ts';
import type { CollectionName } from '../../src/data/schemas/index.ts';
import { adultSignUpData, ADULT_BIRTH_DATE } from '../../sync-server/test-people.ts';
import { createScratchDatabase } from '../../sync-server/db/scratch.ts';
import { numberOption, percentile, textOption } from './figures.ts';

const THIS_FILE = fileURLToPath(import.meta.url);
/** src/data/schemas COLLECTION_NAMES, in the app's order. */
const COLLECTIONS = [
  'notebooks', 'questions', 'answers', 'notebook_shares', 'notebook_collaborators', 'invite_links', 'profiles',
  'user_settings', 'notifications', 'favorites', 'forbidden_words', 'guests', 'reports',
] as const;
/** first-pages.ts SYNCED_FIRST: asked for beside the redeem, and synced before the others. */
const SYNCED_FIRST = ['notebooks', 'questions', 'notebook_shares'];
const PULL_BATCH = 1000;
const EVERYONE = '00000000-0000-0000-0000-000000000000';
const CONNECTIONS_PER_DEVICE = 6;
const PASSWORD = 'Caderno2025';

interface Setup {
  url: string;
  anonKey: string;
  teacher: { userId: string; token: string };
  notebookId: string;
  questions: string[];
  code: string;
}

interface Memory {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

interface ServerSample {
  cpuMs: number;
  /** The highest of each figure since the last sample. */
  peak: Memory;
  now: Memory;
  maxRssMb: number;
}

const mb = (n: number) => Math.round(n / 1024 / 1024);

// ---- child: the server -----------------------------------------------------------------------

async function runChild(dataDir: string, storageRoot: string, questionCount: number, databaseUrl?: string) {
  const { startServer } = await import('../../sync-server/app.ts');
  const { TEST_AUTH_RATE_LIMITS, TEST_CODE_GUESS_RATE_LIMIT } = await import('../../sync-server/testing.ts');
  // Every phone comes from 127.0.0.1 here; in a classroom each has its own address on the laptop's
  // network, so the per-address limits of sign-ups are the tests' (100×), not GoTrue's 30 an hour.
  const server = await startServer({
    port: 0,
    dataDir,
    databaseUrl,
    storageDir: path.join(storageRoot, 'storage'),
    purgeIntervalMs: 0,
    authRateLimits: TEST_AUTH_RATE_LIMITS,
    codeGuessRateLimit: TEST_CODE_GUESS_RATE_LIMIT,
  });
  const { db, jwt, config } = server.ctx;
  const { rows: people } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     values (gen_random_uuid(), 'authenticated', 'authenticated', 'professora@bench.test', now(), $1, '{"provider":"email"}') returning id`,
    [JSON.stringify(adultSignUpData('professora_bench'))],
  );
  const teacher = people[0].id;
  const { rows: notebooks } = await db.query<{ id: string }>(`insert into notebooks (user_id, title) values ($1, 'Caderno da turma do 9º B') returning id`, [teacher]);
  const notebookId = notebooks[0].id;
  const { rows: questions } = await db.query<{ id: string }>(
    `insert into questions (notebook_id, user_id, text, order_index)
     select $1, $2, 'Pergunta ' || g || '?', g from generate_series(1, ${questionCount}) g returning id`,
    [notebookId, teacher],
  );
  const { rows: links } = await db.query<{ code: string }>(
    `insert into invite_links (notebook_id, code, created_by) values ($1, private.new_invite_code(), $2) returning code`,
    [notebookId, teacher],
  );
  const setup: Setup = {
    url: server.url,
    anonKey: config.anonKey,
    teacher: { userId: teacher, token: await jwt.sign({ role: 'authenticated', sub: teacher, aud: 'authenticated' }, 6 * 3600) },
    notebookId,
    questions: questions.map((q) => q.id),
    code: links[0].code,
  };

  let peak: Memory = { rssMb: 0, heapUsedMb: 0, externalMb: 0, arrayBuffersMb: 0 };
  const current = (): Memory => {
    const m = process.memoryUsage();
    return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external), arrayBuffersMb: mb(m.arrayBuffers) };
  };
  const track = () => {
    const m = current();
    peak = {
      rssMb: Math.max(peak.rssMb, m.rssMb),
      heapUsedMb: Math.max(peak.heapUsedMb, m.heapUsedMb),
      externalMb: Math.max(peak.externalMb, m.externalMb),
      arrayBuffersMb: Math.max(peak.arrayBuffersMb, m.arrayBuffersMb),
    };
  };
  setInterval(track, 200).unref();
  const sample = (): ServerSample => {
    track();
    const cpu = process.cpuUsage();
    const result = { cpuMs: (cpu.user + cpu.system) / 1000, peak, now: current(), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
    peak = current();
    return result;
  };
  process.stdout.write(`READY ${JSON.stringify(setup)}\n`);

  // Commands from the parent, one a line: `sample`, `gc` (collects, then samples), `xids` (each
  // answer's writing transaction), `stop`.
  readline.createInterface({ input: process.stdin }).on('line', async (line) => {
    const command = line.trim();
    if (command === 'gc') (globalThis as { gc?: () => void }).gc?.();
    if (command === 'sample' || command === 'gc') process.stdout.write(`SAMPLE ${JSON.stringify(sample())}\n`);
    if (command === 'xids') {
      const { rows } = await db.query<{ id: string; xid: string }>(`select id, replication_xid::text as xid from answers`);
      process.stdout.write(`XIDS ${JSON.stringify(Object.fromEntries(rows.map((r) => [r.id, r.xid])))}\n`);
    }
    if (command === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
}

// ---- parent: the server's process ----------------------------------------------------------

interface Child {
  process: ChildProcess;
  setup: Setup;
  ask(command: 'sample' | 'gc'): Promise<ServerSample>;
  xids(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

function spawnChild(dataDir: string, storageRoot: string, questions: number, databaseUrl?: string): Promise<Child> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const args = ['--expose-gc', ...profile, '--import', 'tsx', THIS_FILE, '--child', dataDir, storageRoot, String(questions), ...(databaseUrl ? [databaseUrl] : [])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } });
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const next = (prefix: string) => new Promise<string>((r) => waiting.push({ prefix, resolve: r }));
  const ask = async (command: string, prefix: string) => {
    const line = next(prefix);
    child.stdin!.write(`${command}\n`);
    return JSON.parse((await line).slice(prefix.length)) as unknown;
  };
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        resolve({
          process: child,
          setup: JSON.parse(line.slice(6)) as Setup,
          ask: (command) => ask(command, 'SAMPLE ') as Promise<ServerSample>,
          xids: () => ask('xids', 'XIDS ') as Promise<Record<string, string>>,
          stop: async () => {
            if (child.exitCode !== null) return;
            const exited = new Promise((r) => child.once('exit', r));
            child.stdin!.write('stop\n');
            await exited;
          },
        });
      }
      const i = waiting.findIndex((w) => line.startsWith(w.prefix));
      if (i >= 0) waiting.splice(i, 1)[0].resolve(line);
    });
    child.once('exit', (code) => {
      if (code !== 0) {
        console.error(`server child exited with ${code}:\n${errors.join('').slice(-3000)}`);
        reject(new Error(`server child exited with ${code}`));
      }
    });
  });
}

/**
 * CPU of the Postgres backends serving the bench's scratch database (ms, summed over every backend
 * seen; a backend that ended between two readings loses its last part). Null on PGlite.
 */
class PostgresCpu {
  private readonly seen = new Map<number, number>();
  private total = 0;
  private readonly tickMs = 10; // USER_HZ = 100 on Linux
  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  static async open(url: string): Promise<PostgresCpu> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new PostgresCpu(client, new URL(url).pathname.slice(1));
  }

  async read(): Promise<number> {
    const { rows } = await this.client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [this.database]);
    for (const { pid } of rows) {
      let ticks: number;
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
      } catch {
        continue;
      }
      this.total += (ticks - (this.seen.get(pid) ?? 0)) * this.tickMs;
      this.seen.set(pid, ticks);
    }
    return this.total;
  }

  close() {
    return this.client.end();
  }
}

// ---- the figures ---------------------------------------------------------------------------

/** Latencies and failures per request kind. */
class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  readonly failureSamples: string[] = [];
  count = 0;

  record(kind: string, ms: number, ok: boolean, detail = '') {
    (this.latencies.get(kind) ?? this.latencies.set(kind, []).get(kind)!).push(ms);
    this.count++;
    if (!ok) {
      this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
      if (this.failureSamples.length < 10) this.failureSamples.push(`${kind}: ${detail.slice(0, 300)}`);
    }
  }

  counts(): string {
    return [...this.latencies].map(([kind, list]) => `${kind} ${list.length}`).join(', ');
  }
}

/** Every failure of the whole run, for the exit code. */
const allFailures: string[] = [];

function printKinds(recorder: Recorder) {
  console.log('    kind                       count   p50 ms   p99 ms   max ms   failed');
  const order = [...recorder.latencies.keys()].sort();
  for (const kind of order) {
    const list = recorder.latencies.get(kind)!;
    const failed = recorder.failures.get(kind) ?? 0;
    console.log(
      `    ${kind.padEnd(26)} ${String(list.length).padStart(6)} ${percentile(list, 0.5).toFixed(0).padStart(8)} ${percentile(list, 0.99).toFixed(0).padStart(8)} ${Math.max(...list).toFixed(0).padStart(8)} ${String(failed).padStart(8)}`,
    );
  }
  for (const sample of recorder.failureSamples) console.log(`    FAILED ${sample}`);
}

const showMemory = (label: string, s: ServerSample) =>
  console.log(
    `    server memory ${label}: peak RSS ${s.peak.rssMb} MB, V8 heap ${s.peak.heapUsedMb} MB, external ${s.peak.externalMb} MB (array buffers ${s.peak.arrayBuffersMb} MB); ` +
      `now RSS ${s.now.rssMb} MB; process max RSS ${s.maxRssMb} MB`,
  );

// ---- the devices ---------------------------------------------------------------------------

type Doc = Record<string, unknown> & { id: string };
interface Checkpoint {
  xid: string;
  id: string;
}

/** At most `limit` tasks at once (a browser's connections to one host). */
class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}

interface World {
  setup: Setup;
  recorder: Recorder;
  /** Devices pull on pulses (off in the isolated phase). */
  reacting: boolean;
  /** Pushed answer text → when its push was acknowledged. */
  acked: Map<string, number>;
  /** Answer id → the text of its last acknowledged push. */
  lastText: Map<string, string>;
}

/** One device: a phone, or the teacher's. */
class Device {
  userId = '';
  token = '';
  /** When its pulse channel joined (a phone not yet in the class is not owed earlier pulses). */
  listeningAt = Number.POSITIVE_INFINITY;
  secret = '';
  readonly checkpoints = new Map<string, Checkpoint>();
  readonly pulledUpTo = new Map<string, bigint>();
  /** Master state of this device's own answers (last pulled or accepted). */
  readonly mine = new Map<string, Doc>();
  /** txid → when its first pulse arrived here. */
  readonly pulseAt = new Map<string, number>();
  /** Answer text → when a pull first brought it here (the teacher's). */
  readonly seenText = new Map<string, number>();
  private readonly gate = new Gate(CONNECTIONS_PER_DEVICE);
  private readonly pulling = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly pulsedTxid = new Map<string, bigint>();
  /** The collections the pulses since the last round named (null: every one). */
  private pulsedNames: Set<string> | null = new Set();
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private coverageTimer: ReturnType<typeof setTimeout> | undefined;
  private client: SupabaseClient | undefined;
  /** The app's own transport (src/data/replication/transport.ts) over this device's supabase-js client. */
  private transport: ReplicationTransport | undefined;
  private readonly channels: RealtimeChannel[] = [];
  private clock = Date.now();
  /** Pulls under way or asked for: resolves when none is left. */
  private idle: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    readonly world: World,
    readonly name: string,
    readonly watchesText = false,
  ) {}

  private get setup() {
    return this.world.setup;
  }

  /** A request as supabase-js sends it; recorded under `kind`; undefined when it failed. */
  async request(kind: string, route: string, body: unknown, anonymous = false): Promise<unknown> {
    return this.gate.run(async () => {
      const started = performance.now();
      let ok = false;
      let detail = '';
      try {
        const res = await fetch(`${this.setup.url}${route}`, {
          method: 'POST',
          headers: {
            apikey: this.setup.anonKey,
            authorization: `Bearer ${anonymous ? this.setup.anonKey : this.token}`,
            'content-type': 'application/json',
            'x-client-info': 'supabase-js-web/2',
          },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        ok = res.ok;
        if (!ok) detail = `${res.status} ${text}`;
        return ok ? (text ? JSON.parse(text) : null) : undefined;
      } catch (error) {
        detail = String(error);
        return undefined;
      } finally {
        this.world.recorder.record(kind, performance.now() - started, ok, detail);
        if (!ok) allFailures.push(`${kind}: ${detail}`);
      }
    });
  }

  rpc(kind: string, name: string, args: unknown, anonymous = false) {
    return this.request(kind, `/rest/v1/rpc/${name}`, args, anonymous);
  }

  /** The registration form's username check, sign-up from the invitation, and the invite screen's redeem and early pages. */
  async register(n: number): Promise<void> {
    const username = `aluna_${n}_${Math.random().toString(36).slice(2, 7)}`;
    await Promise.all([
      this.rpc('username-check', 'username_available', { p_username: username }, true),
      this.rpc('username-check', 'find_forbidden_words', { p_text: username }, true),
    ]);
    const session = (await this.request('signup', '/auth/v1/signup', {
      email: `${username}@bench.test`,
      password: PASSWORD,
      data: { username, birth_date: ADULT_BIRTH_DATE, invite_code: this.setup.code },
    })) as { access_token: string; user: { id: string } } | undefined;
    if (!session?.access_token) throw new Error(`${this.name}: the sign-up gave no session`);
    this.signedIn(session.user.id, session.access_token);
    // invite-redemption.ts: the early pages (redeemed by the sign-up) beside redeem_invite.
    const early = SYNCED_FIRST.map((collection) => this.pullOnce(collection, 'first-pull'));
    const notebook = await this.rpc('redeem', 'redeem_invite', { p_code: this.setup.code });
    if (notebook !== this.setup.notebookId) {
      const failure = `${this.name}: redeem_invite answered ${JSON.stringify(notebook)}`;
      allFailures.push(failure);
      this.world.recorder.failureSamples.push(failure);
    }
    await Promise.all(early);
  }

  /** A signed-in device that was there before (the teacher's). */
  signedIn(userId: string, token: string) {
    this.userId = userId;
    this.token = token;
    this.client = createClient(this.setup.url, this.setup.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${this.token}` }, fetch: (input, init) => this.recordedFetch(input, init) },
    });
    this.transport = rpcTransport(this.client);
  }

  /**
   * supabase-js's fetch for this device: at most 6 under way, each recorded under its kind, read
   * from the request (the RPC, and for pulls the collection: answers or another; from scratch or not).
   */
  private recordedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = String(input instanceof Request ? input.url : input);
    const rpc = /\/rest\/v1\/rpc\/([a-z_]+)/.exec(url)?.[1] ?? url.replace(this.setup.url, '');
    let kind = rpc;
    try {
      const body = JSON.parse(String(init?.body ?? 'null')) as { p_collection?: string; p_checkpoint?: unknown; p_pulls?: { checkpoint: unknown }[] } | null;
      if (rpc === 'replication_pull') kind = body?.p_checkpoint == null ? 'first-pull' : body.p_collection === 'answers' ? 'pull answers' : 'pull other';
      else if (rpc === 'replication_pull_many') kind = body?.p_pulls?.every((p) => p.checkpoint == null) ? 'first-pull many' : 'pull many';
      else if (rpc === 'replication_push') kind = 'push';
    } catch {
      // not JSON: the route is the kind
    }
    return this.gate.run(async () => {
      const started = performance.now();
      let ok = false;
      let detail = '';
      try {
        const res = await fetch(input, init);
        const text = await res.text();
        ok = res.ok;
        if (!ok) detail = `${res.status} ${text}`;
        return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
      } catch (error) {
        detail = String(error);
        throw error;
      } finally {
        // A server without replication_pull_many (PGRST202) is the transport's fallback, not a failure.
        const expected = !ok && rpc === 'replication_pull_many' && detail.includes('PGRST202');
        this.world.recorder.record(kind, performance.now() - started, ok || expected, detail);
        if (!ok && !expected) allFailures.push(`${kind}: ${detail}`);
      }
    });
  }

  /** The first sync: SYNCED_FIRST's pages (already asked for after a sign-up), then the others. */
  async firstSync(early: boolean): Promise<void> {
    if (!early) await Promise.all(SYNCED_FIRST.map((c) => this.pullPages(c, 'first-pull')));
    await Promise.all(COLLECTIONS.filter((c) => !SYNCED_FIRST.includes(c)).map((c) => this.pullPages(c, 'first-pull')));
    // On a Postgres server an older transaction anywhere on it holds a just-committed row back from
    // a pull (S3): the sign-up's user_settings may come a moment later — the app pulls again.
    for (let wait = 250; !this.secret && wait <= 16_000; wait *= 2) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      await this.pullPages('user_settings', 'pull');
    }
    if (!this.secret) throw new Error(`${this.name}: no answer_secret pulled`);
  }

  /** One pull request; records the checkpoint and what a device keeps from it. */
  private async pullOnce(collection: string, kind: string): Promise<{ documents: Doc[]; checkpoint: Checkpoint | null } | undefined> {
    const from = kind === 'first-pull' ? null : (this.checkpoints.get(collection) ?? null);
    const result = await this.transport!.pull(collection as CollectionName, from, PULL_BATCH).catch(() => undefined);
    if (!result) return undefined;
    if (result.checkpoint) {
      const previous = this.checkpoints.get(collection);
      if (!previous || BigInt(result.checkpoint.xid) > BigInt(previous.xid) || (result.checkpoint.xid === previous.xid && result.checkpoint.id > previous.id)) {
        this.checkpoints.set(collection, result.checkpoint);
      }
      const xid = BigInt(result.checkpoint.xid);
      if (xid > (this.pulledUpTo.get(collection) ?? 0n)) this.pulledUpTo.set(collection, xid);
    }
    if (collection === 'user_settings') {
      const mine = result.documents.find((d) => d.user_id === this.userId);
      if (mine?.answer_secret) this.secret = String(mine.answer_secret);
    }
    if (collection === 'answers') {
      const now = performance.now();
      for (const doc of result.documents) {
        if (doc.user_id === this.userId && !doc._deleted) this.mine.set(doc.id, doc);
        if (this.watchesText && typeof doc.text === 'string' && !this.seenText.has(doc.text)) this.seenText.set(doc.text, now);
      }
    }
    return result;
  }

  /** Pages until a short one; a failed request is asked again after 1 s, 2 s, 4 s … (the app's retry policy; 6 times here). */
  private async pullPages(collection: string, kind: string): Promise<void> {
    let retryMs = 1000;
    for (;;) {
      const result = await this.pullOnce(collection, kind);
      if (!result) {
        if (retryMs > 32_000 || this.stopped) return;
        await sleep(retryMs);
        retryMs *= 2;
        continue;
      }
      if (result.documents.length < PULL_BATCH) return;
      kind = 'pull';
    }
  }

  /** RxDB's reSync of one collection: one pull after the one under way, whatever was asked meanwhile. */
  private resync(collection: string): Promise<void> {
    if (this.pulling.has(collection)) {
      this.dirty.add(collection);
      return this.idle;
    }
    this.pulling.add(collection);
    const kind = collection === 'answers' ? 'pull answers' : 'pull other';
    const run = (async () => {
      do {
        this.dirty.delete(collection);
        await this.pullPages(collection, kind);
      } while (this.dirty.has(collection) && !this.stopped);
      this.pulling.delete(collection);
    })();
    return run;
  }

  /** sync-engine.ts syncNow: the collections named (every one when none are) pull from their checkpoints. */
  syncNow(names?: Iterable<string>): Promise<void> {
    const only = names === undefined ? null : new Set(names);
    const all = Promise.all(COLLECTIONS.filter((c) => !only || only.has(c)).map((c) => this.resync(c))).then(() => undefined);
    this.idle = all;
    return all;
  }

  private pulse(txid: string | undefined, collections?: unknown) {
    if (txid !== undefined) {
      if (!this.pulseAt.has(txid)) this.pulseAt.set(txid, performance.now());
    }
    if (!this.world.reacting || this.stopped) return;
    const names: readonly string[] | null = txid === undefined ? null : pulsedCollections(collections);
    if (txid !== undefined) {
      let later = false;
      for (const c of names ?? COLLECTIONS) {
        if (BigInt(txid) > (this.pulsedTxid.get(c) ?? 0n)) {
          this.pulsedTxid.set(c, BigInt(txid));
          later = true;
        }
      }
      if (later) this.checkCoverage(250, 10);
    }
    this.pulsedNames = this.pulsedNames === null || names === null ? null : new Set([...this.pulsedNames, ...names]);
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      const asked = this.pulsedNames;
      this.pulsedNames = new Set();
      void this.syncNow(asked ?? undefined);
    }, 25);
  }

  /** The collections not yet pulled past the last transaction a pulse named them in. */
  private uncovered(): string[] {
    return COLLECTIONS.filter((c) => (this.pulledUpTo.get(c) ?? 0n) <= (this.pulsedTxid.get(c) ?? -1n));
  }

  private checkCoverage(waitMs: number, attemptsLeft: number) {
    clearTimeout(this.coverageTimer);
    this.coverageTimer = setTimeout(() => {
      if (this.stopped || !this.world.reacting || attemptsLeft <= 0) return;
      const behind = this.uncovered();
      if (behind.length === 0) return;
      void this.syncNow(behind);
      this.checkCoverage(Math.min(waitMs * 2, 5000), attemptsLeft - 1);
    }, waitMs);
  }

  /** The device's channels: its pulses (sync-engine.ts) and its own profile's notices (session/engine.ts). */
  async listen(): Promise<void> {
    if (!this.client) throw new Error(`${this.name}: not signed in`);
    await this.client.realtime.setAuth(this.token);
    const table = { event: 'INSERT' as const, schema: 'public', table: 'replication_pulses' };
    const onPulse = (payload: { new?: { txid?: number | string; collections?: unknown } }) =>
      this.pulse(payload.new?.txid === undefined ? undefined : String(payload.new.txid), payload.new?.collections);
    const pulses = this.client
      .channel(`replication-pulses:${this.userId}`)
      .on('postgres_changes', { ...table, filter: `user_id=eq.${this.userId}` }, onPulse)
      .on('postgres_changes', { ...table, filter: `user_id=eq.${EVERYONE}` }, onPulse);
    const profile = this.client
      .channel(`live:profile_notices:${this.userId}:1`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'profile_notices', filter: `profile_id=eq.${this.userId}` }, () => undefined);
    await Promise.all([
      this.join('join pulses', pulses, () => {
        this.listeningAt = Math.min(this.listeningAt, performance.now());
        this.pulse(undefined);
      }),
      this.join('join profile', profile),
    ]);
  }

  /**
   * Joins a channel with realtime-js's own timeout (10 s, as in the app); a join that times out is
   * retried by realtime-js (Phoenix's rejoin): each time-out counts as a failure of the kind, and
   * the latency recorded is until the join that succeeded (given up after 3 minutes).
   */
  private join(kind: string, channel: RealtimeChannel, onJoined?: () => void): Promise<void> {
    this.channels.push(channel);
    const started = performance.now();
    return new Promise<void>((resolve) => {
      let done = false;
      const finish = (ok: boolean, detail: string) => {
        if (done) return;
        done = true;
        clearTimeout(giveUp);
        this.world.recorder.record(kind, performance.now() - started, ok, detail);
        if (!ok) allFailures.push(`${kind}: ${detail}`);
        resolve();
      };
      const giveUp = setTimeout(() => finish(false, 'not joined after 180 s'), 180_000);
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') {
          onJoined?.();
          finish(true, '');
        } else if (!done && (status === 'TIMED_OUT' || status === 'CHANNEL_ERROR')) {
          const failure = `${kind}: ${status} after ${((performance.now() - started) / 1000).toFixed(0)} s ${error ?? ''} (realtime-js joins again)`;
          this.world.recorder.failures.set(kind, (this.world.recorder.failures.get(kind) ?? 0) + 1);
          if (this.world.recorder.failureSamples.length < 10) this.world.recorder.failureSamples.push(failure);
          allFailures.push(failure);
        }
      });
    });
  }

  /** Answers (or edits its answer to) one question, as the answers repository writes it and the replication pushes it. */
  async answer(questionId: string, text: string, kind = 'push'): Promise<void> {
    const id = await answerIdFor(this.secret, questionId);
    const master = this.mine.get(id) ?? null;
    this.clock = Math.max(this.clock + 1, Date.now());
    const at = new Date().toISOString();
    const doc = master
      ? { ...master, text, client_clock: this.clock, updated_at: at }
      : {
          ...newAnswerDoc({ id, question_id: questionId, notebook_id: this.setup.notebookId, user_id: this.userId, text, is_anonymous: false, responder_name: null }, { at, clock: this.clock }),
          _deleted: false,
        };
    let rows = [{ newDocumentState: doc, assumedMasterState: master }];
    for (let attempt = 0; attempt < 3; attempt++) {
      const result =
        kind === 'push'
          ? await this.transport!.push('answers', rows).catch(() => undefined)
          : ((await this.rpc(kind, 'replication_push', { p_collection: 'answers', p_rows: rows })) as { conflicts: Doc[]; rejected: { reason: string }[] } | undefined);
      if (!result) return;
      if (result.rejected.length > 0) {
        const failure = `${kind}: rejected ${JSON.stringify(result.rejected).slice(0, 300)}`;
        allFailures.push(failure);
        this.world.recorder.failures.set(kind, (this.world.recorder.failures.get(kind) ?? 0) + 1);
        this.world.recorder.failureSamples.push(failure);
        return;
      }
      const conflict = result.conflicts.find((c) => c.id === id);
      if (!conflict) {
        this.world.acked.set(text, performance.now());
        this.world.lastText.set(id, text);
        this.mine.set(id, { ...doc });
        return;
      }
      // The app's conflict handler keeps the newer typing over the server's state and pushes again.
      conflicts++;
      this.mine.set(id, conflict);
      rows = [{ newDocumentState: { ...conflict, text, client_clock: Math.max(this.clock, Number(conflict.client_clock ?? 0) + 1), updated_at: at }, assumedMasterState: conflict }];
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.debounce);
    clearTimeout(this.coverageTimer);
    if (!this.client) return;
    for (const channel of this.channels) await this.client.removeChannel(channel).catch(() => undefined);
    this.client.realtime.disconnect();
  }
}

let conflicts = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// ---- a run on one backend ------------------------------------------------------------------

interface Options {
  phones: number;
  questions: number;
  rounds: number;
  arrivalS: number;
  answerS: number;
  calibrate: number;
}

/** CPU of the server (and of Postgres's backends) between two marks. */
class CpuMeter {
  private last: { server: number; postgres: number } = { server: 0, postgres: 0 };
  constructor(
    private readonly child: Child,
    private readonly postgres: PostgresCpu | null,
  ) {}
  async mark(): Promise<{ serverMs: number; postgresMs: number; sample: ServerSample }> {
    const sample = await this.child.ask('sample');
    const postgres = this.postgres ? await this.postgres.read() : 0;
    const result = { serverMs: sample.cpuMs - this.last.server, postgresMs: postgres - this.last.postgres, sample };
    this.last = { server: sample.cpuMs, postgres };
    return result;
  }
}

function cpuLine(label: string, cpu: { serverMs: number; postgresMs: number }, requests: number, wallS: number, postgres: boolean) {
  const per = (ms: number) => (requests ? (ms / requests).toFixed(2) : '-');
  console.log(
    `    server CPU ${label}: ${(cpu.serverMs / 1000).toFixed(1)} s in ${wallS.toFixed(1)} s (${((cpu.serverMs / 1000 / wallS) * 100).toFixed(0)}% of a core), ${per(cpu.serverMs)} ms per request` +
      (postgres ? `; Postgres backends ${(cpu.postgresMs / 1000).toFixed(1)} s, ${per(cpu.postgresMs)} ms per request` : ''),
  );
}

/** Pulses and answers on the teacher's device, within 1 s / 5 s of each push's acknowledgement. */
async function deliveryReport(child: Child, world: World, teacher: Device, phones: Device[], roundTexts: Set<string>) {
  const xids = await child.xids();
  const buckets = () => ({ n: 0, in1: 0, in5: 0, missing: 0, delays: [] as number[] });
  const teacherPulse = buckets();
  const phonePulse = buckets();
  const onScreen = buckets();
  const add = (b: ReturnType<typeof buckets>, delay: number | undefined) => {
    b.n++;
    if (delay === undefined) return void b.missing++;
    b.delays.push(delay);
    if (delay <= 1000) b.in1++;
    if (delay <= 5000) b.in5++;
  };
  const owner = new Map<string, Device>();
  for (const phone of phones) for (const id of phone.mine.keys()) owner.set(id, phone);
  for (const [id, text] of world.lastText) {
    if (!roundTexts.has(text)) continue;
    const ackAt = world.acked.get(text)!;
    const xid = xids[id];
    const since = (at: number | undefined) => (at === undefined ? undefined : Math.max(0, at - ackAt));
    add(teacherPulse, since(xid ? teacher.pulseAt.get(xid) : undefined));
    add(onScreen, since(teacher.seenText.get(text)));
    for (const phone of phones) if (phone !== owner.get(id) && phone.listeningAt < ackAt) add(phonePulse, since(xid ? phone.pulseAt.get(xid) : undefined));
  }
  const line = (label: string, b: ReturnType<typeof buckets>) =>
    console.log(
      `    ${label.padEnd(44)} ${b.n} : within 1 s ${((b.in1 / b.n) * 100).toFixed(1)}%, within 5 s ${((b.in5 / b.n) * 100).toFixed(1)}%, ` +
        `p50 ${percentile(b.delays, 0.5)?.toFixed(0) ?? '-'} ms, p99 ${percentile(b.delays, 0.99)?.toFixed(0) ?? '-'} ms, never ${b.missing}`,
    );
  line("pulse at the teacher's (after the push's ack)", teacherPulse);
  line("answer pulled by the teacher's device", onScreen);
  line('pulse at the other phones', phonePulse);
}

async function measure(label: string, options: Options, databaseUrl?: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-bench-class-'));
  console.log(
    `\n[${label}] ${options.phones} phones arriving within ${options.arrivalS} s, ${options.questions} questions answered over ${options.answerS} s, ${options.rounds} round(s); ` +
      `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  const child = await spawnChild(path.join(folder, 'db'), folder, options.questions, databaseUrl);
  const postgres = databaseUrl ? await PostgresCpu.open(databaseUrl) : null;
  const meter = new CpuMeter(child, postgres);
  const world: World = { setup: child.setup, recorder: new Recorder(), reacting: true, acked: new Map(), lastText: new Map() };
  const teacher = new Device(world, 'teacher', true);
  const phones = Array.from({ length: options.phones }, (_, i) => new Device(world, `phone ${i + 1}`));
  try {
    showMemory('when ready', await child.ask('gc'));
    teacher.signedIn(child.setup.teacher.userId, child.setup.teacher.token);
    await teacher.firstSync(false);
    await teacher.listen();
    await sleep(500);
    await meter.mark();

    // Round 1: arrival (sign-up, first sync, channels), then each phone answers every question.
    for (let round = 1; round <= options.rounds; round++) {
      world.recorder = new Recorder();
      const texts = new Set<string>();
      const started = performance.now();
      const arrival = round === 1 ? options.arrivalS * 1000 : 0;
      let arrived = 0;
      let arrivalDone = 0;
      const joins: Promise<void>[] = [];
      let pushed = 0;
      const progress = setInterval(
        () => console.log(`    … ${((performance.now() - started) / 1000).toFixed(0)} s: ${world.recorder.count} requests, ${arrived} phones in, ${pushed} answers pushed`),
        30_000,
      );
      await Promise.all(
        phones.map(async (phone, i) => {
          if (round === 1) {
            await sleep(Math.random() * arrival);
            await phone.register(i + 1);
            await phone.firstSync(true);
            // The engine does not wait for its channels (listenForPulses is not awaited).
            joins.push(phone.listen());
            if (++arrived === phones.length) arrivalDone = performance.now();
          }
          // Answers over the next answer-s seconds, in order, at random moments.
          const from = performance.now();
          const moments = options.questions > 0 ? Array.from({ length: options.questions }, () => Math.random() * options.answerS * 1000).sort((a, b) => a - b) : [];
          for (const [q, at] of moments.entries()) {
            await sleep(from + at - performance.now());
            const text = `r${round} ${phone.name} resposta ${q + 1}`;
            texts.add(text);
            await phone.answer(child.setup.questions[q], text);
            pushed++;
          }
        }),
      );
      await Promise.all(joins);
      clearInterval(progress);
      const answeredAt = performance.now();
      // What was pushed reaches the teacher's device (15 s at most), and the pulls calm down.
      const deadline = answeredAt + 15_000;
      while (performance.now() < deadline && [...texts].some((t) => !teacher.seenText.has(t))) await sleep(100);
      await sleep(2000);
      const wallS = (performance.now() - started) / 1000;
      const cpu = await meter.mark();
      console.log(
        `\n  round ${round}: ${world.recorder.count} requests in ${wallS.toFixed(1)} s` +
          (round === 1 ? ` (every phone arrived after ${((arrivalDone - started) / 1000).toFixed(1)} s)` : '') +
          `; ${texts.size} answers pushed; conflicts adopted so far ${conflicts}`,
      );
      printKinds(world.recorder);
      cpuLine(`round ${round}`, cpu, world.recorder.count, wallS, !!postgres);
      console.log(`    the round's mix: ${world.recorder.counts()}`);
      await deliveryReport(child, world, teacher, phones, texts);
      showMemory(`during round ${round}`, cpu.sample);
    }

    // The isolated phase must not pay for pulses still on their way: wait for the last answer's pulse at the teacher's.
    const xids = await child.xids();
    const last = [...world.lastText.keys()].map((id) => xids[id]).filter(Boolean).reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b), '0');
    const waitFrom = performance.now();
    while (!teacher.pulseAt.has(last) && performance.now() - waitFrom < 180_000) await sleep(500);
    const waited = ((performance.now() - waitFrom) / 1000).toFixed(1);
    console.log(
      teacher.pulseAt.has(last)
        ? `\n  the last answer's pulse reached the teacher's device ${waited} s after the measurement of the round ended`
        : `\n  the last answer's pulse had not reached the teacher's device ${waited} s after the round: the isolated figures below include Realtime's backlog`,
    );
    if (options.calibrate > 0) await calibrate(options, world, meter, teacher, phones, !!postgres);
    showMemory('at the end, after a GC', await child.ask('gc'));
  } finally {
    await Promise.all([teacher, ...phones].map((d) => d.close()));
    await postgres?.close();
    await child.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** (b): one kind at a time, the devices not reacting to pulses; the server's CPU per request. */
async function calibrate(options: Options, world: World, meter: CpuMeter, teacher: Device, phones: Device[], postgres: boolean) {
  world.reacting = false;
  await sleep(3000); // what the last pulses asked for ends
  const n = options.calibrate;
  console.log(`\n  isolated: ${n} requests of one kind at a time, 4 at once, nobody reacting to pulses`);
  console.log('    kind                                 requests   p50 ms   p99 ms   server CPU ms/request' + (postgres ? '   Postgres CPU ms/request' : ''));
  const pick = (i: number) => phones[i % phones.length];
  const kinds: { kind: string; label: string; count: number; run: (i: number) => Promise<unknown> }[] = [
    { kind: 'registration (whole; p = sign-up)', label: 'signup', count: Math.min(n, 10), run: (i) => new Device(world, `late ${i}`).register(1000 + i) },
    { kind: 'redeem', label: 'redeem', count: n, run: (i) => pick(i).rpc('redeem', 'redeem_invite', { p_code: world.setup.code }) },
    {
      kind: 'first-pull (each collection)',
      label: 'first-pull',
      count: n,
      run: (i) => pick(i).rpc('first-pull', 'replication_pull', { p_collection: COLLECTIONS[i % COLLECTIONS.length], p_checkpoint: null, p_limit: PULL_BATCH }),
    },
    {
      kind: 'pull answers (nothing new)',
      label: 'pull answers',
      count: n,
      run: (i) => pick(i).rpc('pull answers', 'replication_pull', { p_collection: 'answers', p_checkpoint: pick(i).checkpoints.get('answers') ?? null, p_limit: PULL_BATCH }),
    },
    {
      kind: 'pull other (nothing new)',
      label: 'pull other',
      count: n,
      run: (i) => {
        const collection = COLLECTIONS.filter((c) => c !== 'answers')[i % (COLLECTIONS.length - 1)];
        return pick(i).rpc('pull other', 'replication_pull', { p_collection: collection, p_checkpoint: pick(i).checkpoints.get(collection) ?? null, p_limit: PULL_BATCH });
      },
    },
    {
      kind: `push (pulses ${phones.length + 1} sockets)`,
      label: 'push',
      count: n,
      run: (i) => pick(i).answer(world.setup.questions[Math.floor(i / phones.length) % world.setup.questions.length], `calibration ${i}`, 'push'),
    },
    {
      kind: 'pull answers (after one push)',
      label: 'pull answers',
      count: n,
      run: async (i) => {
        await pick(i).answer(world.setup.questions[(i + 1) % world.setup.questions.length], `calibration b ${i}`, 'push (not counted)');
        await sleep(200); // the push's pulses are out
        await meter.mark();
        await teacher.rpc('pull answers', 'replication_pull', { p_collection: 'answers', p_checkpoint: teacher.checkpoints.get('answers') ?? null, p_limit: PULL_BATCH });
      },
    },
  ];
  // After issue 34's change the app gathers a round's pulls into one replication_pull_many.
  const many = (device: Device) => COLLECTIONS.map((collection) => ({ collection, checkpoint: device.checkpoints.get(collection) ?? null, limit: PULL_BATCH }));
  const probe = await fetch(`${world.setup.url}/rest/v1/rpc/replication_pull_many`, {
    method: 'POST',
    headers: { apikey: world.setup.anonKey, authorization: `Bearer ${teacher.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_pulls: many(teacher) }),
  });
  await probe.text();
  if (probe.ok) {
    kinds.splice(5, 0, {
      kind: `pull many (${COLLECTIONS.length}, nothing new)`,
      label: 'pull many',
      count: n,
      run: (i) => pick(i).rpc('pull many', 'replication_pull_many', { p_pulls: many(pick(i)) }),
    });
  }
  for (const { kind, label, count, run } of kinds) {
    world.recorder = new Recorder();
    await sleep(500);
    let serverMs = 0;
    let postgresMs = 0;
    let latencies: number[];
    if (kind.startsWith('pull answers (after')) {
      // Sequential, the CPU of each pull alone (the push before it is not counted).
      for (let i = 0; i < count; i++) {
        await run(i);
        await sleep(50);
        const after = await meter.mark();
        serverMs += after.serverMs;
        postgresMs += after.postgresMs;
      }
    } else {
      await meter.mark();
      let next = 0;
      await Promise.all(Array.from({ length: 4 }, async () => {
        while (next < count) await run(next++);
      }));
      await sleep(200); // the pulses' fan-out ends
      const cpu = await meter.mark();
      serverMs = cpu.serverMs;
      postgresMs = cpu.postgresMs;
    }
    latencies = world.recorder.latencies.get(label) ?? [];
    console.log(
      `    ${kind.padEnd(38)} ${String(count).padStart(8)} ${percentile(latencies, 0.5).toFixed(0).padStart(8)} ${percentile(latencies, 0.99).toFixed(0).padStart(8)}` +
        `   ${(serverMs / count).toFixed(2).padStart(12)}` +
        (postgres ? `   ${(postgresMs / count).toFixed(2).padStart(12)}` : ''),
    );
    for (const sample of world.recorder.failureSamples) console.log(`    FAILED ${sample}`);
  }
  // The devices stay deaf: pulls set off now would be cut by the server's stop.
}

async function main() {
  const options: Options = {
    phones: numberOption('phones', 40),
    questions: numberOption('questions', 20),
    rounds: numberOption('rounds', 3),
    arrivalS: numberOption('arrival-s', 60),
    answerS: numberOption('answer-s', 60),
    calibrate: numberOption('calibrate', 40),
  };
  const only = textOption('only', null);
  console.log(
    `class benchmark (issue 34) — Node ${process.version}, ${os.cpus().length} CPU(s); load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  if (only !== 'postgres') await measure('PGlite', options);
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl && only !== 'pglite') {
    const scratch = await createScratchDatabase(postgresUrl, 'cadernos_bench_class');
    try {
      await measure('Postgres', options, scratch.url);
    } finally {
      await scratch.drop();
    }
  }
  console.log(`\nconflicts adopted: ${conflicts}; failures: ${allFailures.length}`);
  if (allFailures.length > 0) {
    for (const failure of allFailures.slice(0, 20)) console.log(`  ${failure.slice(0, 300)}`);
    process.exit(1);
  }
  process.exit(0);
}

if (process.argv[2] === '--child') {
  const [, , , dataDir, storageRoot, questions, databaseUrl] = process.argv;
  await runChild(dataDir, storageRoot, Number(questions), databaseUrl);
} else {
  await main();
}
