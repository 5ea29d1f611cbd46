/**
 * "Passar o caderno" after the party (issue 21), through the real sync-server: the phone's guests
 * and their answers reach the server when it reconnects (guests before answers), each guest's
 * answers separate, with their names; a replay of the phone's pushes changes nothing; then a
 * friend claims their answers with the round's code — and nobody else can (codes, not sentences).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { claimGuest, type RoundContext } from './rounds.ts';
import { Device, eventually, serverView, signUp, signedInClient, startServer, type Person, type TestServer } from '../testing/harness.ts';
import type { CollectionName } from '../schemas/index.ts';
import { rpcTransport } from '../replication/transport.ts';

const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'guests', 'user_settings', 'forbidden_words', 'notebook_shares'];

let server: TestServer;
let host: Person, ana: Person, stranger: Person;
let notebookId: string;
let questionIds: string[];
const codes: Record<string, string> = {};
/** The phone's pushes when it reconnected, to be replayed (S9). */
let replayPushes: () => Promise<void>;

beforeAll(async () => {
  server = await startServer();
  host = await signUp(server, 'anfitriao');
  ana = await signUp(server, 'ana_convidada');
  stranger = await signUp(server, 'outra_pessoa');
  const { data: notebook } = await host.client.from('notebooks').insert({ title: 'Aniversário', user_id: host.userId }).select().single();
  notebookId = notebook!.id;
  const { data: questions } = await host.client
    .from('questions')
    .insert([0, 1, 2].map((i) => ({ notebook_id: notebookId, text: `Pergunta número ${i + 1}`, order_index: i })))
    .select();
  questionIds = questions!.sort((a, b) => a.order_index - b.order_index).map((q) => q.id as string);

  const phone = await Device.open(server, host, { collections: COLLECTIONS });
  try {
    await phone.settle();
    phone.goOffline();
    expect((await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '9090' })).ok).toBe(true);
    for (const [name, anonymous] of [['Ana', false], ['Beto', true]] as const) {
      expect((await phone.api.rounds.startTurn({ name, anonymous })).ok).toBe(true);
      for (const questionId of questionIds) expect((await phone.api.rounds.answer(questionId, `${name} responde`)).ok).toBe(true);
      const code = await phone.api.rounds.endTurn();
      if (!code.ok) throw new Error(code.problem.code);
      codes[name] = code.value;
      await phone.api.rounds.handOn();
    }
    const pushesBefore = phone.transport.pushLog.length;
    phone.goOnline();
    await phone.settle();
    expect(await phone.layer.ledger.pending()).toEqual({});
    expect(await phone.layer.ledger.rejections()).toEqual({});
    // Guests went up before their answers.
    const order = phone.transport.pushLog.slice(pushesBefore).map((push) => push.collection);
    expect(order.indexOf('guests')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('guests')).toBeLessThan(order.indexOf('answers'));

    // A replay of every push of the reconnection changes nothing.
    const pushes = phone.transport.pushLog.slice(pushesBefore);
    // Replayed later from another connection of the host (a background-sync replay after the app closed).
    replayPushes = async () => {
      const transport = rpcTransport(await signedInClient(server, host));
      for (const push of pushes) await transport.push(push.collection, push.rows);
    };
    const before = await serverView(host.client, 'answers');
    await replayPushes();
    expect(await serverView(host.client, 'answers')).toEqual(before);
  } finally {
    await phone.close();
  }
  // A whole party's sync: longer than one test's default on a busy machine.
}, 180_000);
afterAll(async () => server?.close());

test('the server has each guest’s answers apart, with the name (or anonymous), none of them the host’s', async () => {
  const answers = await serverView(host.client, 'answers');
  expect(answers).toHaveLength(6);
  expect(answers.every((a) => a.user_id === null && a.guest_id !== null)).toBe(true);
  const byText = (text: string) => answers.filter((a) => a.text === text);
  expect(byText('Ana responde').map((a) => [a.responder_name, a.is_anonymous])).toEqual(Array(3).fill(['Ana', false]));
  // The owner sees the anonymous guest's name (S5: only the owner).
  expect(byText('Beto responde').map((a) => [a.responder_name, a.is_anonymous])).toEqual(Array(3).fill(['Beto', true]));
});

async function claimAs(person: Person, code: string) {
  const client = await signedInClient(server, person);
  const ctx = { client, userId: person.userId } as unknown as RoundContext;
  return claimGuest(ctx, code);
}

test('claiming: a malformed code is refused on the device, an unknown one by the server, the host cannot; Ana can, once', async () => {
  expect(await claimAs(ana, 'ABC')).toEqual({ ok: false, problem: { code: 'claim_invalid', field: 'code' } });
  expect(await claimAs(ana, 'ZZZZ-ZZZZ-ZZZZ')).toEqual({ ok: false, problem: { code: 'claim_invalid', field: 'code' } });
  expect(await claimAs(host, codes.Ana)).toEqual({ ok: false, problem: { code: 'claim_host', field: 'code' } });

  const claimed = await claimAs(ana, codes.Ana.toLowerCase().replace(/(.{4})/g, '$1 '));
  expect(claimed).toEqual({ ok: true, value: { notebookId, moved: 3, kept: 0, access: 'granted' } });
  // The same person again: the same result, harmless.
  expect(await claimAs(ana, codes.Ana)).toEqual(claimed);
  expect(await claimAs(stranger, codes.Ana)).toEqual({ ok: false, problem: { code: 'claim_already_claimed', field: 'code' } });

  const anaClient = await signedInClient(server, ana);
  await eventually(async () => {
    const mine = (await serverView(anaClient, 'answers')).filter((a) => a.user_id === ana.userId);
    expect(mine.map((a) => a.text)).toEqual(Array(3).fill('Ana responde'));
  });
});

test('S9 after a claim: replaying the phone’s pushes does not bring the claimed guest’s answers back', async () => {
  const before = await serverView(host.client, 'answers');
  expect(before.filter((a) => a.text === 'Ana responde').every((a) => a.user_id === ana.userId && a.guest_id === null)).toBe(true);
  await replayPushes();
  expect(await serverView(host.client, 'answers')).toEqual(before);
});
