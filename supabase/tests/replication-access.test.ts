/**
 * ARCHITECTURE S4 (access-aware pull) and the pull's checkpoint mechanics on PGlite: gaining
 * access brings every row of a notebook however old, losing it deletes them from the device;
 * rows that become invisible (blocked question, pending or rejected answer for a sharee) arrive
 * as deletions; a level change (viewer → collaborator) brings what the new level may see; paging
 * with small batches loses and repeats nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from './harness.ts';
import { Device, pull } from './replication-client.ts';

let t: TestDatabase;
let owner: string, reader: string;
let notebookId: string;
const questionIds: string[] = [];
const answerIds: string[] = [];

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createUser('dona');
  reader = await t.createUser('leitor');
  const helper = await t.createUser('ajudante');
  [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Antigo', $1) returning id`, [owner]);
  for (let i = 0; i < 5; i++) {
    const [q] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, $2) returning id`, [notebookId, `Pergunta ${i}`]);
    questionIds.push(q.id);
  }
  // answers by someone who had access before the reader (and still has)
  await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, helper]);
  for (const q of questionIds) {
    const [a] = await t.as<{ id: string }>(helper, `insert into answers (question_id, text) values ($1, 'resposta antiga') returning id`, [q]);
    answerIds.push(a.id);
  }
  // lots of unrelated activity after those rows were written
  const [{ id: other }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Outro', $1) returning id`, [owner]);
  for (let i = 0; i < 10; i++) await t.as(owner, `insert into questions (notebook_id, text) values ($1, $2)`, [other, `Outra ${i}`]);
});
afterAll(async () => t?.close());

describe('S4 access-aware pull', () => {
  const device = () => new Device(t, reader, 3);
  let phone: Device;

  test('before access: the device pulls nothing of the notebook', async () => {
    phone = device();
    await phone.syncAll();
    expect(phone.ids('notebooks')).toEqual([]);
    expect(phone.ids('questions')).toEqual([]);
    expect(phone.ids('answers')).toEqual([]);
  });

  test('S4 grant: once shared, the next pull brings every row of the notebook, however old', async () => {
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, reader]);
    await phone.syncAll();
    expect(phone.ids('notebooks')).toEqual([notebookId]);
    expect(phone.ids('questions')).toEqual([...questionIds].sort());
    expect(phone.ids('answers')).toEqual([...answerIds].sort());
    expect(phone.docs('notebook_shares').map((s) => s.shared_with)).toEqual([reader]);
    expect(phone.docs('profiles').map((p) => p.username).sort()).toEqual(['dona', 'leitor']);
  });

  test('a blocked question reaches the sharee as a deletion; unblocked, it comes back', async () => {
    await t.as(owner, `update questions set blocked = true where id = $1`, [questionIds[0]]);
    const before = phone.received.length;
    await phone.sync('questions');
    expect(phone.received.slice(before).map((r) => [r.doc.id, r.doc._deleted])).toEqual([[questionIds[0], true]]);
    expect(phone.ids('questions')).not.toContain(questionIds[0]);
    await t.as(owner, `update questions set blocked = false where id = $1`, [questionIds[0]]);
    await phone.sync('questions');
    expect(phone.ids('questions')).toContain(questionIds[0]);
  });

  test("an answer that goes back to pending or is rejected disappears from another sharee's device, not from its author's", async () => {
    const helper = (await t.sql<{ id: string }>(`select id from profiles where username = 'ajudante'`))[0].id;
    const authorPhone = new Device(t, helper, 3);
    await authorPhone.syncAll();
    await t.as(owner, `update notebooks set pre_moderation_enabled = true where id = $1`, [notebookId]);
    await t.as(helper, `update answers set text = 'editada' where id = $1`, [answerIds[1]]);
    await t.as(owner, `update answers set moderation_status = 'rejected' where id = $1`, [answerIds[2]]);
    await phone.sync('answers');
    await authorPhone.sync('answers');
    expect(phone.ids('answers')).not.toContain(answerIds[1]);
    expect(phone.ids('answers')).not.toContain(answerIds[2]);
    expect(authorPhone.store.get('answers')!.get(answerIds[1])).toMatchObject({ text: 'editada', moderation_status: 'pending' });
    expect(authorPhone.store.get('answers')!.get(answerIds[2])).toMatchObject({ moderation_status: 'rejected' });
    await t.as(owner, `update answers set moderation_status = 'approved' where id = $1`, [answerIds[1]]);
    await phone.sync('answers');
    expect(phone.store.get('answers')!.get(answerIds[1])).toMatchObject({ text: 'editada', moderation_status: 'approved' });
  });

  test('a level change (sharee becomes collaborator) brings what the new level sees: blocked questions, pending answers', async () => {
    await t.as(owner, `update questions set blocked = true where id = $1`, [questionIds[4]]);
    await phone.syncAll();
    expect(phone.ids('questions')).not.toContain(questionIds[4]);
    await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id, role) values ($1, $2, 'collaborator')`, [notebookId, reader]);
    await t.as(reader, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [reader]);
    await phone.syncAll();
    expect(phone.ids('questions')).toContain(questionIds[4]);
    expect(phone.ids('answers')).toEqual([...answerIds].sort()); // pending and rejected ones too
    await t.as(owner, `delete from notebook_collaborators where user_id = $1`, [reader]);
    await phone.syncAll();
    expect(phone.ids('questions')).not.toContain(questionIds[4]);
    expect(phone.ids('answers')).not.toContain(answerIds[2]);
  });

  test('S4 revoke: when access is removed, every row of the notebook is deleted from the device on the next pull', async () => {
    await t.as(owner, `delete from notebook_shares where notebook_id = $1 and shared_with = $2`, [notebookId, reader]);
    await phone.syncAll();
    expect(phone.ids('notebooks')).toEqual([]);
    expect(phone.ids('questions')).toEqual([]);
    expect(phone.ids('answers')).toEqual([]);
    expect(phone.ids('notebook_shares')).toEqual([]);
    expect(phone.docs('profiles').map((p) => p.username)).toEqual(['leitor']);
  });

  test('after a revocation has been pulled, later changes of that notebook no longer travel to the device', async () => {
    const before = phone.received.length;
    await t.as(owner, `update questions set text = 'Mudou depois' where id = $1`, [questionIds[3]]);
    await phone.syncAll();
    expect(phone.received.slice(before)).toEqual([]);
  });

  test('a device that was offline through grant and revoke ends with nothing of the notebook', async () => {
    const late = await t.createUser('atrasada');
    const offline = new Device(t, late, 2);
    await offline.syncAll();
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, late]);
    await offline.sync('questions');
    expect(offline.ids('questions').length).toBeGreaterThan(0);
    await t.as(owner, `delete from notebook_shares where notebook_id = $1 and shared_with = $2`, [notebookId, late]);
    await offline.syncAll();
    expect(offline.ids('questions')).toEqual([]);
    expect(offline.ids('notebooks')).toEqual([]);
  });
});

describe('checkpoints and paging', () => {
  test('paging with batch size 1 returns every visible row exactly once, in key order', async () => {
    const phone = new Device(t, owner, 1);
    await phone.sync('questions');
    const all = await t.sql<{ id: string }>(`select id from questions`);
    expect(phone.ids('questions')).toEqual(all.map((r) => r.id).sort());
    const ids = phone.received.map((r) => r.doc.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a pull with nothing new returns no documents and keeps a checkpoint', async () => {
    const first = await pull(t, owner, 'notebooks', null, 100);
    const again = await pull(t, owner, 'notebooks', first.checkpoint, 100);
    expect(again.documents).toEqual([]);
    expect(again.checkpoint).not.toBeNull();
  });

  test('an edited row comes again with its new state and a higher server_rev', async () => {
    const first = await pull(t, owner, 'notebooks', null, 100);
    await t.as(owner, `update notebooks set description = 'nova' where id = $1`, [notebookId]);
    const next = await pull(t, owner, 'notebooks', first.checkpoint, 100);
    expect(next.documents).toHaveLength(1);
    expect(next.documents[0]).toMatchObject({ id: notebookId, description: 'nova', _deleted: false });
    expect(next.documents[0].server_rev).toBeGreaterThan(first.documents.find((d) => d.id === notebookId)!.server_rev as number);
  });

  test('a visitor cannot pull; an unknown collection is an error', async () => {
    await expect(pull(t, 'anon', 'notebooks', null)).rejects.toMatchObject({ message: 'Usuário não autenticado' });
    await expect(pull(t, owner, 'secrets' as never, null)).rejects.toMatchObject({ code: '22023' });
  });
});
