/**
 * Reports on the device (issue 33), through the real sync-server: a participant reports an
 * anonymous answer while offline — the report waits in the queue like any write — and it reaches
 * the server when the device is back online; the moderation's decision comes back on the next
 * sync; reporting the same answer again writes nothing new; a report of something the person
 * cannot see is refused for that row (not_found) and shown as any refused write. S5: nothing in
 * the reporter's IndexedDB names the anonymous answer's author.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Device, dumpIndexedDB, eventually, serverView, signUp, startServer, type Person, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let owner: Person, answerer: Person, reporter: Person;
let notebookId: string, questionId: string, hiddenQuestionId: string;
const SECRET_NAME = 'Autora Secretíssima';
const COLLECTIONS = ['notebooks', 'questions', 'answers', 'user_settings', 'notebook_shares', 'reports'] as const;

beforeAll(async () => {
  server = await startServer();
  owner = await signUp(server, 'dona_relato');
  answerer = await signUp(server, 'autora_anonima');
  reporter = await signUp(server, 'quem_denuncia');
  const { data: notebook } = await owner.client.from('notebooks').insert({ title: 'Caderno da sala', user_id: owner.userId }).select().single();
  notebookId = notebook!.id;
  const { data: questions } = await owner.client
    .from('questions')
    .insert([{ notebook_id: notebookId, text: 'Quem é a pessoa mais chata?', order_index: 0 }, { notebook_id: notebookId, text: 'Pergunta escondida', order_index: 1 }])
    .select();
  questionId = questions!.find((q) => q.order_index === 0)!.id;
  hiddenQuestionId = questions!.find((q) => q.order_index === 1)!.id;
  await owner.client.from('questions').update({ blocked: true }).eq('id', hiddenQuestionId);
  for (const person of [answerer, reporter]) {
    await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: person.userId });
  }
  const device = await Device.open(server, answerer, { collections: ['notebooks', 'questions', 'answers', 'user_settings', 'notebook_shares'] });
  try {
    await device.settle();
    const answered = await device.api.answers.answer(questionId, { text: 'Uma resposta maldosa', is_anonymous: true, responder_name: SECRET_NAME });
    expect(answered.ok).toBe(true);
    await device.settle();
  } finally {
    await device.close();
  }
});
afterAll(async () => server?.close());

test('a report made offline is queued, reaches the server online, comes back with the decision; S5 holds in IndexedDB', async () => {
  const phone = await Device.open(server, reporter, { collections: COLLECTIONS });
  try {
    await phone.settle();
    const [answer] = await phone.docs('answers');
    expect(answer).toMatchObject({ is_anonymous: true, user_id: null, responder_name: null });

    phone.goOffline();
    const made = await phone.api.reports.report({ kind: 'answer', targetId: answer.id as string, reason: 'bullying', details: '  me ofendeu  ' });
    expect(made).toEqual({ ok: true, value: { id: expect.any(String), already: false } });
    const id = made.ok ? made.value.id : '';
    expect(Object.keys(await phone.layer.ledger.pending())).toEqual([`reports/${id}`]);
    const again = await phone.api.reports.report({ kind: 'answer', targetId: answer.id as string, reason: 'hate' });
    expect(again).toEqual({ ok: true, value: { id, already: true } });
    expect(await phone.docs('reports')).toMatchObject([{ id, kind: 'answer', reason: 'bullying', details: 'me ofendeu', status: 'open' }]);
    expect(await serverView(reporter.client, 'reports')).toEqual([]);

    phone.goOnline();
    await phone.settle();
    expect(await phone.layer.ledger.pending()).toEqual({});
    expect(await serverView(reporter.client, 'reports')).toMatchObject([{ id, kind: 'answer', target_id: answer.id, notebook_id: notebookId, status: 'open' }]);
    expect(await phone.docs('reports')).toMatchObject([{ id, notebook_id: notebookId, server_rev: 1 }]);

    // the moderation decides (TAKEDOWN's RPC in the app; here the table's owner): the phone learns it
    await server.ctx.db.query(`update public.reports set status = 'actioned', decision = 'hide' where id = $1`, [id]);
    await eventually(async () => {
      await phone.settle();
      expect(await phone.docs('reports')).toMatchObject([{ id, status: 'actioned', decision: 'hide' }]);
    });
    // handled: a new report of the same answer is a new one
    const later = await phone.api.reports.report({ kind: 'answer', targetId: answer.id as string });
    expect(later.ok && later.value.already).toBe(false);
    await phone.settle();

    const scan = await dumpIndexedDB(phone.indexedDB);
    expect(scan).toContain(id);
    for (const trace of [answerer.userId, answerer.username, answerer.email, SECRET_NAME]) expect(scan).not.toContain(trace);
  } finally {
    await phone.close();
  }
});

test('a report of something the person cannot see is refused for that row (not_found); bad input never leaves the device', async () => {
  const phone = await Device.open(server, reporter, { collections: COLLECTIONS });
  try {
    await phone.settle();
    const made = await phone.api.reports.report({ kind: 'question', targetId: hiddenQuestionId, reason: 'spam' });
    expect(made.ok).toBe(true);
    const id = made.ok ? made.value.id : '';
    const rejection = await eventually(async () => {
      await phone.settle();
      const found = (await phone.layer.ledger.rejections())[`reports/${id}`];
      expect(found).toBeDefined();
      return found;
    });
    expect(rejection).toMatchObject({ reason: 'not_found' });
    expect(await phone.api.reports.report({ kind: 'profile', targetId: owner.userId, details: 'x'.repeat(501) })).toEqual({
      ok: false,
      problem: { code: 'validation', field: 'details' },
    });
    expect(await phone.api.reports.report({ kind: 'nothing' as 'profile', targetId: owner.userId })).toMatchObject({ ok: false });
  } finally {
    await phone.close();
  }
});
