/**
 * The first sync of an empty collection (first-sync.ts): every row stored once, nothing pushed
 * back, writes made meanwhile pushed, and the rows it stored behave as RxDB's own afterwards —
 * a later pull updates and deletes them, and their first push merges with the server by the
 * base they were stored with (S7), not by a guess.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Device, dumpIndexedDB, eventually, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

const COLLECTIONS = ['notebooks', 'questions', 'notebook_shares'] as const;
const QUESTIONS = 23;
const PAGE = 5;

let server: TestServer;
let owner: Person, friend: Person;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'primeira');
  friend = await signUp(server, 'amiga_primeira');
});
afterAll(async () => server?.close());

async function notebookWithQuestions(title: string): Promise<string> {
  const { data, error } = await owner.client.from('notebooks').insert({ title, description: 'Descrição original' }).select('id').single();
  if (error || !data) throw new Error(error?.message);
  const rows = Array.from({ length: QUESTIONS }, (_, i) => ({ notebook_id: data.id, text: `${title}: pergunta ${i + 1}`, order_index: i }));
  const inserted = await owner.client.from('questions').insert(rows);
  if (inserted.error) throw new Error(inserted.error.message);
  return data.id as string;
}

/** IndexedDB records of RxDB's replication bookkeeping (one per document it replicated itself). */
async function replicationRecords(device: Device): Promise<number> {
  return (await dumpIndexedDB(device.indexedDB))
    .split('\n')
    .filter((line) => line.includes('rx-replication-meta'))
    .reduce((n, line) => n + (JSON.parse(line) as { keys: unknown[] }).keys.length, 0);
}

test('a first sync stores every row once, pushes none back, and pushes what was written meanwhile', async () => {
  const id = await notebookWithQuestions('Caderno grande');
  const device = await Device.open(server, owner, { collections: COLLECTIONS, engine: { pullBatchSize: PAGE } });
  try {
    device.transport.latencyMs = 20;
    // Written while the first sync runs.
    const created = await device.api.notebooks.create({ title: 'Escrito durante a primeira sincronização' });
    expect(created.ok).toBe(true);
    device.transport.latencyMs = 0;
    await device.settle();

    const questions = await device.docs('questions');
    expect(questions.filter((q) => q.notebook_id === id)).toHaveLength(QUESTIONS);
    expect(device.transport.pushedRows).toBe(1);
    const { data } = await owner.client.from('notebooks').select('title');
    expect(data!.map((n) => n.title)).toContain('Escrito durante a primeira sincronização');
    // RxDB's second copy of each row is not written: only checkpoints and the one pushed notebook.
    expect(await replicationRecords(device)).toBeLessThan(QUESTIONS);
  } finally {
    await device.close();
  }
});

test('a row from the first sync, edited here while another field changed on the server, keeps both changes', async () => {
  const id = await notebookWithQuestions('Caderno de campos');
  const device = await Device.open(server, owner, { collections: COLLECTIONS });
  try {
    await device.settle();
    device.goOffline();
    // Another device of the owner changes the description; this one, offline, the title.
    expect((await owner.client.from('notebooks').update({ description: 'Descrição nova' }).eq('id', id)).error).toBeNull();
    expect(await device.api.notebooks.update(id, { title: 'Título novo' })).toMatchObject({ ok: true });
    device.goOnline();
    await device.settle();

    const { data } = await owner.client.from('notebooks').select('title, description').eq('id', id).single();
    expect(data).toEqual({ title: 'Título novo', description: 'Descrição nova' });
    const local = (await device.docs('notebooks')).find((n) => n.id === id);
    expect(local).toMatchObject({ title: 'Título novo', description: 'Descrição nova' });
  } finally {
    await device.close();
  }
});

test('a row changed on the server while the first sync reads its collection arrives in its newer state', async () => {
  const id = await notebookWithQuestions('Caderno em mudança');
  const { data: questions } = await owner.client.from('questions').select('id').eq('notebook_id', id).order('order_index');
  const changed = questions![0].id as string;
  let edited = false;
  const device = await Device.open(server, owner, {
    collections: COLLECTIONS,
    engine: { pullBatchSize: PAGE },
    // Once the device has been sent the row, another device of the owner rewrites it: the server
    // sends it again, later in the same pass.
    afterPull: async (collection, response) => {
      if (edited || collection !== 'questions' || !response.documents.some((doc) => doc.id === changed)) return;
      edited = true;
      expect((await owner.client.from('questions').update({ text: 'Reescrita durante a sincronização' }).eq('id', changed)).error).toBeNull();
    },
  });
  try {
    await device.settle();
    expect(edited).toBe(true);
    const local = (await device.docs('questions')).find((q) => q.id === changed);
    expect(local?.text).toBe('Reescrita durante a sincronização');
    const shown = await device.layer.db.collections.questions!.findOne(changed).exec();
    expect(shown?.text).toBe('Reescrita durante a sincronização');
  } finally {
    await device.close();
  }
});

test('rows from the first sync are updated by later pulls, and gone from the device when access is removed', async () => {
  const id = await notebookWithQuestions('Caderno partilhado');
  expect((await owner.client.from('notebook_shares').insert({ notebook_id: id, shared_with: friend.userId })).error).toBeNull();
  const device = await Device.open(server, friend, { collections: COLLECTIONS, engine: { pullBatchSize: PAGE } });
  try {
    await device.settle();
    expect((await device.docs('questions')).filter((q) => q.notebook_id === id)).toHaveLength(QUESTIONS);

    const first = (await device.docs('questions')).find((q) => q.text === 'Caderno partilhado: pergunta 1')!;
    expect((await owner.client.from('questions').update({ text: 'Pergunta reescrita pela dona' }).eq('id', first.id)).error).toBeNull();
    await eventually(async () => {
      device.layer.engine!.syncNow();
      expect((await device.docs('questions')).find((q) => q.id === first.id)?.text).toBe('Pergunta reescrita pela dona');
    });

    expect((await owner.client.from('notebook_shares').delete().eq('notebook_id', id).eq('shared_with', friend.userId)).error).toBeNull();
    await eventually(async () => {
      device.layer.engine!.syncNow();
      expect((await device.docs('questions')).filter((q) => q.notebook_id === id)).toEqual([]);
    });
    // Not in any store, not in the first sync's record of the server state either (S4).
    const stored = await dumpIndexedDB(device.indexedDB);
    expect(stored).not.toContain('Caderno partilhado: pergunta');
    expect(stored).not.toContain('Pergunta reescrita pela dona');
  } finally {
    await device.close();
  }
});
