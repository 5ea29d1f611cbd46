/**
 * ARCHITECTURE S8 (rejections are per row and visible) and S9 (replays are harmless), on one
 * simulated device whose network can be slow, drop, or lose the answer to a push it sent.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { syncStatus$ } from '../replication/status.ts';
import type { SyncStatus } from '../sync-status.ts';
import { Device, eventually, serverView, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let ana: Person;

beforeAll(async () => {
  server = await startServer();
  ana = await signUp(server, 'ana');
});
afterAll(async () => server?.close());

/** What a listener of `syncStatus$` (the UI) last heard. */
function latestSyncStatus(): SyncStatus {
  let latest: SyncStatus | undefined;
  syncStatus$.subscribe((status) => (latest = status)).unsubscribe();
  return latest!;
}

describe('S8 rejections are per row and visible', () => {
  test('S8 rejections are per row and visible: refused rows come back one by one with their reason code and words, the rest of the batch lands, nothing is retried forever, and the person fixes or discards', async () => {
    const device = await Device.open(server, ana, { publishStatus: true });
    try {
      await device.settle();
      const notebook = await device.api.notebooks.create({ title: 'Caderno de frutas' });
      if (!notebook.ok) throw new Error(notebook.problem.code);
      const mine = await device.api.questions.add(notebook.value.id, 'Qual sua fruta favorita?');
      if (!mine.ok) throw new Error(mine.problem.code);
      await device.settle();

      // Offline, the device writes words the server forbids meanwhile (its list is out of date).
      device.goOffline();
      await server.ctx.db.query(`insert into public.forbidden_words (word) values ('abacaxi')`);
      const bad = await device.api.questions.add(notebook.value.id, 'Você gosta de abacaxi?');
      const good = await device.api.questions.add(notebook.value.id, 'Pergunta válida');
      const answer = await device.api.answers.answer(mine.value.id, { text: 'Adoro abacaxi' });
      if (!bad.ok || !good.ok || !answer.ok) throw new Error('the device could not know the new word');
      expect(latestSyncStatus().pendingCount).toBe(3);

      device.goOnline();
      await device.settle();

      // The valid row of the same batch landed; the refused ones did not.
      const questionsOnServer = (await serverView(ana.client, 'questions')).map((q) => q.text);
      expect(questionsOnServer).toContain('Pergunta válida');
      expect(questionsOnServer).not.toContain('Você gosta de abacaxi?');
      expect(await serverView(ana.client, 'answers')).toEqual([]);

      // Each refusal is kept with its reason code, its words (from the server's details, not
      // its sentence), what was attempted and what was typed; the screens have the sentences.
      const rejections = await device.layer.ledger.rejections();
      expect(rejections[`questions/${bad.value.id}`]).toMatchObject({
        reason: 'forbidden_words',
        words: ['abacaxi'],
        operation: 'insert',
        moderation: false,
        attempted: { text: 'Você gosta de abacaxi?' },
      });
      expect(rejections[`questions/${bad.value.id}`]).not.toHaveProperty('message');
      expect(rejections[`answers/${answer.value.answer.id}`]).toMatchObject({
        reason: 'forbidden_words',
        words: ['abacaxi'],
        operation: 'insert',
        attempted: { text: 'Adoro abacaxi' },
      });
      // Listeners (the UI) see them: per-document state and the list.
      const status = latestSyncStatus();
      expect(status.pendingCount).toBe(0);
      expect(status.documents[`questions/${bad.value.id}`]).toEqual({ state: 'rejected', reason: 'forbidden_words' });
      expect(status.rejections.map((r) => r.key).sort()).toEqual([`answers/${answer.value.answer.id}`, `questions/${bad.value.id}`].sort());
      // The device holds the server's state (no refused row shown as if saved).
      expect((await device.docs('questions')).map((q) => q.text)).not.toContain('Você gosta de abacaxi?');

      // Not retried: more rounds send nothing.
      const pushes = device.transport.pushes;
      await device.settle();
      await device.settle();
      expect(device.transport.pushes).toBe(pushes);

      // Now the device knows the word: the repository refuses it before saving.
      expect(await device.api.questions.add(notebook.value.id, 'Mais abacaxi?')).toEqual({
        ok: false,
        problem: { code: 'forbidden_words', field: 'text', words: ['abacaxi'] },
      });

      // Fix one, discard the other.
      const fixed = await device.api.rejections.fix(`questions/${bad.value.id}`, () =>
        device.api.questions.add(notebook.value.id, 'Você gosta de frutas?'),
      );
      expect(fixed.ok).toBe(true);
      await device.api.rejections.discard(`answers/${answer.value.answer.id}`);
      await device.settle();
      expect((await serverView(ana.client, 'questions')).map((q) => q.text)).toContain('Você gosta de frutas?');
      expect(await device.layer.ledger.rejections()).toEqual({});
      expect(latestSyncStatus().rejections).toEqual([]);
    } finally {
      await device.close();
    }
  });

  test('S8 rejections are per row and visible: a banned account gets every row back as account_banned, and keeps what it typed', async () => {
    const banned = await signUp(server, 'banida');
    const device = await Device.open(server, banned, { collections: ['notebooks'] });
    try {
      await device.settle();
      device.goOffline();
      const notebook = await device.api.notebooks.create({ title: 'Antes do banimento' });
      if (!notebook.ok) throw new Error(notebook.problem.code);
      await server.ctx.db.query(`update public.profiles set account_status = 'banned' where id = $1`, [banned.userId]);
      device.goOnline();
      // Its pulls are refused too (the session engine signs it out); the push still answers per row.
      const rejections = await eventually(async () => {
        const found = Object.values(await device.layer.ledger.rejections());
        expect(found).toHaveLength(1);
        return found;
      });
      expect(rejections).toMatchObject([
        {
          reason: 'account_banned',
          words: [],
          attempted: { title: 'Antes do banimento' },
        },
      ]);
    } finally {
      await device.close();
    }
  });
});

