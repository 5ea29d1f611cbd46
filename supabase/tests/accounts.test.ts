/**
 * Banned or deleted accounts cannot write anything (spec §4, §8, ARCHITECTURE §4): every write
 * they attempt fails with the spec's message, on their own rows too; admins ban; reading one's own
 * account status (what the app checks on load) keeps working.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { failure, openTestDatabase, type TestDatabase } from './harness.ts';

let t: TestDatabase;
let admin: string, person: string, notebookId: string, questionId: string;

beforeAll(async () => {
  t = await openTestDatabase();
  admin = await t.createUser('admin', { admin: true });
  person = await t.createUser('pessoa');
  [{ id: notebookId }] = await t.as<{ id: string }>(person, `insert into notebooks (title, user_id) values ('Meu', $1) returning id`, [person]);
  [{ id: questionId }] = await t.as<{ id: string }>(person, `insert into questions (notebook_id, text) values ($1, 'Pergunta?') returning id`, [notebookId]);
});
afterAll(async () => t?.close());

const WRITES: [string, string, (p: string) => unknown[]][] = [
  ['create a notebook', `insert into notebooks (title, user_id) values ('Outro', $1)`, (p) => [p]],
  ['add a question', `insert into questions (notebook_id, text) values ((select id from notebooks where user_id = $1 limit 1), 'Nova?')`, (p) => [p]],
  ['answer', `insert into answers (question_id, text) values ((select id from questions where user_id = $1 limit 1), 'Oi')`, (p) => [p]],
  ['edit their profile', `update profiles set bio = 'nova bio' where id = $1`, (p) => [p]],
  ['change their settings', `update user_settings set ui_theme = 'dark' where user_id = $1`, (p) => [p]],
  ['favorite their notebook', `insert into favorites (notebook_id) select id from notebooks where user_id = $1`, (p) => [p]],
  ['create an invite link', `select create_invite_link((select id from notebooks where user_id = $1 limit 1))`, (p) => [p]],
];

test('an admin bans an account; the person still reads their own account status', async () => {
  await t.as(admin, `select admin_set_banned($1, true, 'spam')`, [person]);
  const [me] = await t.as(person, `select username, avatar_url, account_status from profiles where id = $1`, [person]);
  expect(me).toEqual({ username: 'pessoa', avatar_url: null, account_status: 'banned' });
});

test.each(WRITES)('a banned account cannot %s', async (_name, sql, params) => {
  const e = await failure(t.as(person, sql, params(person)));
  expect(e.code).toBe('42501');
  expect(e.message).toBe('Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.');
  expect(e.hint).toBe('account_banned');
});

test.each(WRITES)('a deleted account cannot %s', async (_name, sql, params) => {
  await t.sql(`update profiles set account_status = 'deleted' where id = $1`, [person]);
  const e = await failure(t.as(person, sql, params(person)));
  expect(e.code).toBe('42501');
  expect(e.message).toBe('Sua conta foi removida.');
  expect(e.hint).toBe('account_deleted');
});

test('a banned or deleted account edits and deletes nothing: its notebooks no longer match any write', async () => {
  for (const status of ['banned', 'deleted']) {
    await t.sql(`update profiles set account_status = $2 where id = $1`, [person, status]);
    for (const sql of [`update notebooks set title = 'Mudou' where user_id = $1`, `delete from notebooks where user_id = $1`]) {
      const r = await t.tx(person, (q) => q.query(sql, [person]));
      expect(r.affectedRows).toBe(0);
    }
    expect(await t.sql(`select title from notebooks where user_id = $1`, [person])).toEqual([{ title: 'Meu' }]);
  }
});

test('once reinstated by an admin, the person writes again', async () => {
  // (the test above left the account removed; as a banned account it is reinstated through the audited RPC)
  await t.sql(`update profiles set account_status = 'banned' where id = $1`, [person]);
  await t.as(admin, `select admin_set_banned($1, false, 'engano')`, [person]);
  const [q] = await t.as<{ id: string }>(person, `insert into answers (question_id, text) values ($1, 'Voltei') returning id`, [questionId]);
  expect(q.id).toBeTruthy();
});
