/**
 * How many realtime subscribers one sync-server process holds with changes still delivered in
 * under a second. Run: npx tsx sync-server/realtime/bench-subscribers.ts [N …] [--rows R] [--postgres URL]
 *
 * Everything runs in this one process (server on in-memory PGlite, and N realtime-js clients, each
 * signed in as a different user, so RLS is checked once per subscriber for every change).
 *
 * Scenarios, per N:
 * - fan-out: all N subscribe to one table every signed-in user may read; each inserted row must
 *   reach all N (N RLS checks and N messages per change).
 * - own rows: each subscriber filters on its own user id (the app's "pulse" pattern); each
 *   inserted row concerns one subscriber.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import WebSocket from 'ws';
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import { startTestServer, type TestServer } from '../testing.ts';
import { FIXTURE_MIGRATIONS } from './test-helpers.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const rowsPerScenario = Number(option('--rows') ?? 10);
const postgresServerUrl = option('--postgres');
const sizes = args.length > 0 ? args.map(Number) : [100, 500, 1000, 2000];

interface Subscriber {
  userId: string;
  client: RealtimeClient;
  received: Map<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const server = await startTestServer({ postgresServerUrl, migrationsDir: FIXTURE_MIGRATIONS });
  await server.ctx.db.exec(`
    create table public.bench_feed (id bigint generated always as identity primary key, label text not null);
    alter table public.bench_feed enable row level security;
    create policy "signed-in users read the feed" on public.bench_feed for select to authenticated using (true);
    grant select on public.bench_feed to authenticated;
    alter publication supabase_realtime add table public.bench_feed;`);
  console.log(
    `backend: ${server.ctx.db.kind}; ${rowsPerScenario} rows per scenario (fan-out: one insert every 250 ms); ` +
      `node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log('scenario   subscribers  connect_s  rss_MB  deliveries  delivered%  p50_ms  p99_ms  max_ms  subs_all_under_1s');
  for (const n of sizes) {
    const subscribers = await connect(server, n);
    const rss = Math.round(process.memoryUsage().rss / 1e6);
    await report('fan-out', subscribers, rss, await runFanOut(server, subscribers));
    await report('own rows', subscribers, rss, await runOwnRows(server, subscribers));
    await Promise.all(subscribers.map((s) => s.client.disconnect()));
    await sleep(500);
  }
  await server.close();
}

let connectSeconds = 0;

async function connect(server: TestServer, n: number): Promise<Subscriber[]> {
  const started = Date.now();
  const ids = Array.from({ length: n }, () => randomUUID());
  await server.ctx.db.query(
    `insert into auth.users (id, email, aud, role)
     select id, id::text || '@bench.test', 'authenticated', 'authenticated' from unnest($1::uuid[]) as id`,
    [ids],
  );
  const subscribers: Subscriber[] = [];
  for (let i = 0; i < n; i += 100) {
    const batch = ids.slice(i, i + 100).map((userId) => subscribe(server, userId));
    subscribers.push(...(await Promise.all(batch)));
  }
  connectSeconds = (Date.now() - started) / 1000;
  return subscribers;
}

async function subscribe(server: TestServer, userId: string): Promise<Subscriber> {
  const client = new RealtimeClient(`${server.url}/realtime/v1`, {
    params: { apikey: server.ctx.config.anonKey },
    transport: WebSocket as never,
    timeout: 60_000,
  });
  await client.setAuth(await server.ctx.jwt.sign({ role: 'authenticated', sub: userId, aud: 'authenticated' }, 3600));
  const received = new Map<string, number>();
  const record = (payload: { new: Record<string, unknown> }) => received.set(String(payload.new.title ?? payload.new.label), Date.now());
  const channel: RealtimeChannel = client
    .channel(`bench-${userId}`)
    .on('postgres_changes' as never, { event: 'INSERT', schema: 'public', table: 'bench_feed' }, record)
    .on('postgres_changes' as never, { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: `owner_id=eq.${userId}` }, record);
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(error ?? new Error(status)))),
  );
  return { userId, client, received };
}

type Expectation = { label: string; sentAt: number; to: Subscriber[] };

async function runFanOut(server: TestServer, subscribers: Subscriber[]): Promise<Expectation[]> {
  const expectations: Expectation[] = [];
  for (let i = 0; i < rowsPerScenario; i++) {
    const label = `feed-${randomUUID()}`;
    const sentAt = Date.now();
    await server.ctx.db.query('insert into bench_feed (label) values ($1)', [label]);
    expectations.push({ label, sentAt, to: subscribers });
    await sleep(250);
  }
  return expectations;
}

async function runOwnRows(server: TestServer, subscribers: Subscriber[]): Promise<Expectation[]> {
  const expectations: Expectation[] = [];
  for (let i = 0; i < rowsPerScenario * 5; i++) {
    const owner = subscribers[Math.floor(Math.random() * subscribers.length)];
    const label = `note-${randomUUID()}`;
    const sentAt = Date.now();
    await server.ctx.db.query('insert into rt_notes (owner_id, title) values ($1, $2)', [owner.userId, label]);
    expectations.push({ label, sentAt, to: [owner] });
    await sleep(50);
  }
  return expectations;
}

async function report(name: string, subscribers: Subscriber[], rss: number, expectations: Expectation[]) {
  await sleep(3000); // let the last changes arrive
  const latencies: number[] = [];
  let missing = 0;
  const slow = new Set<Subscriber>();
  for (const { label, sentAt, to } of expectations) {
    for (const subscriber of to) {
      const at = subscriber.received.get(label);
      if (at === undefined) {
        missing++;
        slow.add(subscriber);
      } else {
        latencies.push(at - sentAt);
        if (at - sentAt >= 1000) slow.add(subscriber);
      }
    }
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const total = latencies.length + missing;
  const concerned = new Set(expectations.flatMap((e) => e.to));
  const line = [
    name.padEnd(9),
    String(subscribers.length).padStart(12),
    connectSeconds.toFixed(1).padStart(10),
    String(rss).padStart(7),
    String(total).padStart(11),
    ((100 * latencies.length) / total).toFixed(1).padStart(11),
    String(pct(50)).padStart(7),
    String(pct(99)).padStart(7),
    String(latencies.at(-1) ?? NaN).padStart(7),
    `${concerned.size - [...slow].filter((s) => concerned.has(s)).length}/${concerned.size}`.padStart(18),
  ];
  console.log(line.join(' '));
}

await main();
