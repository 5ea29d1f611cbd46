/**
 * Issue 34: a pulse names the collections its transaction changed for the person, and the phone
 * pulls those alone — not all thirteen (each pull costs the laptop serving a class its CPU). A pulse
 * that names none (a change of access, S4, or a server from before the list) pulls every
 * collection: a notebook shared with someone arrives whole.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Device, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';
import type { CollectionName } from '../schemas/index.ts';
import { pulsedCollections } from './sync-engine.ts';

const COLLECTIONS: CollectionName[] = ['notebooks', 'questions', 'answers', 'notebook_shares', 'user_settings', 'forbidden_words', 'favorites'];

describe('the collections a pulse names', () => {
  test('a list of known names is pulled alone; an empty, missing, unreadable or unknown one means every collection', () => {
    expect(pulsedCollections(['questions', 'answers'])).toEqual(['questions', 'answers']);
    expect(pulsedCollections('{notebooks,questions}')).toEqual(['notebooks', 'questions']);
    expect(pulsedCollections([])).toBeNull();
    expect(pulsedCollections('{}')).toBeNull();
    expect(pulsedCollections(undefined)).toBeNull();
    expect(pulsedCollections(42)).toBeNull();
    expect(pulsedCollections(['questions', 'segredos'])).toBeNull();
  });
});

let server: TestServer;
let owner: Person;
let reader: Person;
let sharedId: string;
let questionId: string;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona_pulsos');
  reader = await signUp(server, 'leitora_pulsos');
  const { data: notebook } = await owner.client.from('notebooks').insert({ title: 'Pulsos nomeados', user_id: owner.userId }).select().single();
  sharedId = notebook!.id;
  const { data: question } = await owner.client.from('questions').insert({ notebook_id: sharedId, text: 'Primeira?', order_index: 0 }).select().single();
  questionId = question!.id;
  const share = await owner.client.from('notebook_shares').insert({ notebook_id: sharedId, shared_with: reader.userId });
  if (share.error) throw new Error(share.error.message);
}, 120_000);
afterAll(async () => server?.close());

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens the reader's phone and waits until its first rounds are over (no pull for a while). */
async function quietPhone(pulled: CollectionName[]): Promise<Device> {
  const phone = await Device.open(server, reader, {
    collections: COLLECTIONS,
    devMode: false,
    afterPull: (name) => void pulled.push(name),
  });
  await phone.settle();
  let seen = -1;
  await until(async () => {
    const settled = seen === pulled.length;
    seen = pulled.length;
    if (!settled) await new Promise((resolve) => setTimeout(resolve, 400));
    return settled;
  });
  return phone;
}

test('a change to a question makes the phone pull the questions alone', async () => {
  const pulled: CollectionName[] = [];
  const phone = await quietPhone(pulled);
  try {
    pulled.length = 0;
    const edit = await owner.client.from('questions').update({ text: 'Renomeada?' }).eq('id', questionId);
    expect(edit.error).toBeNull();
    await until(async () => (await phone.docs('questions')).some((q) => q.text === 'Renomeada?'));
    await new Promise((resolve) => setTimeout(resolve, 500)); // coverage re-pulls, if any, come within this
    expect(pulled.length).toBeGreaterThan(0);
    expect(new Set(pulled)).toEqual(new Set(['questions']));
  } finally {
    await phone.close();
  }
}, 60_000);

test('S4: a notebook newly shared with the phone arrives whole — its pulse names no collection, every one is pulled', async () => {
  const pulled: CollectionName[] = [];
  const phone = await quietPhone(pulled);
  try {
    const { data: notebook } = await owner.client.from('notebooks').insert({ title: 'Compartilhado agora', user_id: owner.userId }).select().single();
    const { data: questions } = await owner.client
      .from('questions')
      .insert([0, 1].map((i) => ({ notebook_id: notebook!.id, text: `Nova ${i}?`, order_index: i })))
      .select();
    await new Promise((resolve) => setTimeout(resolve, 300));
    pulled.length = 0;
    const share = await owner.client.from('notebook_shares').insert({ notebook_id: notebook!.id, shared_with: reader.userId });
    expect(share.error).toBeNull();
    await until(async () => {
      const ids = (await phone.docs('questions')).map((q) => q.id);
      return questions!.every((q) => ids.includes(q.id)) && (await phone.docs('notebooks')).some((n) => n.id === notebook!.id);
    });
    await until(() => COLLECTIONS.every((name) => pulled.includes(name)));
    expect(new Set(pulled)).toEqual(new Set(COLLECTIONS));
  } finally {
    await phone.close();
  }
}, 60_000);
