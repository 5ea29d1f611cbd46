/**
 * The page that runs RxDB's stock Supabase replication (`rxdb/plugins/replication-supabase`) as
 * its documentation sets it up: one RxDB database on Dexie, one replicateSupabase per table,
 * live (Realtime postgres_changes), RxDB's default batch sizes unless a benchmark asks otherwise.
 * It reads the bench-only tables (`bench_*`, with the `_modified` and `_deleted` columns the
 * plugin needs) that the benchmark creates in its own throwaway server; the documents are the
 * same as our tables', and the collections use our schemas (same fields, same indexes).
 */
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { newAnswerDoc } from '../../../src/data/schemas/answers.ts';
import { COLLECTIONS } from '../../../src/data/schemas/index.ts';
import { nextOnline, signedIn, type Account } from './common.ts';

// Our schemas are past version 0: RxDB checks for documents to migrate when it opens them.
addRxPlugin(RxDBMigrationSchemaPlugin);

type Name = 'notebooks' | 'questions' | 'answers';

async function openStock(databaseName: string, names: Name[]): Promise<RxDatabase> {
  const db = await createRxDatabase({ name: databaseName, storage: getRxStorageDexie(), multiInstance: true, eventReduce: true });
  await db.addCollections(Object.fromEntries(names.map((name) => [name, { schema: COLLECTIONS[name].schema }])));
  return db;
}

/** A fetch that adds up the time spent waiting for answers (requests overlap: a sum, not a span). */
function timedFetch(): { fetch: typeof fetch; waitMs: () => number; requests: () => number } {
  let waitMs = 0;
  let requests = 0;
  return {
    fetch: async (input, init) => {
      const started = performance.now();
      try {
        return await fetch(input, init);
      } finally {
        requests += 1;
        waitMs += performance.now() - started;
      }
    },
    waitMs: () => waitMs,
    requests: () => requests,
  };
}

async function initialSync(options: { account: Account; databaseName: string; tables: Record<Name, string>; pullBatchSize?: number }) {
  const timing = timedFetch();
  const client = await signedIn(options.account, timing.fetch);
  const names = Object.keys(options.tables) as Name[];
  const before = timing.requests();
  const started = performance.now();
  const db = await openStock(options.databaseName, names);
  const openMs = performance.now() - started;
  const waitBefore = timing.waitMs();
  const replications: RxSupabaseReplicationState<unknown>[] = names.map((name) =>
    replicateSupabase({
      replicationIdentifier: `bench-${name}-${options.databaseName}`,
      collection: db.collections[name] as RxCollection,
      client,
      tableName: options.tables[name],
      live: true,
      pull: options.pullBatchSize ? { batchSize: options.pullBatchSize } : {},
      push: {},
    }),
  );
  const errors: string[] = [];
  for (const r of replications) r.error$.subscribe((error) => errors.push(String(error?.message ?? error).slice(0, 300)));
  try {
    await Promise.all(replications.map((r) => r.awaitInitialReplication()));
    await Promise.all(replications.map((r) => r.awaitInSync()));
    const totalMs = performance.now() - started;
    const counts = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await db.collections[name].count().exec()] as const)));
    return { totalMs, openMs, pullWaitMs: timing.waitMs() - waitBefore, pulls: timing.requests() - before, counts, errors };
  } finally {
    await Promise.all(replications.map((r) => r.cancel()));
    await db.remove();
    await client.removeAllChannels();
  }
}

let push: { db: RxDatabase; replication: RxSupabaseReplicationState<unknown>; client: Awaited<ReturnType<typeof signedIn>>; sent: Set<string> } | null = null;

async function preparePush(options: { account: Account; databaseName: string; table: string }): Promise<void> {
  const client = await signedIn(options.account);
  const db = await openStock(options.databaseName, ['answers']);
  const replication = replicateSupabase({
    replicationIdentifier: `bench-push-${options.databaseName}`,
    collection: db.collections.answers as RxCollection,
    client,
    tableName: options.table,
    live: true,
    pull: {},
    push: {},
  });
  // Errors while offline are expected (failed pushes); errors after reconnecting are not.
  replication.error$.subscribe((error) => navigator.onLine && console.error(`stock push error: ${String(error?.message ?? error).slice(0, 300)}`));
  await replication.awaitInitialReplication();
  const sent = new Set<string>();
  replication.sent$.subscribe((doc) => sent.add((doc as unknown as { id: string }).id));
  push = { db, replication, client, sent };
}

/** While offline: the same answer documents our api writes, inserted one by one. */
async function writeOffline(options: { userId: string; questions: { id: string; notebook_id: string }[] }): Promise<number> {
  const started = performance.now();
  for (const question of options.questions) {
    const answer = { id: crypto.randomUUID(), question_id: question.id, notebook_id: question.notebook_id, user_id: options.userId, text: `Resposta offline ${question.id.slice(0, 8)}` };
    await push!.db.collections.answers.insert(newAnswerDoc(answer, { at: new Date().toISOString(), clock: Date.now() }));
  }
  return performance.now() - started;
}

let acknowledged: Promise<number> | null = null;
function armPush(expected: number): void {
  const online = nextOnline();
  acknowledged = (async () => {
    const onlineAt = await online;
    await new Promise<void>((resolve) => {
      if (push!.sent.size >= expected) return resolve();
      const subscription = push!.replication.sent$.subscribe(() => {
        if (push!.sent.size < expected) return;
        subscription.unsubscribe();
        resolve();
      });
    });
    return performance.now() - onlineAt;
  })();
}

async function awaitPush(): Promise<number> {
  const elapsed = await acknowledged!;
  await push!.replication.cancel();
  await push!.db.remove();
  await push!.client.removeAllChannels();
  push = null;
  return elapsed;
}

Object.assign(window, { bench: { initialSync, preparePush, writeOffline, armPush, awaitPush }, benchReady: true });
