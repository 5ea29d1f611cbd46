/**
 * The page that runs OUR data layer (src/data, imported, not copied) as the app runs it:
 * multiInstance on, dev-mode off, `online` events from the window, Realtime pulses on.
 */
import { filter, firstValueFrom, map } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { openDataLayer, type DataLayer } from '../../../src/data/data-layer.ts';
import { openDatabase } from '../../../src/data/db.ts';
import { rpcTransport, type PullResponse, type ReplicationTransport } from '../../../src/data/replication/transport.ts';
import { nextOnline, signedIn, type Account } from './common.ts';

/** Pull answers by request, recorded in a live run and replayed to time the device side alone. */
export type Recording = Record<string, PullResponse>;

export interface SyncResult {
  totalMs: number;
  /** Opening the database and its collections (before any request). */
  openMs: number;
  /** Time spent waiting for pull answers, summed over requests (they overlap across collections). */
  pullWaitMs: number;
  pulls: number;
  /** Documents in each collection once in sync. */
  counts: Record<string, number>;
  recording?: Recording;
  /** Replay only: pulls that were not recorded (answered with an empty page). */
  unrecorded?: number;
  /**
   * The answers collection's pull pages: the time each request took, and the time from its
   * answer to the next request (RxDB storing the page: documents, replication metadata, checkpoint).
   */
  answerPages: { requestMs: number; storeMs: number; upstreamWaitMs?: number }[];
  /** RxDB's replication counters for the answers collection (how often each side of the protocol ran). */
  answerStats?: unknown;
}

const keyOf = (collection: string, checkpoint: { xid: string; id: string } | null, limit: number) =>
  `${collection}|${checkpoint ? `${checkpoint.xid}/${checkpoint.id}` : '-'}|${limit}`;

async function counts(layer: DataLayer): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(layer.db.collections as Record<string, RxCollection>).map(async ([name, c]) => [name, await c.count().exec()] as const),
  );
  return Object.fromEntries(entries);
}

/** From an empty device to in sync: openDataLayer as the app calls it, until every collection is in sync. */
let keptOpen: { layer: DataLayer; client: Awaited<ReturnType<typeof signedIn>> } | null = null;

async function initialSync(options: { account: Account; databaseName: string; record?: boolean; replay?: Recording; keepOpen?: boolean }): Promise<SyncResult> {
  const { account, databaseName, record, replay, keepOpen } = options;
  const client = await signedIn(account);
  const rpc = rpcTransport(client);
  const recording: Recording = {};
  let pullWaitMs = 0;
  let pulls = 0;
  let unrecorded = 0;
  const answerPages: { requestMs: number; storeMs: number; upstreamWaitMs?: number }[] = [];
  let openedLayer: DataLayer | null = null;
  let lastAnswerPageAt: number | null = null;
  const transport: ReplicationTransport = {
    async pull(collection, checkpoint, limit) {
      pulls += 1;
      if (collection === 'answers') {
        const now = performance.now();
        if (lastAnswerPageAt !== null) answerPages[answerPages.length - 1].storeMs = now - lastAnswerPageAt;
        answerPages.push({ requestMs: 0, storeMs: 0 });
        const response = await pullFrom(collection, checkpoint, limit);
        lastAnswerPageAt = performance.now();
        const page = answerPages[answerPages.length - 1];
        page.requestMs = lastAnswerPageAt - now;
        // How long the Puller's wait for the upstream queue would last from here (observed, not awaited).
        const answeredAt = lastAnswerPageAt;
        const upstream = openedLayer?.engine?.replications.get('answers')?.internalReplicationState?.streamQueue.up;
        void upstream?.then(() => (page.upstreamWaitMs = performance.now() - answeredAt));
        return response;
      }
      return pullFrom(collection, checkpoint, limit);
    },
    push: (collection, rows) => rpc.push(collection, rows),
  };
  const pullFrom: ReplicationTransport['pull'] = async (collection, checkpoint, limit) => {
    const key = keyOf(collection, checkpoint && { xid: checkpoint.xid, id: checkpoint.id }, limit);
    if (replay) {
      const response = replay[key];
      if (response) return structuredClone(response);
      unrecorded += 1;
      return { documents: [], checkpoint };
    }
    const started = performance.now();
    const response = await rpc.pull(collection, checkpoint, limit);
    pullWaitMs += performance.now() - started;
    if (record) recording[key] = structuredClone(response);
    return response;
  };
  // The profiling run starts its profiler here, after sign-in (a function exposed by Playwright).
  await (window as unknown as { startProfiler?: () => Promise<void> }).startProfiler?.();
  const started = performance.now();
  const layer = await openDataLayer({
    userId: account.userId,
    client,
    serverUrl: location.origin,
    databaseName,
    database: { multiInstance: true, devMode: false },
    engine: replay
      ? { transport, live: false, pollIntervalMs: 0 }
      : { transport, networkEvents: window },
  });
  const openMs = performance.now() - started;
  openedLayer = layer;
  try {
    if (!(await layer.engine!.awaitInSync(300_000))) throw new Error('initial sync: not in sync after 300 s');
    const totalMs = performance.now() - started;
    if (lastAnswerPageAt !== null) answerPages[answerPages.length - 1].storeMs = totalMs + started - lastAnswerPageAt;
    const answerStats = structuredClone(layer.engine!.replications.get('answers')?.internalReplicationState?.stats);
    return { totalMs, openMs, pullWaitMs, pulls, answerPages, answerStats, counts: await counts(layer), ...(record ? { recording } : {}), ...(replay ? { unrecorded } : {}) };
  } finally {
    if (keepOpen) keptOpen = { layer, client };
    else {
      await layer.wipe();
      await client.removeAllChannels();
    }
  }
}

