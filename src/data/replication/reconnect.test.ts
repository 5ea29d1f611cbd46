/**
 * S2 (issue 29): a round's answers leave the phone the moment the signal returns. While offline the
 * waits between retries grow (up to a minute in the app); the `online` event must cut them short —
 * whatever failed before, also when the server answers slowly — and a push waiting for its guests
 * (guest_not_synced) is retried within a second, however many failures came before it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Device, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';
import type { CollectionName } from '../schemas/index.ts';
import { retryDelayMs, WaitsForParentRows } from './collection-replication.ts';
import { DEFAULT_RETRY } from './sync-engine.ts';

const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'guests', 'user_settings', 'forbidden_words', 'notebook_shares'];

describe('retry waits', () => {
  test('a network failure backs off up to the limit; a push waiting for its guests is retried within a second', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(DEFAULT_RETRY, n, new TypeError('fetch failed')))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(DEFAULT_RETRY, 40, new TypeError('fetch failed'))).toBe(DEFAULT_RETRY.maxMs);
    const waiting = new WaitsForParentRows('answers: 3 row(s) wait for a row they refer to (guest_not_synced)');
    expect(retryDelayMs(DEFAULT_RETRY, 1, waiting)).toBeLessThanOrEqual(100);
    expect(retryDelayMs(DEFAULT_RETRY, 40, waiting)).toBeLessThanOrEqual(1000);
  });
});

let server: TestServer;
let host: Person;
let notebookId: string;
let questionIds: string[];

beforeAll(async () => {
  server = await startServer();
  host = await signUp(server, 'anfitria_volta');
  const { data: notebook } = await host.client.from('notebooks').insert({ title: 'Festa sem sinal', user_id: host.userId }).select().single();
  notebookId = notebook!.id;
  const { data: questions } = await host.client
    .from('questions')
    .insert([0, 1, 2].map((i) => ({ notebook_id: notebookId, text: `Pergunta ${i + 1} da volta`, order_index: i })))
    .select();
  questionIds = questions!.map((q) => q.id as string);
}, 120_000);
afterAll(async () => server?.close());

// Retry waits longer than any test runs: a round acknowledged at all was sent by the online event.
const RETRY_NEVER_IN_A_TEST = { baseMs: 600_000, maxMs: 600_000 };

/**
 * A round of two friends on an offline phone; once its push has failed (and so waits ten minutes
 * to retry), the phone comes back online. Resolves when every write is acknowledged — which only
 * the online event can make happen before the test's timeout.
 */
async function roundAcknowledgedAfterReconnecting(phone: Device): Promise<void> {
  await phone.settle();
  phone.goOffline();
  expect((await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '1357' })).ok).toBe(true);
  for (const name of ['Lia', 'Rui']) {
    expect((await phone.api.rounds.startTurn({ name, anonymous: false })).ok).toBe(true);
    for (const questionId of questionIds) expect((await phone.api.rounds.answer(questionId, `${name} sem sinal`)).ok).toBe(true);
    expect((await phone.api.rounds.endTurn()).ok).toBe(true);
    await phone.api.rounds.handOn();
  }
  expect((await phone.api.rounds.end('1357')).ok).toBe(true);
  expect(Object.keys(await phone.layer.ledger.pending()).length).toBeGreaterThan(0);
  await until(() => phone.transport.pushesRefusedOffline > 0);
  phone.goOnline();
  await until(async () => Object.keys(await phone.layer.ledger.pending()).length === 0);
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

test('a push that failed offline (its retry ten minutes away) is sent the moment the signal returns', async () => {
  const phone = await Device.open(server, host, { collections: COLLECTIONS, devMode: false, engine: { retry: RETRY_NEVER_IN_A_TEST } });
  try {
    await roundAcknowledgedAfterReconnecting(phone);
  } finally {
    await phone.close();
  }
}, 60_000);

test('the same with a server that answers every request 300 ms late', async () => {
  const phone = await Device.open(server, host, { collections: COLLECTIONS, devMode: false, engine: { retry: RETRY_NEVER_IN_A_TEST } });
  try {
    await phone.settle();
    phone.transport.latencyMs = 300;
    await roundAcknowledgedAfterReconnecting(phone);
  } finally {
    await phone.close();
  }
}, 60_000);
