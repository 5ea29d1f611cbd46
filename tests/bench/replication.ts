/**
 * Replication benchmark of the data layer (src/data), in Node: RxDB on Dexie over fake-indexeddb,
 * against the sync-server in this process (PGlite; `--postgres` uses TEST_DATABASE_URL).
 *
 *   npx tsx tests/bench/replication.ts [--runs 5] [--questions 50] [--answerers 20] [--postgres]
 *
 * Measures (median of the runs):
 *   - initial sync of a notebook owner's device: questions × answerers answers (1,000 by
 *     default) and everything else the owner replicates, until the device is in sync; against
 *     the floor, the same answer documents put into the same IndexedDB in one transaction (what
 *     Dexie's bulkPut does; Dexie itself cannot be loaded beside RxDB's own copy of it);
 *   - push of 100 answers written offline, from reconnect until the server acknowledged all;
 *   - the same two with the request pattern of the stock approach (RxDB's defaults of 100 per
 *     pull and one row per push request, as the stock replication-supabase plugin sends them);
 *   - local write to visible update (an RxDB write to the emission of the live query), p50/p95.
 *
 * Numbers from Node with fake-indexeddb, not from a browser: relative figures are what count.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openDataLayer } from '../../src/data/data-layer.ts';
import { rpcTransport, type ReplicationTransport } from '../../src/data/replication/transport.ts';
import { filter, firstValueFrom } from 'rxjs';
import { Device, TEST_DATABASE_URL, signedInClient, signUp, startServer, type Person, type TestServer } from '../../src/data/testing/harness.ts';
import type { CollectionName } from '../../src/data/schemas/index.ts';
import { median, numberOption, percentile } from './figures.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(name, fallback, args);
const RUNS = option('runs', 5);
const QUESTIONS = option('questions', 50);
const ANSWERERS = option('answerers', 20);
const PUSHED = 100;
const usePostgres = args.includes('--postgres');

const ms = (x: number) => `${x.toFixed(0)} ms`;

async function sql(server: TestServer, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  return (await server.ctx.db.query(text, params)).rows as Record<string, unknown>[];
}

/** One notebook of `owner` with QUESTIONS questions, each answered by ANSWERERS sharees (loaded by SQL). */
async function loadAnsweredNotebook(server: TestServer, owner: Person): Promise<string> {
  const answerers: string[] = [];
  for (let i = 0; i < ANSWERERS; i++) answerers.push((await signUp(server, `leitor${i}`)).userId);
  await sql(server, `alter table public.answers disable trigger "notifications are sent about answers"`);
  await sql(server, `alter table public.notebook_shares disable trigger "a notification is sent about a share"`);
  const [{ id }] = await sql(server, `insert into notebooks (user_id, title) values ($1, 'Caderno grande') returning id`, [owner.userId]);
  await sql(
    server,
    `insert into questions (notebook_id, user_id, text) select $1, $2, 'Pergunta ' || g from generate_series(1, ${QUESTIONS}) g`,
    [id, owner.userId],
  );
  await sql(server, `insert into notebook_shares (notebook_id, shared_with) select $1, a from unnest($2::uuid[]) a`, [id, answerers]);
  await sql(
    server,
    `insert into answers (question_id, user_id, text, is_anonymous, responder_name)
     select q.id, a, 'Resposta de ' || left(a::text, 8) || ' à ' || q.text, (hashtext(q.id::text || a::text) % 5 = 0), 'Nome'
       from questions q cross join unnest($1::uuid[]) a where q.notebook_id = $2`,
    [answerers, id],
  );
  await sql(server, `alter table public.answers enable trigger "notifications are sent about answers"`);
  await sql(server, `alter table public.notebook_shares enable trigger "a notification is sent about a share"`);
  return id as string;
}

interface SyncTiming {
  /** From opening the database to every collection in sync. */
  total: number;
  /** Opening the database and its 11 collections. */
  open: number;
  /** Time spent waiting for pull requests (server and network), summed. */
  requests: number;
}

/** Pull answers recorded from the server, by collection and checkpoint: the device-side cost alone. */
type Recording = Map<string, Awaited<ReturnType<ReplicationTransport['pull']>>>;
const recordingKey = (collection: string, checkpoint: unknown, limit: number) => `${collection}|${JSON.stringify(checkpoint)}|${limit}`;

