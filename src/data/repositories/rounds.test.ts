/**
 * "Passar o caderno" on one phone (issue 21), the data layer's side: a round started offline
 * survives the app being closed and opened again; friends' answers never overwrite each other;
 * their ids are derived from each guest's own secret (S6); forbidden words are refused on the
 * device, before anything is written; only the round's PIN ends it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { answerIdFor } from '../derived-ids.ts';
import { claimHashOf, formatClaimCode, isClaimCode } from '../round/claim-code.ts';
import { Device, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';
import type { CollectionName } from '../schemas/index.ts';

const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'guests', 'user_settings', 'forbidden_words', 'notebook_shares'];

let server: TestServer;
let host: Person;
let notebookId: string;
let questionIds: string[];

beforeAll(async () => {
  server = await startServer();
  await server.ctx.db.query(`insert into public.forbidden_words (word) values ('abacaxi')`);
  host = await signUp(server, 'anfitria');
  const { data: notebook } = await host.client.from('notebooks').insert({ title: 'Festa de fim de ano', user_id: host.userId }).select().single();
  notebookId = notebook!.id;
  const { data: questions } = await host.client
    .from('questions')
    .insert([
      { notebook_id: notebookId, text: 'Sobremesa favorita?', order_index: 0 },
      { notebook_id: notebookId, text: 'Música da festa?', order_index: 1 },
    ])
    .select();
  questionIds = questions!.sort((a, b) => a.order_index - b.order_index).map((q) => q.id as string);
});
afterAll(async () => server?.close());

/** The host's phone with the notebook on it, then without a connection. */
async function offlinePhone(): Promise<Device> {
  const phone = await Device.open(server, host, { collections: COLLECTIONS });
  await phone.settle();
  phone.goOffline();
  return phone;
}

test('a round started offline survives closing the app; two friends answering the same question keep two answers, each keyed by its own secret', async () => {
  let phone = await offlinePhone();
  const pushesBefore = phone.transport.pushes;
  const started = await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '2468' });
  expect(started.ok).toBe(true);

  const ana = await phone.api.rounds.startTurn({ name: 'Ana', anonymous: false });
  if (!ana.ok) throw new Error(ana.problem.code);
  expect(await phone.api.rounds.answer(questionIds[0], 'Brigadeiro')).toMatchObject({ ok: true });
  const anaCode = await phone.api.rounds.endTurn();
  if (!anaCode.ok) throw new Error(anaCode.problem.code);
  expect(isClaimCode(anaCode.value)).toBe(true);
  expect(formatClaimCode(anaCode.value)).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // The next person starts: Ana's code is forgotten by the round.
  const handed = await phone.api.rounds.handOn();
  expect(handed.ok && handed.value.claimCode).toBe(null);

  const bia = await phone.api.rounds.startTurn({ name: 'Bia', anonymous: true });
  if (!bia.ok) throw new Error(bia.problem.code);
  expect(await phone.api.rounds.answer(questionIds[0], 'Pudim')).toMatchObject({ ok: true });

  // Closed mid-turn (a crash, the app swiped away), opened again.
  await phone.close();
  phone = await Device.open(server, host, { collections: COLLECTIONS, indexedDB: phone.indexedDB, databaseName: phoneName(phone), offline: true });
  const view = await firstRound(phone);
  expect(view.kind).toBe('mine');
  if (view.kind !== 'mine') return;
  expect(view.state.phase).toBe('answering');
  expect(view.state.guest?.name).toBe('Bia');
  // Only the current guest's answers are on the round's screen.
  expect(view.questions.map((q) => q.answer?.text ?? null)).toEqual(['Pudim', null]);

  const answers = await phone.docs('answers');
  expect(answers.map((a) => [a.text, a.guest_id, a.user_id, a.responder_name, a.is_anonymous]).sort()).toEqual([
    ['Brigadeiro', ana.value.guest!.id, null, 'Ana', false],
    ['Pudim', bia.value.guest!.id, null, 'Bia', true],
  ]);
  for (const [turn, text] of [[ana.value, 'Brigadeiro'], [bia.value, 'Pudim']] as const) {
    const answer = answers.find((a) => a.text === text)!;
    expect(answer.id).toBe(await answerIdFor(turn.guest!.answerSecret, questionIds[0]));
  }
  const guests = await phone.docs('guests');
  expect(guests.map((g) => g.name).sort()).toEqual(['Ana', 'Bia']);
  expect(guests.find((g) => g.name === 'Ana')!.claim_hash).toBe(await claimHashOf(anaCode.value));
  expect(guests.every((g) => g.host_id === host.userId && String(g.answer_secret).length === 43)).toBe(true);
  expect(phone.transport.pushes).toBe(pushesBefore);
  await phone.close();
});

