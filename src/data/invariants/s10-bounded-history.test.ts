/**
 * ARCHITECTURE S10 (bounded history): deletions travel as tombstones; the server purges old
 * ones, and a device whose checkpoint is older than the purge re-reads by itself, ending without
 * what was deleted meanwhile — and without losing what it wrote offline.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Device, eventually, serverView, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let owner: Person;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona');
});
afterAll(async () => server?.close());

const texts = async (device: Device) => (await device.docs('questions')).map((q) => q.text).sort();

test('S10 bounded history: a deletion reaches the device as a tombstone, and is soft (_deleted) there', async () => {
  const device = await Device.open(server, owner, { collections: ['notebooks', 'questions'] });
  try {
    const notebook = await device.api.notebooks.create({ title: 'Lápides' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const question = await device.api.questions.add(notebook.value.id, 'Vai ser apagada');
    if (!question.ok) throw new Error(question.problem.code);
    await device.settle();
    await owner.client.from('questions').delete().eq('id', question.value.id);
    await eventually(async () => expect(await texts(device)).toEqual([]));
    const [stored] = await device.layer.db.collections.questions.storageInstance.findDocumentsById([question.value.id], true);
    expect(stored).toMatchObject({ id: question.value.id, _deleted: true });
  } finally {
    await device.close();
  }
});

test('S10 bounded history: a device offline for longer than the tombstone retention resyncs by itself — deleted rows go, new rows come, its offline writes stay and go up', async () => {
  const device = await Device.open(server, owner, { collections: ['notebooks', 'questions'] });
  try {
    const notebook = await device.api.notebooks.create({ title: 'Semana fora' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const doomed = await device.api.questions.add(notebook.value.id, 'Apagada enquanto fora');
    await device.api.questions.add(notebook.value.id, 'Fica');
    if (!doomed.ok) throw new Error(doomed.problem.code);
    await device.settle();

    device.goOffline();
    await device.api.questions.add(notebook.value.id, 'Escrita offline');
    await owner.client.from('questions').delete().eq('id', doomed.value.id);
    await owner.client.from('questions').insert({ notebook_id: notebook.value.id, text: 'Criada enquanto fora' });
    // The retention passes: the tombstone of the deleted question is purged, the horizon moves.
    const [{ r: purge }] = (await server.ctx.db.query(`select public.replication_purge(interval '0 seconds') as r`)).rows as {
      r: { tombstones: number };
    }[];
    expect(purge.tombstones).toBeGreaterThan(0);

    const pullsBefore = device.transport.pulls;
    device.goOnline();
    await eventually(async () =>
      expect(await texts(device)).toEqual(['Criada enquanto fora', 'Escrita offline', 'Fica']),
    );
    await device.settle();
    expect(device.transport.pulls).toBeGreaterThan(pullsBefore);
    expect(device.transport.resyncs).toBeGreaterThan(0);
    expect((await serverView(owner.client, 'questions')).filter((q) => q.notebook_id === notebook.value.id).map((q) => q.text).sort()).toEqual(
      ['Criada enquanto fora', 'Escrita offline', 'Fica'],
    );
    expect(await device.layer.ledger.pending()).toEqual({});
  } finally {
    await device.close();
  }
});

test('S10 bounded history: after a purge, a first sync that needs several pages reaches the end — every question once, no resync', async () => {
  const writer = await Device.open(server, owner, { collections: ['notebooks', 'questions'] });
  let notebookId: string;
  try {
    const notebook = await writer.api.notebooks.create({ title: 'Muitas páginas' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    notebookId = notebook.value.id;
    for (const text of ['Uma pergunta', 'Outra pergunta', 'Mais uma pergunta', 'Quarta pergunta', 'Quinta pergunta']) {
      await writer.api.questions.add(notebookId, text);
    }
    const gone = await writer.api.questions.add(notebookId, 'Some já');
    if (!gone.ok) throw new Error(gone.problem.code);
    await writer.settle();
    await writer.api.questions.remove(gone.value.id);
    await writer.settle();
  } finally {
    await writer.close();
  }
  const [{ r: purge }] = (await server.ctx.db.query(`select public.replication_purge(interval '0 seconds') as r`)).rows as {
    r: { tombstones: number };
  }[];
  expect(purge.tombstones).toBeGreaterThan(0);

  const fresh = await Device.open(server, owner, { collections: ['notebooks', 'questions'], engine: { pullBatchSize: 2 } });
  try {
    const { data, error } = await owner.client.from('questions').select('text');
    if (error) throw new Error(error.message);
    const expected = data.map((q) => q.text as string).sort();
    expect(expected).toContain('Quinta pergunta');
    expect(expected).not.toContain('Some já');
    await eventually(async () => expect(await texts(fresh)).toEqual(expected), 10_000);
    await fresh.settle();
    expect(await texts(fresh)).toEqual(expected);
    expect((await fresh.docs('questions')).filter((q) => q.notebook_id === notebookId)).toHaveLength(5);
    expect(fresh.transport.resyncs).toBe(0);
  } finally {
    await fresh.close();
  }
});

test('S10 bounded history: a purge in the middle of a re-read starts it over, and it still ends with exactly the server’s rows', async () => {
  const device = await Device.open(server, owner, { collections: ['notebooks', 'questions'], engine: { pullBatchSize: 2 } });
  try {
    const notebook = await device.api.notebooks.create({ title: 'Duas faxinas' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const ids: string[] = [];
    for (const text of ['Primeira', 'Segunda', 'Terceira', 'Quarta', 'Quinta', 'Sexta']) {
      const q = await device.api.questions.add(notebook.value.id, text);
      if (!q.ok) throw new Error(q.problem.code);
      ids.push(q.value.id);
    }
    await device.settle();

    const purge = () => server.ctx.db.query(`select public.replication_purge(interval '0 seconds')`);
    device.goOffline();
    await owner.client.from('questions').delete().eq('id', ids[0]);
    await purge(); // the device's checkpoint is now older than the horizon: it will re-read

    // On the re-read's second page, another deletion is purged: the pass's checkpoint falls below the new horizon.
    const pull = device.transport.pull.bind(device.transport);
    let pagesOfReread = 0;
    device.transport.pull = async (...args) => {
      if (device.transport.resyncs > 0 && args[0] === 'questions' && ++pagesOfReread === 2) {
        await owner.client.from('questions').delete().eq('id', ids[1]);
        await purge();
      }
      return pull(...args);
    };
    device.goOnline();
    const inNotebook = async () =>
      (await device.docs('questions')).filter((q) => q.notebook_id === notebook.value.id).map((q) => q.text).sort();
    await eventually(async () => expect(await inNotebook()).toEqual(['Quarta', 'Quinta', 'Sexta', 'Terceira']), 15_000);
    await device.settle();
    expect(await inNotebook()).toEqual(['Quarta', 'Quinta', 'Sexta', 'Terceira']);
    expect(device.transport.resyncs).toBeGreaterThanOrEqual(2);
  } finally {
    await device.close();
  }
});