/** What the kept-open sync left in IndexedDB: records and indexes per object store. */
async function indexedDBCensus(): Promise<{ database: string; store: string; records: number; indexes: string[] }[]> {
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const census: { database: string; store: string; records: number; indexes: string[] }[] = [];
  for (const info of await indexedDB.databases()) {
    const db = (await request(indexedDB.open(info.name!) as IDBRequest<IDBDatabase>));
    for (const store of [...db.objectStoreNames]) {
      const objectStore = db.transaction(store, 'readonly').objectStore(store);
      census.push({ database: info.name!, store, records: await request(objectStore.count()), indexes: [...objectStore.indexNames] });
    }
    db.close();
  }
  return census.filter((entry) => entry.records > 0);
}

async function discardKept(): Promise<void> {
  if (!keptOpen) return;
  await keptOpen.layer.wipe();
  await keptOpen.client.removeAllChannels();
  keptOpen = null;
}

/**
 * Between the floor and a sync: the same documents written with RxDB's bulkInsert into our
 * database (openDatabase as the app opens it, no replication) — RxDB's storage cost alone.
 */
async function rxdbBulkInsert(options: { databaseName: string; docs: Record<'notebooks' | 'questions' | 'answers', Record<string, unknown>[]> }): Promise<{ totalMs: number }> {
  const db = await openDatabase({ name: options.databaseName, multiInstance: true, devMode: false });
  try {
    const started = performance.now();
    for (const name of ['notebooks', 'questions', 'answers'] as const) {
      const result = await (db.collections[name] as RxCollection).bulkInsert(options.docs[name]);
      if (result.error.length > 0) throw new Error(`bulkInsert ${name}: ${result.error.length} errors`);
    }
    return { totalMs: performance.now() - started };
  } finally {
    await db.remove();
  }
}

let pushLayer: DataLayer | null = null;

/** Opens a device and lets it sync (not measured); returns the question ids it can answer. */
async function preparePush(options: { account: Account; databaseName: string }): Promise<string[]> {
  const client = await signedIn(options.account);
  pushLayer = await openDataLayer({
    userId: options.account.userId,
    client,
    serverUrl: location.origin,
    databaseName: options.databaseName,
    database: { multiInstance: true, devMode: false },
    engine: { networkEvents: window },
  });
  if (!(await pushLayer.engine!.awaitInSync(300_000))) throw new Error('push: device not in sync');
  const questions = await pushLayer.db.collections.questions!.find().exec();
  return questions.map((q) => q.primary as string);
}

/** Called while the browser is offline: one answer per question through the app's api. */
async function writeOffline(questionIds: string[]): Promise<number> {
  const started = performance.now();
  for (const id of questionIds) {
    const result = await pushLayer!.api.answers.answer(id, { text: `Resposta offline ${id.slice(0, 8)}` });
    if (!result.ok) throw new Error(result.problem.code);
  }
  const pending = Object.keys(await pushLayer!.ledger.pending()).length;
  if (pending !== questionIds.length) throw new Error(`push: ${pending} pending writes, expected ${questionIds.length}`);
  return performance.now() - started;
}