test('forbidden words in a guest answer or a guest name are refused on the device, with the words, and nothing is written', async () => {
  const phone = await offlinePhone();
  try {
    expect(await phone.api.rounds.start(notebookId, { kind: 'password', secret: 'senha-da-festa' })).toMatchObject({ ok: true });
    const refusedName = await phone.api.rounds.startTurn({ name: 'Abacaxi', anonymous: false });
    expect(refusedName).toEqual({ ok: false, problem: { code: 'forbidden_words', field: 'name', words: ['abacaxi'] } });
    const turn = await phone.api.rounds.startTurn({ name: 'Caio', anonymous: false });
    expect(turn.ok).toBe(true);
    const before = (await phone.docs('answers')).length;
    const refused = await phone.api.rounds.answer(questionIds[1], 'Adoro ABACAXI na festa');
    expect(refused).toEqual({ ok: false, problem: { code: 'forbidden_words', field: 'text', words: ['abacaxi'] } });
    expect(await phone.api.rounds.answer(questionIds[1], '   ')).toMatchObject({ ok: false, problem: { code: 'answer_empty' } });
    expect((await phone.docs('answers')).length).toBe(before);
    expect(await phone.api.rounds.answer(questionIds[1], 'Evidências')).toMatchObject({ ok: true });
  } finally {
    await phone.close();
  }
});

test('only the PIN ends the round; then the notebook is free again', async () => {
  const phone = await offlinePhone();
  try {
    expect(await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '2468' })).toMatchObject({ ok: true });
    expect(await phone.api.rounds.startTurn({ name: 'Duda', anonymous: false })).toMatchObject({ ok: true });
    expect(await phone.api.rounds.endTurn()).toMatchObject({ ok: true });
    expect(await phone.api.rounds.end('1357')).toEqual({ ok: false, problem: { code: 'wrong_secret', field: 'secret' } });
    expect((await firstRound(phone)).kind).toBe('mine');
    expect(await phone.api.rounds.end('2468')).toEqual({ ok: true, value: notebookId });
    expect((await firstRound(phone)).kind).toBe('none');
    expect(await phone.api.rounds.answer(questionIds[0], 'Sorvete')).toMatchObject({ ok: false, problem: { code: 'no_round' } });
    expect(await phone.api.rounds.start(notebookId, { kind: 'pin', secret: '12' })).toMatchObject({ ok: false, problem: { code: 'pin_invalid' } });
    expect(await phone.api.rounds.start(notebookId, { kind: 'password', secret: 'curta' })).toMatchObject({
      ok: false,
      problem: { code: 'password_too_short' },
    });
  } finally {
    await phone.close();
  }
});

test("a round locked with the account's password: online, a password that is not the account's is refused; offline, what the host typed locks it", async () => {
  const answers = { online: true };
  const checkAccountPassword = async (password: string) => (!answers.online ? 'unchecked' : password === host.password ? 'correct' : 'incorrect');
  const phone = await Device.open(server, host, { collections: COLLECTIONS, checkAccountPassword });
  try {
    await phone.settle();
    expect(await phone.api.rounds.start(notebookId, { kind: 'password', secret: 'nao-e-a-minha' })).toEqual({
      ok: false,
      problem: { code: 'not_account_password', field: 'secret' },
    });
    expect((await firstRound(phone)).kind).toBe('none');
    expect(await phone.api.rounds.start(notebookId, { kind: 'password', secret: host.password })).toMatchObject({ ok: true });
    expect(await phone.api.rounds.end('nao-e-a-minha')).toMatchObject({ ok: false, problem: { code: 'wrong_secret' } });
    expect(await phone.api.rounds.end(host.password)).toEqual({ ok: true, value: notebookId });

    answers.online = false;
    expect(await phone.api.rounds.start(notebookId, { kind: 'password', secret: 'digitada-offline' })).toMatchObject({ ok: true });
    expect(await phone.api.rounds.end('digitada-offline')).toEqual({ ok: true, value: notebookId });
  } finally {
    await phone.close();
  }
});

function phoneName(device: Device): string {
  return device.layer.db.name;
}

async function firstRound(device: Device) {
  const { firstValueFrom } = await import('rxjs');
  return firstValueFrom(device.api.queries.round());
}
