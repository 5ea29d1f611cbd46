/**
 * Issue 20: on a device's first sync, a notebook's own rows (the notebook and its questions) come
 * before everything else — the person who opens the notebook they were just invited to waits for
 * those pulls, not for the server to answer eleven.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CollectionName } from '../schemas/index.ts';
import { Device, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let owner: Person;
let notebookId: string;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'ordem');
  const { data, error } = await owner.client.from('notebooks').insert({ title: 'Caderno da turma' }).select('id').single();
  if (error || !data) throw new Error(error?.message);
  notebookId = data.id;
  const questions = await owner.client.from('questions').insert([{ notebook_id: data.id, text: 'Qual é a sua cor favorita?', order_index: 0 }]);
  if (questions.error) throw new Error(questions.error.message);
});
afterAll(async () => server?.close());

test('the first sync pulls no other collection while the questions are still coming', async () => {
  const answeredWhileQuestionsHeld: CollectionName[] = [];
  let holdingQuestions = false;
  let questionsHeld = false;
  const device = await Device.open(server, owner, {
    afterPull: async (collection) => {
      if (holdingQuestions) answeredWhileQuestionsHeld.push(collection);
      if (collection !== 'questions' || questionsHeld) return;
      // The questions' first page is slow to arrive: does anything else go meanwhile?
      questionsHeld = holdingQuestions = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      holdingQuestions = false;
    },
  });
  try {
    await device.settle();
    expect(questionsHeld).toBe(true);
    expect(answeredWhileQuestionsHeld.filter((name) => name !== 'notebooks' && name !== 'notebook_shares')).toEqual([]);
    expect((await device.docs('questions')).map((q) => q.text)).toEqual(['Qual é a sua cor favorita?']);
    expect((await device.docs('profiles')).length).toBeGreaterThan(0);
  } finally {
    await device.close();
  }
});

test("an invited person's share comes with the notebook's own rows: they can answer before the other collections arrive", async () => {
  // The invitee's role is their share (redeem_invite writes one); without it the notebook opens
  // read-only until the other nine collections have come.
  const friend = await signUp(server, 'convidada');
  const link = await owner.client.rpc('create_invite_link', { p_notebook_id: notebookId });
  if (link.error) throw new Error(link.error.message);
  const redeemed = await friend.client.rpc('redeem_invite', { p_code: (link.data as { code: string }).code });
  if (redeemed.error) throw new Error(redeemed.error.message);
  const answeredWhileQuestionsHeld: CollectionName[] = [];
  let holdingQuestions = false;
  let questionsHeld = false;
  const device = await Device.open(server, friend, {
    afterPull: async (collection) => {
      if (holdingQuestions) answeredWhileQuestionsHeld.push(collection);
      if (collection !== 'questions' || questionsHeld) return;
      questionsHeld = holdingQuestions = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      holdingQuestions = false;
    },
  });
  try {
    await device.settle();
    expect(questionsHeld).toBe(true);
    expect(answeredWhileQuestionsHeld).toContain('notebook_shares');
    expect((await device.docs('notebook_shares')).map((share) => share.shared_with)).toEqual([friend.userId]);
  } finally {
    await device.close();
  }
});
