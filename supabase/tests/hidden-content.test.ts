/**
 * Hidden content everywhere it could still show (issue 33, schemas/moderation.sql), on PGlite: a
 * hidden answer leaves the owner's News ('answered_my_notebook') and comes back on restore; a
 * hidden question leaves every device's pull (the owner's too) and the tables' reads, admins
 * excepted; a hidden guestbook message leaves its owner's and its writer's own rows.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from './harness.ts';
import { Device } from './replication-client.ts';

let t: TestDatabase;
let owner: string, friend: string, admin: string;
let notebookId: string, questionId: string, answerId: string;

const act = (kind: string, target: string, action: string, reason: string | null) =>
  t.as(admin, `select admin_act($1, $2, $3, $4)`, [kind, target, action, reason]);

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createUser('dona_oculta');
  friend = await t.createUser('amiga_oculta');
  admin = await t.createUser('moderador_oculto', { admin: true });
  const [a, b] = [owner, friend].sort();
  await t.sql(`insert into friendships (user_a, user_b, origin) values ($1, $2, 'request')`, [a, b]);
  [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Caderno da amizade', $1) returning id`, [owner]);
  [{ id: questionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Qual é a sua música?') returning id`, [notebookId]);
  await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, friend]);
  [{ id: answerId }] = await t.as<{ id: string }>(friend, `insert into answers (question_id, text) values ($1, 'Uma música feia') returning id`, [questionId]);
});
afterAll(async () => t?.close());

const newsIds = async () => (await t.as<{ kind: string; id: string }>(owner, `select kind, id from news(50)`)).filter((n) => n.kind === 'answered_my_notebook').map((n) => n.id);

test("a hidden answer leaves the owner's News, and comes back on restore", async () => {
  expect(await newsIds()).toEqual([answerId]);
  await act('answer', answerId, 'hide', 'Ofensivo');
  expect(await newsIds()).toEqual([]);
  await act('answer', answerId, 'restore', null);
  expect(await newsIds()).toEqual([answerId]);
});

test("a hidden question leaves every device's pull and the reads, but an admin's", async () => {
  const phones = [owner, friend].map((who) => new Device(t, who));
  for (const phone of phones) await phone.sync('questions');
  for (const phone of phones) expect(phone.ids('questions')).toEqual([questionId]);

  await act('question', questionId, 'hide', 'Pergunta imprópria');
  for (const phone of phones) {
    await phone.sync('questions');
    expect(phone.ids('questions')).toEqual([]);
  }
  for (const who of [owner, friend]) expect(await t.as(who, `select id from questions where id = $1`, [questionId])).toEqual([]);
  expect(await t.as(admin, `select id from questions where id = $1`, [questionId])).toEqual([{ id: questionId }]);

  await act('question', questionId, 'restore', null);
  for (const phone of phones) {
    await phone.sync('questions');
    expect(phone.ids('questions')).toEqual([questionId]);
  }
});

test("a hidden guestbook message leaves its owner's and its writer's own rows", async () => {
  const [{ m }] = await t.as<{ m: { id: string } }>(friend, `select write_guestbook_message($1, 'Recado feio', false) as m`, [owner]);
  for (const who of [owner, friend]) expect(await t.as(who, `select id from guestbook_messages where id = $1`, [m.id])).toEqual([{ id: m.id }]);
  const pending = async () =>
    (await t.as<{ p: { pending_count: number } }>(owner, `select guestbook_page($1, 'pending', 20, null, null) as p`, [owner]))[0].p.pending_count;
  expect(await pending()).toBe(1);
  await act('guestbook_message', m.id, 'hide', 'Ofensivo');
  for (const who of [owner, friend]) expect(await t.as(who, `select id from guestbook_messages where id = $1`, [m.id])).toEqual([]);
  expect(await pending()).toBe(0);
});