describe('S9 replays are harmless', () => {
  test('S9 replays are harmless: a push whose answer was lost is sent again and changes nothing more; an old batch replayed later does not overwrite the newer state', async () => {
    const device = await Device.open(server, ana, { collections: ['notebooks'] });
    try {
      const created = await device.api.notebooks.create({ title: 'Primeiro título' });
      if (!created.ok) throw new Error(created.problem.code);
      await device.settle();
      const id = created.value.id;

      device.transport.loseNextPushResponse = true; // the server applies it, the device never hears back
      await device.api.notebooks.update(id, { title: 'Segundo título' });
      await device.settle();
      let row = (await serverView(ana.client, 'notebooks')).find((n) => n.id === id)!;
      expect(row).toMatchObject({ title: 'Segundo título', server_rev: 2 });
      const replayOfSecond = device.transport.pushLog.find((p) => p.rows.some((r) => r.newDocumentState.title === 'Segundo título'))!;

      await device.api.notebooks.update(id, { title: 'Terceiro título' });
      await device.settle();
      // a background-sync replay of the old batch, long after
      const replay = await device.transport.inner.push('notebooks', replayOfSecond.rows);
      expect(replay.rejected).toEqual([]);
      expect(replay.conflicts).toMatchObject([{ id, title: 'Terceiro título' }]);
      row = (await serverView(ana.client, 'notebooks')).find((n) => n.id === id)!;
      expect(row).toMatchObject({ title: 'Terceiro título', server_rev: 3 });
      expect((await device.docs('notebooks')).find((n) => n.id === id)).toMatchObject({ title: 'Terceiro título', server_rev: 3 });
      expect(await device.layer.ledger.pending()).toEqual({});
    } finally {
      await device.close();
    }
  });

  test('S9 replays are harmless: many offline writes go up in batches, one request each', async () => {
    const device = await Device.open(server, ana, { collections: ['notebooks', 'questions'] });
    try {
      await device.settle();
      const notebook = await device.api.notebooks.create({ title: 'Cinquenta perguntas' });
      if (!notebook.ok) throw new Error(notebook.problem.code);
      await device.settle();
      device.goOffline();
      for (let i = 0; i < 50; i++) await device.api.questions.add(notebook.value.id, `Pergunta número ${i}`);
      const before = device.transport.pushes;
      device.goOnline();
      await device.settle();
      expect(device.transport.pushes - before).toBeLessThanOrEqual(3);
      const onServer = (await serverView(ana.client, 'questions')).filter((q) => q.notebook_id === notebook.value.id);
      expect(onServer).toHaveLength(50);
      expect(new Set(onServer.map((q) => q.order_index)).size).toBe(50);
    } finally {
      await device.close();
    }
  });

  test('S9: a burst of writes made online (a reorder, "approve all") goes up as a few batches, not a push per write', async () => {
    const device = await Device.open(server, ana, { collections: ['notebooks', 'questions'] });
    try {
      await device.settle();
      const notebook = await device.api.notebooks.create({ title: 'Vinte perguntas' });
      if (!notebook.ok) throw new Error(notebook.problem.code);
      await device.settle();
      const before = device.transport.pushLog.length;
      for (let i = 0; i < 20; i++) await device.api.questions.add(notebook.value.id, `Pergunta em sequência ${i}`);
      await device.settle();
      const pushes = device.transport.pushLog.slice(before);
      expect(pushes.flatMap((push) => push.rows)).toHaveLength(20);
      expect(pushes.length).toBeLessThanOrEqual(3);
      const onServer = (await serverView(ana.client, 'questions')).filter((q) => q.notebook_id === notebook.value.id);
      expect(onServer).toHaveLength(20);
    } finally {
      await device.close();
    }
  });
});