async function timeInitialSync(
  server: TestServer,
  owner: Person,
  expected: number,
  options: { pullBatchSize?: number; record?: Recording; replay?: Recording } = {},
): Promise<SyncTiming> {
  const { pullBatchSize, record, replay } = options;
  const client = await signedInClient(server, owner); // signing in is not part of a sync
  const rpc = rpcTransport(client);
  let requests = 0;
  const transport: ReplicationTransport = {
    async pull(collection, checkpoint, limit) {
      const key = recordingKey(collection, checkpoint && { xid: checkpoint.xid, id: checkpoint.id }, limit);
      if (replay) {
        const response = replay.get(key);
        if (!response) throw new Error(`nothing recorded for ${key}`);
        return structuredClone(response);
      }
      const started = performance.now();
      try {
        const response = await rpc.pull(collection, checkpoint, limit);
        record?.set(key, structuredClone(response));
        return response;
      } finally {
        requests += performance.now() - started;
      }
    },
    push: (...args) => rpc.push(...args),
  };
  const started = performance.now();
  const layer = await openDataLayer({
    userId: owner.userId,
    client,
    serverUrl: server.url,
    databaseName: `bench-${Math.random().toString(36).slice(2)}`,
    database: { indexedDB: new IDBFactory(), IDBKeyRange, multiInstance: false },
    publishStatus: false,
    engine: { transport, live: false, pollIntervalMs: 0, ...(pullBatchSize ? { pullBatchSize } : {}) },
  });
  const opened = performance.now();
  try {
    await layer.engine!.awaitInSync(120_000);
    const total = performance.now() - started;
    const count = (await layer.db.collections.answers!.find().exec()).length;
    if (count !== expected) throw new Error(`initial sync: ${count} answers, expected ${expected}`);
    return { total, open: opened - started, requests };
  } finally {
    await layer.close();
    await client.removeAllChannels();
  }
}

/** The floor: the documents put into an object store (with the index RxDB keeps) in one transaction. */
async function timeIndexedDBFloor(docs: Record<string, unknown>[]): Promise<number> {
  const factory = new IDBFactory();
  const open = factory.open('floor', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('answers', { keyPath: 'id' }).createIndex('notebook_id', 'notebook_id');
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const started = performance.now();
  const tx = db.transaction('answers', 'readwrite');
  const store = tx.objectStore('answers');
  for (const doc of docs) store.put(doc);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const elapsed = performance.now() - started;
  db.close();
  return elapsed;
}

const PUSH_COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'user_settings', 'notebook_shares'];

async function timePush(server: TestServer, answerer: Person, pushBatchSize?: number): Promise<{ elapsed: number; requests: number }> {
  const device = await Device.open(server, answerer, {
    devMode: false,
    collections: PUSH_COLLECTIONS,
    ...(pushBatchSize ? { engine: { pushBatchSize } } : {}),
  });
  try {
    await device.settle();
    const questions = await device.docs('questions');
    device.goOffline();
    for (const question of questions.slice(0, PUSHED)) {
      const result = await device.api.answers.answer(question.id as string, { text: `Resposta offline ${question.text}` });
      if (!result.ok) throw new Error(result.problem.code);
    }
    const before = device.transport.pushes;
    const started = performance.now();
    device.goOnline();
    const ledger = device.layer.ledger;
    const watchdog = setInterval(async () => {
      if (process.env.BENCH_DEBUG) process.stderr.write(`pending ${Object.keys(await ledger.pending()).length} pushes ${device.transport.pushes} rejections ${JSON.stringify(Object.values(await ledger.rejections()).slice(0, 1))}\n`);
    }, 2000);
    await firstValueFrom(ledger.pending$().pipe(filter((pending) => Object.keys(pending).length === 0)));
    const elapsed = performance.now() - started;
    clearInterval(watchdog);
    const [{ n }] = await sql(server, `select count(*)::int as n from answers where user_id = $1`, [answerer.userId]);
    if (n !== PUSHED) throw new Error(`push: the server has ${n} answers, expected ${PUSHED}`);
    return { elapsed, requests: device.transport.pushes - before };
  } finally {
    await device.close();
  }
}

async function writeToScreenLatencies(server: TestServer, owner: Person, notebookId: string): Promise<number[]> {
  const device = await Device.open(server, owner, { devMode: false, live: false, collections: ['notebooks', 'questions', 'answers'] });
  try {
    await device.layer.engine!.awaitInSync(120_000);
    const question = (await device.docs('questions')).find((q) => q.notebook_id === notebookId)!;
    const latencies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const text = `Pergunta editada ${i}`;
      const shown = firstValueFrom(
        device.api.queries.notebook(notebookId).pipe(filter((view) => !!view?.questions.some((q) => q.question.text === text))),
      );
      const started = performance.now();
      await device.api.questions.edit(question.id as string, text);
      await shown;
      latencies.push(performance.now() - started);
    }
    return latencies;
  } finally {
    await device.close();
  }
}