/** Armed before going online: resolves with the ms from the `online` event until the ledger is empty. */
let acknowledged: Promise<number> | null = null;
function armPush(): void {
  const online = nextOnline();
  const empty = firstValueFrom(pushLayer!.ledger.pending$().pipe(
    map((pending) => Object.keys(pending).length),
    filter((n) => n === 0),
  ));
  acknowledged = (async () => {
    const onlineAt = await online;
    await empty;
    return performance.now() - onlineAt;
  })();
}

async function awaitPush(): Promise<number> {
  const elapsed = await acknowledged!;
  await pushLayer!.wipe();
  pushLayer = null;
  return elapsed;
}

/** One write: until its promise resolved (stored), and until the screen's query showed it. */
export interface WriteSample {
  writeMs: number;
  visibleMs: number;
}

export interface LatencyResult {
  /** Question edits at a person's pace: each after the previous one was pushed and echoed back. */
  editsIdle: WriteSample[];
  /** Question edits back to back, while the earlier ones are being pushed and pulled again. */
  editsBusy: WriteSample[];
  /** New answers at a person's pace. */
  answersIdle: WriteSample[];
}

/**
 * Local write to visible update: the screen's live query (queries.notebook) stays subscribed, as
 * on the notebook screen; each write is timed until the query emits a view that shows it.
 */
async function writeToScreen(options: { account: Account; databaseName: string; notebookId: string; edits: number; pushQuietMs?: number }): Promise<LatencyResult> {
  const client = await signedIn(options.account);
  const layer = await openDataLayer({
    userId: options.account.userId,
    client,
    serverUrl: location.origin,
    databaseName: options.databaseName,
    database: { multiInstance: true, devMode: false },
    engine: { networkEvents: window, pushQuietMs: options.pushQuietMs },
  });
  try {
    if (!(await layer.engine!.awaitInSync(300_000))) throw new Error('latency: device not in sync');
    const view$ = layer.api.queries.notebook(options.notebookId);
    const first = await firstValueFrom(view$.pipe(filter((view) => !!view && view.questions.length > 0)));
    // The emission is often delivered before the write's promise resolves: its time is taken here.
    const waiters: { test: (view: typeof first) => boolean; resolve: (at: number) => void }[] = [];
    const subscription = view$.subscribe((view) => {
      const at = performance.now();
      for (const waiter of waiters.splice(0)) {
        if (waiter.test(view)) waiter.resolve(at);
        else waiters.push(waiter);
      }
    });
    const shown = (test: (view: typeof first) => boolean) => new Promise<number>((resolve) => waiters.push({ test, resolve }));
    const settled = async () => {
      await firstValueFrom(layer.ledger.pending$().pipe(filter((pending) => Object.keys(pending).length === 0)));
      await layer.engine!.awaitInSync(30_000);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the pulse of our own write, and its pull
    };
    const time = async (write: () => Promise<{ ok: boolean }>, test: (view: typeof first) => boolean): Promise<WriteSample> => {
      const visible = shown(test);
      const started = performance.now();
      const result = await write();
      const writeMs = performance.now() - started;
      if (!result.ok) throw new Error('write refused');
      return { writeMs, visibleMs: (await visible) - started };
    };
    const questions = first!.questions.map((q) => q.question);
    const edit = (i: number) => {
      const question = questions[i % questions.length];
      const text = `Pergunta editada ${i}`;
      return time(() => layer.api.questions.edit(question.id, text), (view) => !!view?.questions.some((q) => q.question.id === question.id && q.question.text === text));
    };
    const editsIdle: WriteSample[] = [];
    for (let i = 0; i < options.edits / 2; i++) {
      await settled();
      editsIdle.push(await edit(i));
    }
    await settled();
    const editsBusy: WriteSample[] = [];
    for (let i = 0; i < options.edits; i++) editsBusy.push(await edit(1000 + i));
    const answersIdle: WriteSample[] = [];
    for (const question of questions) {
      await settled();
      const text = `Minha resposta ${question.id.slice(0, 8)} ${options.databaseName}`;
      answersIdle.push(await time(() => layer.api.answers.answer(question.id, { text }), (view) => !!view?.questions.some((q) => q.question.id === question.id && q.myAnswer?.text === text)));
    }
    subscription.unsubscribe();
    return { editsIdle, editsBusy, answersIdle };
  } finally {
    await layer.wipe();
    await client.removeAllChannels();
  }
}

Object.assign(window, { bench: { initialSync, indexedDBCensus, discardKept, rxdbBulkInsert, preparePush, writeOffline, armPush, awaitPush, writeToScreen }, benchReady: true });
