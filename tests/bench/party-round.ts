/**
 * "Passar o caderno" (issue 21) benchmark, in Node: the data layer (RxDB on Dexie over
 * fake-indexeddb) against the sync-server in this process (PGlite; `--postgres` uses
 * TEST_DATABASE_URL).
 *
 *   npx tsx tests/bench/party-round.ts [--runs 5] [--friends 30] [--questions 20] [--postgres]
 *
 * One run: a host's phone with a notebook of QUESTIONS questions goes offline; FRIENDS friends
 * take their turns (name, every question answered, end of turn, next person) through the rounds
 * API as the screen calls it; the round ends. Measured (median of the runs):
 *   - the round on the phone: time of all the turns (local writes only);
 *   - reconnect → every guest and every guest answer on the server (polled by SQL every 10 ms);
 *   - storage on the phone per round: the bytes of everything the round added to the device's
 *     IndexedDB (documents, RxDB's metadata, the ledger, the round's state), as a scan of every
 *     store serialises it (JSON), measured after the sync — per round and per answer.
 *
 * Numbers from Node with fake-indexeddb, not from a phone's browser: relative figures, and an
 * order of magnitude.
 */
import { Device, TEST_DATABASE_URL, dumpIndexedDB, signUp, startServer, type TestServer } from '../../src/data/testing/harness.ts';
import type { CollectionName } from '../../src/data/schemas/index.ts';
import { median, numberOption } from './figures.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(name, fallback, args);
const RUNS = option('runs', 5);
const FRIENDS = option('friends', 30);
const QUESTIONS = option('questions', 20);
const usePostgres = args.includes('--postgres');

const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'guests', 'user_settings', 'forbidden_words', 'notebook_shares'];

async function count(server: TestServer, notebookId: string): Promise<{ guests: number; answers: number }> {
  const { rows } = await server.ctx.db.query(
    `select (select count(*) from public.guests where notebook_id = $1)::int as guests,
            (select count(*) from public.answers where notebook_id = $1 and guest_id is not null)::int as answers`,
    [notebookId],
  );
  return rows[0] as { guests: number; answers: number };
}

interface RunResult {
  roundMs: number;
  reconnectMs: number;
  /** Of which: waiting for the server's answers to push requests (summed). */
  pushRequestsMs: number;
  pushRequests: number;
  storageBytes: number;
}

async function run(server: TestServer, index: number): Promise<RunResult> {
  const host = await signUp(server, `anfitriao${index}`);
  const { data: notebook } = await host.client.from('notebooks').insert({ title: 'Festa grande', user_id: host.userId }).select().single();
  const notebookId = notebook!.id as string;
  const { data: questions } = await host.client
    .from('questions')
    .insert(Array.from({ length: QUESTIONS }, (_, i) => ({ notebook_id: notebookId, text: `Pergunta ${i + 1} da festa`, order_index: i })))
    .select();
  const questionIds = questions!.map((q) => q.id as string);

  const phone = await Device.open(server, host, { collections: COLLECTIONS, devMode: false });
  try {
    await phone.settle();
    const storageBefore = (await dumpIndexedDB(phone.indexedDB)).length;
    phone.goOffline();

    const started = performance.now();
    const start = await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '2468' });
    if (!start.ok) throw new Error(start.problem.code);
    for (let friend = 0; friend < FRIENDS; friend++) {
      const turn = await phone.api.rounds.startTurn({ name: `Amigo ${friend + 1}`, anonymous: friend % 3 === 0 });
      if (!turn.ok) throw new Error(turn.problem.code);
      for (const questionId of questionIds) {
        const answered = await phone.api.rounds.answer(questionId, `Resposta do amigo ${friend + 1}, com algumas palavras a mais`);
        if (!answered.ok) throw new Error(answered.problem.code);
      }
      await phone.api.rounds.endTurn();
      await phone.api.rounds.handOn();
    }
    const ended = await phone.api.rounds.end('2468');
    if (!ended.ok) throw new Error(ended.problem.code);
    const roundMs = performance.now() - started;

    // The time the server takes to answer the pushes, apart from the device's own work.
    let pushRequestsMs = 0;
    let pushRequests = 0;
    const inner = phone.transport.inner;
    const push = inner.push.bind(inner);
    inner.push = async (...request) => {
      const sent = performance.now();
      try {
        return await push(...request);
      } finally {
        pushRequestsMs += performance.now() - sent;
        pushRequests += 1;
      }
    };
    const reconnected = performance.now();
    phone.goOnline();
    for (;;) {
      const { guests, answers } = await count(server, notebookId);
      if (guests === FRIENDS && answers === FRIENDS * QUESTIONS) break;
      if (performance.now() - reconnected > 300_000) throw new Error(`only ${guests} guests, ${answers} answers after 5 min`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const reconnectMs = performance.now() - reconnected;
    await phone.settle();
    const storageBytes = (await dumpIndexedDB(phone.indexedDB)).length - storageBefore;
    return { roundMs, reconnectMs, pushRequestsMs, pushRequests, storageBytes };
  } finally {
    await phone.close();
  }
}

async function main() {
  const server = await startServer({ postgres: usePostgres && Boolean(TEST_DATABASE_URL) });
  try {
    const results: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await run(server, i);
      results.push(result);
      console.log(
        `run ${i + 1}: round ${result.roundMs.toFixed(0)} ms, reconnect → server ${result.reconnectMs.toFixed(0)} ms ` +
          `(${result.pushRequests} push requests, ${result.pushRequestsMs.toFixed(0)} ms waiting for the server), storage ${(result.storageBytes / 1024).toFixed(0)} kB`,
      );
    }
    const answers = FRIENDS * QUESTIONS;
    const storage = median(results.map((r) => r.storageBytes));
    console.log(`\n${FRIENDS} friends × ${QUESTIONS} questions (${answers} answers), ${RUNS} runs, ${usePostgres ? 'Postgres' : 'PGlite'}, medians:`);
    console.log(`  the round on the phone (local writes):           ${median(results.map((r) => r.roundMs)).toFixed(0)} ms`);
    console.log(`  reconnect → every guest answer on the server:    ${median(results.map((r) => r.reconnectMs)).toFixed(0)} ms`);
    console.log(`    of which waiting for the server's push answers: ${median(results.map((r) => r.pushRequestsMs)).toFixed(0)} ms`);
    console.log(`  storage on the phone per round:                  ${(storage / 1024).toFixed(0)} kB (${(storage / answers).toFixed(0)} bytes per answer)`);
  } finally {
    await server.close();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
