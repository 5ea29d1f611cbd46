/**
 * ARCHITECTURE S1 (local first) and S2 (durable outbox), on a simulated device: fake-indexeddb,
 * RxDB on Dexie, replication against the sync-server running in this process.
 */
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Device, dumpIndexedDB, eventually, serverView, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let ana: Person;

beforeAll(async () => {
  server = await startServer();
  ana = await signUp(server, 'ana');
});
afterAll(async () => server?.close());

describe('S1 local first', () => {
  test('S1 local first: a write lands in IndexedDB and reaches the screen before any request answers', async () => {
    const device = await Device.open(server, ana);
    try {
      await device.settle();
      device.transport.latencyMs = 400; // a slow school network
      const answeredBefore = device.transport.pushesAnswered;
      const onScreen = firstValueFrom(
        device.api.queries.myNotebooks().pipe(filter((cards) => cards.some((card) => card.notebook.title === 'Local primeiro'))),
      );
      const created = await device.api.notebooks.create({ title: 'Local primeiro' });
      await onScreen;

      expect(created.ok).toBe(true);
      // Seen and stored while the push is still on the (400 ms) wire: no clock, the count says it.
      expect(device.transport.pushesAnswered).toBe(answeredBefore);
      expect(await dumpIndexedDB(device.indexedDB)).toContain('Local primeiro');
      // …and the server gets it afterwards.
      await device.settle();
      expect((await serverView(ana.client, 'notebooks')).map((n) => n.title)).toContain('Local primeiro');
    } finally {
      await device.close();
    }
  });

  test('S1 local first: offline, writes and reads work with no connection at all', async () => {
    const device = await Device.open(server, ana);
    try {
      await device.settle();
      device.goOffline();
      const notebook = await device.api.notebooks.create({ title: 'Sem internet' });
      if (!notebook.ok) throw new Error(notebook.problem.code);
      const question = await device.api.questions.add(notebook.value.id, 'Qual é o seu lanche?');
      expect(question.ok).toBe(true);
      const answer = await device.api.answers.answer(question.ok ? question.value.id : '', { text: 'Pão de queijo' });
      expect(answer.ok).toBe(true);
      const view = await firstValueFrom(device.api.queries.notebook(notebook.value.id));
      expect(view?.questions.map((q) => [q.question.text, q.answers.map((a) => a.text)])).toEqual([['Qual é o seu lanche?', ['Pão de queijo']]]);
      expect(device.transport.pushesAnswered).toBeGreaterThanOrEqual(0);
      device.goOnline();
      await device.settle();
    } finally {
      await device.close();
    }
  });
});

describe('S2 durable outbox', () => {
  test('S2 durable outbox: a change undone while its push was under way leaves nothing pending (RxDB has nothing left to push)', async () => {
    const device = await Device.open(server, ana);
    try {
      const notebook = await device.api.notebooks.create({ title: 'Vai e volta' });
      if (!notebook.ok) throw new Error(notebook.problem.code);
      const question = await device.api.questions.add(notebook.value.id, 'Bloqueio por engano?');
      if (!question.ok) throw new Error(question.problem.code);
      await device.settle();

      // The server takes the first push at once; its answer reaches the device only when released.
      const push = device.transport.push.bind(device.transport);
      let serverHasIt!: () => void;
      const taken = new Promise<void>((resolve) => (serverHasIt = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = false;
      device.transport.push = async (...args) => {
        const response = await push(...args);
        if (!held) {
          held = true;
          serverHasIt();
          await released;
        }
        return response;
      };

      await device.api.questions.setBlocked(question.value.id, true); // A: pushed, taken by the server
      await taken;
      await device.api.questions.setBlocked(question.value.id, false); // B, before the answer arrives
      device.goOffline(); // B cannot be sent
      release(); // the answer for A arrives while the device holds B
      await new Promise((resolve) => setTimeout(resolve, 50));
      await device.api.questions.setBlocked(question.value.id, true); // A again: what the server has
      device.goOnline();
      await device.settle();

      expect(await device.layer.ledger.pending()).toEqual({});
      expect((await serverView(ana.client, 'questions')).find((q) => q.id === question.value.id)?.blocked).toBe(true);
    } finally {
      await device.close();
    }
  });

  test('S2 durable outbox: writes made offline survive a reload and days offline, then reach the server when the connection returns', async () => {
    const week = 7 * 24 * 60 * 60 * 1000;
    let clock = Date.now();
    const first = await Device.open(server, ana, { now: () => clock });
    await first.settle();
    first.goOffline();
    const notebook = await first.api.notebooks.create({ title: 'Caderno da viagem' });
    if (!notebook.ok) throw new Error(notebook.problem.code);
    const question = await first.api.questions.add(notebook.value.id, 'Onde fomos?');
    if (!question.ok) throw new Error(question.problem.code);
    await first.api.answers.answer(question.value.id, { text: 'Para a praia', is_anonymous: true });
    expect(Object.keys(await first.layer.ledger.pending())).toHaveLength(3);
    const { indexedDB } = first;
    const databaseName = first.layer.db.name;
    await first.close(); // the app is closed (a reload, a crash, the browser restarted)

    clock += week; // …a week offline
    const reopened = await Device.open(server, ana, { indexedDB, databaseName, offline: true, now: () => clock });
    try {
      // still there, still pending, still readable
      expect((await reopened.docs('notebooks')).map((n) => n.title)).toContain('Caderno da viagem');
      expect(Object.values(await reopened.layer.ledger.pending()).map((p) => p.label).sort()).toEqual(
        ['Caderno da viagem', 'Onde fomos?', 'Para a praia'].sort(),
      );
      expect((await serverView(ana.client, 'notebooks')).map((n) => n.title)).not.toContain('Caderno da viagem');

      reopened.goOnline(); // the `online` event
      await eventually(async () => {
        expect((await serverView(ana.client, 'answers')).map((a) => a.text)).toContain('Para a praia');
      });
      await reopened.settle();
      expect((await serverView(ana.client, 'questions')).map((q) => q.text)).toContain('Onde fomos?');
      expect(await reopened.layer.ledger.pending()).toEqual({});
      expect(await reopened.layer.ledger.rejections()).toEqual({});
    } finally {
      await reopened.close();
    }
  });
});
