/**
 * ARCHITECTURE S5 (anonymity holds on the device too): after a full sync, every IndexedDB store
 * of another participant's browser — every collection, RxDB's replication metadata, checkpoints,
 * the ledger — is scanned for the anonymous answerer's id, username, e-mail and responder name.
 * The notebook owner's browser is scanned too, as the control: it must find them.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Device, dumpIndexedDB, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let owner: Person, collaborator: Person, answerer: Person, participant: Person;
let notebookId: string;
const SECRET_NAME = 'Nome Muito Secreto';
const ANSWER = 'Eu como a sobremesa primeiro';

async function scanOf(person: Person): Promise<string> {
  const device = await Device.open(server, person); // every collection
  try {
    await device.settle();
    expect((await device.docs('answers')).map((a) => a.text)).toContain(ANSWER);
    return await dumpIndexedDB(device.indexedDB);
  } finally {
    await device.close();
  }
}

function traces(person: Person): string[] {
  return [person.userId, person.username, person.email, SECRET_NAME];
}

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona');
  collaborator = await signUp(server, 'colaboradora');
  answerer = await signUp(server, 'respondente_secreta');
  participant = await signUp(server, 'curiosa');
  const { data: notebook } = await owner.client.from('notebooks').insert({ title: 'Segredos', user_id: owner.userId }).select().single();
  notebookId = notebook!.id;
  await owner.client.from('questions').insert({ notebook_id: notebookId, text: 'Conte um segredo' });
  for (const person of [answerer, participant]) {
    await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: person.userId });
  }
  await owner.client.from('notebook_collaborators').insert({ notebook_id: notebookId, user_id: collaborator.userId, role: 'collaborator' });
  await collaborator.client.from('notebook_collaborators').update({ status: 'accepted' }).eq('user_id', collaborator.userId);

  // The anonymous answer is written the way the app writes it: on the answerer's device, offline first.
  const device = await Device.open(server, answerer, { collections: ['notebooks', 'questions', 'answers', 'user_settings', 'notebook_shares'] });
  try {
    await device.settle();
    const [question] = await device.docs('questions');
    const answered = await device.api.answers.answer(question.id as string, { text: ANSWER, is_anonymous: true, responder_name: SECRET_NAME });
    expect(answered.ok).toBe(true);
    await device.settle();
    expect(await device.layer.ledger.pending()).toEqual({});
  } finally {
    await device.close();
  }
});
afterAll(async () => server?.close());

test("S5 anonymity holds on the device too: another participant's browser holds no trace of the anonymous answerer", async () => {
  const dump = await scanOf(participant);
  expect(dump).toContain(ANSWER);
  for (const trace of traces(answerer)) expect(dump).not.toContain(trace);
});

test("S5 anonymity holds on the device too: a collaborator who moderates the notebook sees the answer, not who wrote it", async () => {
  const dump = await scanOf(collaborator);
  for (const trace of traces(answerer)) expect(dump).not.toContain(trace);
});

test("S5 anonymity holds on the device too: the owner's browser does know who answered (the scan finds what is there)", async () => {
  const dump = await scanOf(owner);
  expect(dump).toContain(answerer.userId);
  expect(dump).toContain(SECRET_NAME);
});
