/**
 * Answers (spec §4, ARCHITECTURE S5/S6/S7 at the table level): one per question and person,
 * pre-moderation, moderation by owner and collaborators, the answerer unable to moderate,
 * resubmission of a rejected answer, anonymity in what the database returns, derived ids.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, type TestDatabase } from './harness.ts';

let t: TestDatabase;
let owner: string, collab: string, sharee: string, other: string;
let notebookId: string, questionId: string;

async function answer(who: string, text: string, extra: { anonymous?: boolean; name?: string } = {}) {
  const [row] = await t.as<Record<string, unknown>>(
    who,
    `insert into answers (question_id, notebook_id, user_id, text, is_anonymous, responder_name)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (question_id, user_id) do update
       set text = excluded.text, is_anonymous = excluded.is_anonymous, responder_name = excluded.responder_name
     returning *`,
    [questionId, notebookId, who, text, extra.anonymous ?? false, extra.name ?? null],
  );
  return row;
}

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createUser('dona');
  collab = await t.createUser('colab');
  sharee = await t.createUser('leitora');
  other = await t.createUser('outra');
  [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Respostas', $1) returning id`, [owner]);
  [{ id: questionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Como vai?') returning id`, [notebookId]);
  await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2), ($1, $3)`, [notebookId, sharee, other]);
  await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id) values ($1, $2)`, [notebookId, collab]);
  await t.as(collab, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [collab]);
});
afterAll(async () => t?.close());

describe('one answer per question and person (S6)', () => {
  test('the upsert of spec §7 on (question_id, user_id) updates the one answer', async () => {
    const first = await answer(other, 'Primeira');
    const second = await answer(other, 'Segunda');
    expect(second.id).toBe(first.id);
    const rows = await t.sql(`select text from answers where question_id = $1 and user_id = $2`, [questionId, other]);
    expect(rows).toEqual([{ text: 'Segunda' }]);
  });

  test("the id is derived from the question and the answerer's secret, whatever id the client sent", async () => {
    const [{ answer_secret: secret }] = await t.as<{ answer_secret: string }>(sharee, `select answer_secret from user_settings`);
    const [{ expected }] = await t.sql<{ expected: string }>(`select answer_id($1, $2) as expected`, [questionId, secret]);
    const [row] = await t.as<{ id: string }>(
      sharee,
      `insert into answers (id, question_id, text) values (gen_random_uuid(), $1, 'Tudo bem') returning id`,
      [questionId],
    );
    expect(row.id).toBe(expected);
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await t.sql(`delete from answers where id = $1`, [row.id]);
  });

  test('nobody answers as someone else', async () => {
    const e = await failure(
      t.as(sharee, `insert into answers (question_id, user_id, text) values ($1, $2, 'Falsa')`, [questionId, other]),
    );
    expect(e.code).toBe('42501');
    expect(e.message).toBe('You can only answer as yourself.');
  });
});

describe('pre-moderation and moderation (spec §4, S7)', () => {
  test('with pre-moderation a new answer is pending, and others do not see it until approved', async () => {
    await t.as(owner, `update notebooks set pre_moderation_enabled = true where id = $1`, [notebookId]);
    const a = await answer(sharee, 'Esperando', { name: 'Leitora' });
    expect(a.moderation_status).toBe('pending');
    expect(await t.as(other, `select id from visible_answers where id = $1`, [a.id])).toEqual([]);
    expect(await t.as(sharee, `select id from visible_answers where id = $1`, [a.id])).toHaveLength(1);
    expect(await t.as(collab, `select id from visible_answers where id = $1`, [a.id])).toHaveLength(1);

    await t.as(collab, `update answers set moderation_status = 'approved', moderation_notes = 'boa' where id = $1`, [a.id]);
    const [m] = await t.sql<Record<string, unknown>>(`select moderation_status, moderated_by, moderated_at, moderation_notes from answers where id = $1`, [a.id]);
    expect(m).toMatchObject({ moderation_status: 'approved', moderated_by: collab, moderation_notes: 'boa' });
    expect(m.moderated_at).toBeTruthy();
    expect(await t.as(other, `select id from visible_answers where id = $1`, [a.id])).toHaveLength(1);
  });

  test("an answerer's edit under pre-moderation goes back to pending", async () => {
    const a = await answer(sharee, 'Editada depois de aprovada', { name: 'Leitora' });
    expect(a).toMatchObject({ moderation_status: 'pending', moderated_by: null, moderated_at: null, moderation_notes: null });
  });

  test('an answerer cannot set moderation fields: on insert they are ignored, on update refused', async () => {
    await t.sql(`delete from answers where user_id = $1`, [other]);
    const [a] = await t.as<Record<string, unknown>>(
      other,
      `insert into answers (question_id, text, moderation_status, moderated_by, moderation_notes)
       values ($1, 'Me aprovo', 'approved', $2, 'eu mesma') returning *`,
      [questionId, other],
    );
    expect(a).toMatchObject({ moderation_status: 'pending', moderated_by: null, moderation_notes: null });
    const e = await failure(t.as(other, `update answers set moderation_status = 'approved' where id = $1`, [a.id]));
    expect(e.code).toBe('42501');
    expect(e.message).toBe('Only the notebook owner and collaborators can moderate answers.');
  });

  test('a moderator cannot change the text of an answer', async () => {
    const [a] = await t.sql<{ id: string }>(`select id from answers where user_id = $1`, [other]);
    const e = await failure(t.as(owner, `update answers set text = 'Censurado' where id = $1`, [a.id]));
    expect(e.message).toBe('Only the person who wrote an answer can change it.');
  });

  test('a rejected answer resubmitted by its author is recreated as pending', async () => {
    const [a] = await t.sql<{ id: string; created_at: string }>(`select id, created_at from answers where user_id = $1`, [other]);
    await t.as(owner, `update answers set moderation_status = 'rejected', moderation_notes = 'não' where id = $1`, [a.id]);
    await t.as(owner, `update notebooks set pre_moderation_enabled = false where id = $1`, [notebookId]);
    await new Promise((r) => setTimeout(r, 5));
    const again = await answer(other, 'Nova tentativa');
    expect(again).toMatchObject({ id: a.id, moderation_status: 'pending', moderated_by: null, moderation_notes: null });
    expect(again.created_at).not.toBe(a.created_at);
  });

  test('without pre-moderation a new answer is approved at once', async () => {
    const me = await t.createUser('nova');
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, me]);
    const a = await answer(me, 'Direto');
    expect(a.moderation_status).toBe('approved');
  });
});

describe('anonymous answers reveal their author only to the owner and the author (spec §1, S5)', () => {
  let anonymousId: string;
  beforeAll(async () => {
    await t.sql(`delete from answers where user_id = $1`, [sharee]);
    anonymousId = (await answer(sharee, 'Segredo', { anonymous: true, name: 'Leitora' })).id as string;
  });

  test('the owner and the author read user_id and responder_name', async () => {
    for (const who of [owner, sharee]) {
      const [row] = await t.as(who, `select user_id, responder_name from answers where id = $1`, [anonymousId]);
      expect(row).toEqual({ user_id: sharee, responder_name: 'Leitora' });
      const [view] = await t.as(who, `select user_id, responder_name from visible_answers where id = $1`, [anonymousId]);
      expect(view).toEqual({ user_id: sharee, responder_name: 'Leitora' });
    }
  });

  test('collaborators and other sharees read the text without identity, and the table does not show them the row', async () => {
    for (const who of [collab, other]) {
      expect(await t.as(who, `select * from answers where id = $1`, [anonymousId])).toEqual([]);
      const [view] = await t.as(who, `select text, user_id, responder_name, is_anonymous from visible_answers where id = $1`, [anonymousId]);
      expect(view).toEqual({ text: 'Segredo', user_id: null, responder_name: null, is_anonymous: true });
      expect(await t.as(who, `select id from answers where user_id = $1 and question_id = $2`, [sharee, questionId])).toEqual([]);
    }
  });

  test('a collaborator moderates it through moderate_answer and still gets no identity back', async () => {
    const [{ answer: result }] = await t.as<{ answer: Record<string, unknown> }>(
      collab,
      `select moderate_answer($1, 'approved', 'ok') as answer`,
      [anonymousId],
    );
    expect(result).toMatchObject({ id: anonymousId, moderation_status: 'approved', user_id: null, responder_name: null });
  });

  test('notifications and the change history never name the anonymous author', async () => {
    // the owner's and the moderators' (grouped by notebook), not the author's own approval
    const notes = await t.sql(`select * from notifications where notebook_id = (select notebook_id from answers where id = $1) and recipient_id <> $2`, [anonymousId, sharee]);
    expect(notes.length).toBeGreaterThan(0);
    expect(JSON.stringify(notes)).not.toContain('Leitora');
    expect(JSON.stringify(notes)).not.toContain(sharee);
    const history = await t.sql<{ actor_id: string | null }>(
      `select actor_id from notebook_changes where entity = 'answer' and entity_id = $1`,
      [anonymousId],
    );
    expect(history.map((h) => h.actor_id)).not.toContain(sharee);
  });
});

describe('blocked questions', () => {
  test('a sharee cannot answer a blocked question and does not see it', async () => {
    const [q] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Bloqueada?') returning id`, [notebookId]);
    await t.as(owner, `update questions set blocked = true where id = $1`, [q.id]);
    expect(await t.as(sharee, `select id from questions where id = $1`, [q.id])).toEqual([]);
    const e = await failure(t.as(sharee, `insert into answers (question_id, text) values ($1, 'Oi')`, [q.id]));
    expect(e.message).toBe('This question is blocked.');
  });
});
