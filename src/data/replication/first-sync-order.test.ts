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

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'ordem');
  const { data, error } = await owner.client.from('notebooks').insert({ title: 'Caderno da turma' }).select('id').single();
  if (error || !data) throw new Error(error?.message);
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
    expect(answeredWhileQuestionsHeld.filter((name) => name !== 'notebooks')).toEqual([]);
    expect((await device.docs('questions')).map((q) => q.text)).toEqual(['Qual é a sua cor favorita?']);
    expect((await device.docs('profiles')).length).toBeGreaterThan(0);
  } finally {
    await device.close();
  }
});
