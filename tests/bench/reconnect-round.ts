/**
 * Reconnect → acknowledged for a round of "Passar o caderno" (issue 29, S2), in Node: the data
 * layer (RxDB on Dexie over fake-indexeddb) with the app's retry waits (1 s doubling up to 60 s)
 * against the sync-server in this process over loopback (PGlite; `--postgres` uses TEST_DATABASE_URL).
 *
 *   npx tsx tests/bench/reconnect-round.ts [--runs 5] [--friends 4] [--questions 5] [--offline 8]
 *                                          [--latency 300] [--postgres]
 *
 * One run: a host's phone goes offline, FRIENDS friends take their turns (QUESTIONS answers each),
 * the round ends, the phone stays offline OFFLINE seconds (its retry waits grow meanwhile); then
 * the `online` event. Measured: from it until the device holds no write waiting for the server's
 * acknowledgement (the status line's "N alterações aguardando envio" gone). Three cases, medians:
 *   - the signal returns;
 *   - the signal returns, and the first push after it fails (a network still coming up);
 *   - the signal returns to a slow server (every request LATENCY ms late).
 * Goal: ≤ 2 s on loopback in each.
 */
import { Device, TEST_DATABASE_URL, signUp, startServer, type TestServer } from '../../src/data/testing/harness.ts';
import type { CollectionName } from '../../src/data/schemas/index.ts';
import { DEFAULT_RETRY } from '../../src/data/replication/sync-engine.ts';
import { median, numberOption } from './figures.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(name, fallback, args);
const RUNS = option('runs', 5);
const FRIENDS = option('friends', 4);
const QUESTIONS = option('questions', 5);
const OFFLINE_S = option('offline', 8);
const LATENCY_MS = option('latency', 300);
const usePostgres = args.includes('--postgres');

const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'guests', 'user_settings', 'forbidden_words', 'notebook_shares'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Case = 'plain' | 'first-push-fails' | 'slow-server';

async function run(server: TestServer, index: number, kind: Case): Promise<number> {
  const host = await signUp(server, `volta_${kind.slice(0, 5)}_${index}`);
  const { data: notebook } = await host.client.from('notebooks').insert({ title: 'Festa', user_id: host.userId }).select().single();
  const notebookId = notebook!.id as string;
  const { data: questions } = await host.client
    .from('questions')
    .insert(Array.from({ length: QUESTIONS }, (_, i) => ({ notebook_id: notebookId, text: `Pergunta ${i + 1}`, order_index: i })))
    .select();
  const phone = await Device.open(server, host, { collections: COLLECTIONS, devMode: false, engine: { retry: DEFAULT_RETRY } });
  try {
    await phone.settle();
    phone.goOffline();
    const start = await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '2468' });
    if (!start.ok) throw new Error(start.problem.code);
    for (let friend = 0; friend < FRIENDS; friend++) {
      const turn = await phone.api.rounds.startTurn({ name: `Amigo ${friend + 1}`, anonymous: false });
      if (!turn.ok) throw new Error(turn.problem.code);
      for (const question of questions!) {
        const answered = await phone.api.rounds.answer(question.id as string, `Resposta ${friend + 1}`);
        if (!answered.ok) throw new Error(answered.problem.code);
      }
      await phone.api.rounds.endTurn();
      await phone.api.rounds.handOn();
    }
    const ended = await phone.api.rounds.end('2468');
    if (!ended.ok) throw new Error(ended.problem.code);
    await sleep(OFFLINE_S * 1000);

    if (kind === 'slow-server') phone.transport.latencyMs = LATENCY_MS;
    if (kind === 'first-push-fails') {
      const inner = phone.transport.inner;
      const push = inner.push.bind(inner);
      let failed = false;
      inner.push = async (...request) => {
        if (failed) return push(...request);
        failed = true;
        throw new TypeError('fetch failed (the network is still coming up)');
      };
    }
    const reconnected = performance.now();
    if (process.env.TRACE) {
      const inner = phone.transport.inner;
      for (const method of ['push', 'pull'] as const) {
        const call = inner[method].bind(inner) as (...a: unknown[]) => Promise<unknown>;
        (inner as unknown as Record<string, unknown>)[method] = async (...request: unknown[]) => {
          const at = performance.now() - reconnected;
          try {
            return await call(...request);
          } finally {
            console.log(`  ${method} ${String(request[0])} ${at.toFixed(0)}–${(performance.now() - reconnected).toFixed(0)} ms`);
          }
        };
      }
    }
    phone.goOnline();
    for (;;) {
      if (Object.keys(await phone.layer.ledger.pending()).length === 0) break;
      if (performance.now() - reconnected > 120_000) throw new Error('writes still pending 2 min after reconnecting');
      await sleep(5);
    }
    return performance.now() - reconnected;
  } finally {
    await phone.close();
  }
}

async function main() {
  const server = await startServer({ postgres: usePostgres && Boolean(TEST_DATABASE_URL) });
  try {
    const cases: Case[] = ['plain', 'first-push-fails', 'slow-server'];
    const results = new Map<Case, number[]>(cases.map((kind) => [kind, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const kind of cases) {
        const ms = await run(server, i, kind);
        results.get(kind)!.push(ms);
        console.log(`run ${i + 1} ${kind}: reconnect → acknowledged ${ms.toFixed(0)} ms`);
      }
    }
    console.log(
      `\n${FRIENDS} friends × ${QUESTIONS} questions, ${OFFLINE_S} s offline, ${RUNS} runs, ${usePostgres ? 'Postgres' : 'PGlite'}, loopback; medians (goal ≤ 2000 ms):`,
    );
    const label: Record<Case, string> = {
      plain: 'the signal returns',
      'first-push-fails': 'the first push after it fails',
      'slow-server': `a server ${LATENCY_MS} ms late per request`,
    };
    for (const kind of cases) {
      const xs = results.get(kind)!;
      console.log(`  ${label[kind].padEnd(40)} ${median(xs).toFixed(0)} ms (max ${Math.max(...xs).toFixed(0)} ms)`);
    }
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