async function main(): Promise<void> {
  if (usePostgres && !TEST_DATABASE_URL) throw new Error('--postgres needs TEST_DATABASE_URL');
  const server = await startServer({ postgres: usePostgres });
  try {
    const owner = await signUp(server, 'dona_bench');
    const notebookId = await loadAnsweredNotebook(server, owner);
    const expected = QUESTIONS * ANSWERERS;
    const answerDocs = await sql(server, `select to_jsonb(a) - 'replication_xid' as doc from answers a where notebook_id = $1`, [notebookId]);
    const [{ docs }] = await sql(
      server,
      `select (select count(*) from notebooks where user_id = $1) + (select count(*) from questions where notebook_id = $2)
            + (select count(*) from answers where notebook_id = $2) + (select count(*) from notebook_shares where notebook_id = $2) as docs`,
      [owner.userId, notebookId],
    );

    // The push notebook: PUSHED questions, shared with one fresh answerer per run (one answer per person and question).
    const [{ id: pushNotebook }] = await sql(server, `insert into notebooks (user_id, title) values ($1, 'Caderno de envio') returning id`, [owner.userId]);
    await sql(server, `insert into questions (notebook_id, user_id, text) select $1, $2, 'Envio ' || g from generate_series(1, ${PUSHED}) g`, [pushNotebook, owner.userId]);
    const pushers: Person[] = [];
    for (let i = 0; i < RUNS * 2; i++) {
      const person = await signUp(server, `envia${i}`);
      await sql(server, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [pushNotebook, person.userId]);
      pushers.push(person);
    }

    const progress = (what: string) => process.stderr.write(`  … ${what}\n`);
    const ours: SyncTiming[] = [];
    const stock: SyncTiming[] = [];
    const deviceOnly: SyncTiming[] = [];
    const floor: number[] = [];
    const recording: Recording = new Map();
    await timeInitialSync(server, owner, expected, { record: recording });
    for (let run = 0; run < RUNS; run++) {
      progress(`initial sync, run ${run + 1}`);
      ours.push(await timeInitialSync(server, owner, expected));
      stock.push(await timeInitialSync(server, owner, expected, { pullBatchSize: 100 }));
      deviceOnly.push(await timeInitialSync(server, owner, expected, { replay: recording }));
      floor.push(await timeIndexedDBFloor(answerDocs.map((row) => row.doc as Record<string, unknown>)));
    }
    const pushOurs: { elapsed: number; requests: number }[] = [];
    const pushStock: { elapsed: number; requests: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      progress(`push, run ${run + 1}`);
      pushOurs.push(await timePush(server, pushers[run * 2]));
      pushStock.push(await timePush(server, pushers[run * 2 + 1], 1));
    }
    const latencies = await writeToScreenLatencies(server, owner, notebookId);

    const oursTotal = median(ours.map((t) => t.total));
    const stockTotal = median(stock.map((t) => t.total));
    const rows: [string, string, string][] = [
      [
        `initial sync, ${expected} answers (${docs} docs of the notebook)`,
        ms(oursTotal),
        `open ${ms(median(ours.map((t) => t.open)))}, waiting for pulls ${ms(median(ours.map((t) => t.requests)))}; floor (the answers put in one IndexedDB transaction) ${ms(median(floor))} → ${(oursTotal / median(floor)).toFixed(1)}×`,
      ],
      [
        `initial sync, device side only (server answers replayed from memory)`,
        ms(median(deviceOnly.map((t) => t.total))),
        `→ ${(median(deviceOnly.map((t) => t.total)) / median(floor)).toFixed(1)}× the floor`,
      ],
      [`initial sync, stock request pattern (100 per pull)`, ms(stockTotal), `waiting for pulls ${ms(median(stock.map((t) => t.requests)))}; ours is ${(stockTotal / oursTotal).toFixed(2)}× faster`],
      [`push of ${PUSHED} offline answers until acknowledged`, ms(median(pushOurs.map((p) => p.elapsed))), `${median(pushOurs.map((p) => p.requests))} push request(s)`],
      [`push of ${PUSHED}, stock request pattern (one row per request)`, ms(median(pushStock.map((p) => p.elapsed))), `${median(pushStock.map((p) => p.requests))} push requests; ours is ${(median(pushStock.map((p) => p.elapsed)) / median(pushOurs.map((p) => p.elapsed))).toFixed(1)}× faster`],
      ['local write → live query emission', `p50 ${percentile(latencies, 0.5).toFixed(1)} ms`, `p95 ${percentile(latencies, 0.95).toFixed(1)} ms (100 edits)`],
    ];
    console.log(`\nReplication benchmark — ${server.ctx.db.kind}, median of ${RUNS} runs, Node ${process.version}, fake-indexeddb\n`);
    const width = Math.max(...rows.map((r) => r[0].length));
    for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padStart(12)}  ${note}`);
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
