/**
 * The push side of replication: S7 (fields have owners; the later edit by the device clock wins;
 * delete beats edit), S8 (per-row rejections with reason codes, never blocking the batch), S9
 * (compare-and-swap on server_rev: replays are harmless).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from './harness.ts';
import { Device, push, type Doc } from './replication-client.ts';

let t: TestDatabase;
let owner: string, collaborator: string, answerer: string, outsider: string;
let notebookId: string, questionId: string;

async function fetchDoc(person: string, collection: 'answers' | 'questions' | 'notebooks', id: string): Promise<Doc> {
  const phone = new Device(t, person);
  await phone.sync(collection);
  const doc = phone.store.get(collection)!.get(id);
  if (!doc) throw new Error(`${collection} ${id} is not on ${person}'s device`);
  return doc;
}

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createUser('dona');
  collaborator = await t.createUser('colaboradora');
  answerer = await t.createUser('respondente');
  outsider = await t.createUser('de_fora');
  [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Empurrões', $1) returning id`, [owner]);
  [{ id: questionId }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Qual seu lanche?') returning id`, [notebookId]);
  await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, answerer]);
  await t.as(owner, `insert into notebook_collaborators (notebook_id, user_id) values ($1, $2)`, [notebookId, collaborator]);
  await t.as(collaborator, `update notebook_collaborators set status = 'accepted' where user_id = $1`, [collaborator]);
  await t.sql(`insert into forbidden_words (word) values ('palavrão')`);
});
afterAll(async () => t?.close());

describe('S7 fields have owners', () => {
  let answerId: string;

  beforeAll(async () => {
    const [{ id }] = await t.as<{ id: string }>(answerer, `select my_answer_id($1) as id`, [questionId]);
    answerId = id;
    const r = await push(t, answerer, 'answers', [
      { newDocumentState: { id, question_id: questionId, text: 'Pão', is_anonymous: false, responder_name: 'R', client_clock: 1_000, _deleted: false }, assumedMasterState: null },
    ]);
    expect(r).toEqual({ conflicts: [], rejected: [] });
  });

  test("S7: the answerer's offline edit and the moderator's decision both survive (conflict, merge, re-push)", async () => {
    const base = await fetchDoc(answerer, 'answers', answerId);
    // the moderator rejects with a note, from their device
    const modBase = await fetchDoc(collaborator, 'answers', answerId);
    expect(await push(t, collaborator, 'answers', [
      { newDocumentState: { ...modBase, moderation_status: 'rejected', moderation_notes: 'curta demais' }, assumedMasterState: modBase },
    ])).toEqual({ conflicts: [], rejected: [] });
    // the answerer edited offline from the old base: conflict, master carries the moderation
    const edited = { ...base, text: 'Pão de queijo', client_clock: 2_000 };
    const first = await push(t, answerer, 'answers', [{ newDocumentState: edited, assumedMasterState: base }]);
    expect(first.rejected).toEqual([]);
    expect(first.conflicts).toMatchObject([{ id: answerId, text: 'Pão', moderation_status: 'rejected', moderated_by: collaborator }]);
    // conflict handler: answerer fields from the local edit (later clock), the rest from the master
    const master = first.conflicts[0];
    const merged = { ...master, text: edited.text, client_clock: Math.max(edited.client_clock, (master.client_clock as number) + 1) };
    expect(await push(t, answerer, 'answers', [{ newDocumentState: merged, assumedMasterState: master }])).toEqual({ conflicts: [], rejected: [] });
    // a rejected answer resubmitted by its author is recreated as pending (spec §4)
    const [row] = await t.sql(`select text, moderation_status, moderation_notes, client_clock from answers where id = $1`, [answerId]);
    expect(row).toEqual({ text: 'Pão de queijo', moderation_status: 'pending', moderation_notes: null, client_clock: '2000' });
  });

  test('S7: an edit made earlier by the device clock than the stored one loses (conflict), even on a fresh base', async () => {
    const current = await fetchDoc(answerer, 'answers', answerId);
    const stale = { ...current, text: 'Edição antiga', client_clock: 1_500 };
    const r = await push(t, answerer, 'answers', [{ newDocumentState: stale, assumedMasterState: current }]);
    expect(r.conflicts).toMatchObject([{ id: answerId, text: 'Pão de queijo' }]);
    expect((await t.sql(`select text from answers where id = $1`, [answerId]))[0].text).toBe('Pão de queijo');
  });

  test("S7: an answerer's copy of the moderation fields is ignored; the server decides, and sends its row back", async () => {
    const current = await fetchDoc(answerer, 'answers', answerId);
    const r = await push(t, answerer, 'answers', [
      { newDocumentState: { ...current, moderation_status: 'approved', moderation_notes: 'eu aprovo', client_clock: 3_000 }, assumedMasterState: current },
    ]);
    // nothing the answerer may set changed: nothing written, and the device gets the server's row
    expect(r.rejected).toEqual([]);
    expect(r.conflicts).toEqual([current]);
    expect((await t.sql(`select moderation_status, server_rev from answers where id = $1`, [answerId]))[0]).toEqual({
      moderation_status: 'pending',
      server_rev: current.server_rev,
    });
  });

  test("S7: a decision taken back before the push went out (the status is the server's again, the moderator and time are the device's) gets the server's row back; nothing is written", async () => {
    const current = await fetchDoc(collaborator, 'answers', answerId);
    const r = await push(t, collaborator, 'answers', [
      { newDocumentState: { ...current, moderated_by: collaborator, moderated_at: '2030-01-01T00:00:00.000Z' }, assumedMasterState: current },
    ]);
    expect(r.rejected).toEqual([]);
    expect(r.conflicts).toEqual([current]);
    expect((await t.sql(`select moderated_at, server_rev from answers where id = $1`, [answerId]))[0].server_rev).toBe(current.server_rev);
    // a copy that is the server's row already is answered with nothing
    expect(await push(t, collaborator, 'answers', [{ newDocumentState: current, assumedMasterState: current }])).toEqual({ conflicts: [], rejected: [] });
  });

  test("S7: in every collection, a push that changes only fields the server keeps gets the server's row back (a question's times)", async () => {
    const [{ id: q }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Só o servidor') returning id`, [notebookId]);
    const current = await fetchDoc(owner, 'questions', q);
    const r = await push(t, owner, 'questions', [
      { newDocumentState: { ...current, updated_at: '2030-01-01T00:00:00.000Z', created_at: '2001-01-01T00:00:00.000Z' }, assumedMasterState: current },
    ]);
    expect(r).toEqual({ conflicts: [current], rejected: [] });
    expect((await t.sql(`select server_rev from questions where id = $1`, [q]))[0].server_rev).toBe(current.server_rev);
  });

  test('S7: the same words with another clock get the server\'s row back (conflict), and the server keeps its clock', async () => {
    const current = await fetchDoc(answerer, 'answers', answerId);
    const r = await push(t, answerer, 'answers', [
      { newDocumentState: { ...current, client_clock: Number(current.client_clock) + 5_000 }, assumedMasterState: current },
    ]);
    expect(r.rejected).toEqual([]);
    expect(r.conflicts).toMatchObject([{ id: answerId, client_clock: current.client_clock, server_rev: current.server_rev }]);
    expect((await t.sql(`select server_rev from answers where id = $1`, [answerId]))[0].server_rev).toBe(current.server_rev);
  });

  test("S7: a moderator cannot change the answerer's text (rejected, not_allowed)", async () => {
    const current = await fetchDoc(collaborator, 'answers', answerId);
    const r = await push(t, collaborator, 'answers', [
      { newDocumentState: { ...current, text: 'Reescrita', client_clock: 9_999_999 }, assumedMasterState: current },
    ]);
    expect(r.rejected).toMatchObject([{ id: answerId, reason: 'not_allowed', message: 'Only the person who wrote an answer can change it.' }]);
  });

  test('S7: a collaborator may edit the title but not the appearance of a notebook', async () => {
    const nb = await fetchDoc(collaborator, 'notebooks', notebookId);
    const ok = await push(t, collaborator, 'notebooks', [{ newDocumentState: { ...nb, title: 'Título da colaboradora' }, assumedMasterState: nb }]);
    expect(ok).toEqual({ conflicts: [], rejected: [] });
    const nb2 = await fetchDoc(collaborator, 'notebooks', notebookId);
    const denied = await push(t, collaborator, 'notebooks', [{ newDocumentState: { ...nb2, theme: 'pink' }, assumedMasterState: nb2 }]);
    expect(denied.rejected).toMatchObject([{ id: notebookId, reason: 'not_allowed', document: { theme: 'purple' } }]);
  });

  test('S7: delete beats edit for questions — a delete from a stale base still deletes; the later edit then conflicts with the deletion', async () => {
    const [{ id: q }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Vai sumir') returning id`, [notebookId]);
    const base = await fetchDoc(owner, 'questions', q);
    // another device edits first
    expect(await push(t, owner, 'questions', [{ newDocumentState: { ...base, text: 'Editada antes' }, assumedMasterState: base }])).toEqual({ conflicts: [], rejected: [] });
    // this device deletes from the old base
    expect(await push(t, owner, 'questions', [{ newDocumentState: { ...base, _deleted: true }, assumedMasterState: base }])).toEqual({ conflicts: [], rejected: [] });
    expect(await t.sql(`select id from questions where id = $1`, [q])).toEqual([]);
    const late = await push(t, owner, 'questions', [{ newDocumentState: { ...base, text: 'Editada depois' }, assumedMasterState: base }]);
    expect(late.conflicts).toMatchObject([{ id: q, _deleted: true }]);
  });
});

describe('S8 rejections are per row and visible', () => {
  test('S8: a batch with forbidden words, a short question and a stranger notebook — the valid row lands, the others come back with reasons', async () => {
    const good = { id: randomUUID(), notebook_id: notebookId, text: 'Pergunta boa', _deleted: false };
    const dirty = { id: randomUUID(), notebook_id: notebookId, text: 'Qual seu palavrão?', _deleted: false };
    const short = { id: randomUUID(), notebook_id: notebookId, text: 'Oi', _deleted: false };
    const [{ id: foreign }] = await t.as<{ id: string }>(outsider, `insert into notebooks (title, user_id) values ('Alheio', $1) returning id`, [outsider]);
    const intruding = { id: randomUUID(), notebook_id: foreign, text: 'Invasão', _deleted: false };
    const r = await push(t, collaborator, 'questions', [dirty, short, good, intruding].map((d) => ({ newDocumentState: d, assumedMasterState: null })));
    expect(r.conflicts).toEqual([]);
    expect(r.rejected.map((x) => [x.id, x.reason])).toEqual([
      [dirty.id, 'forbidden_words'],
      [short.id, 'question_too_short'],
      [intruding.id, 'not_allowed'],
    ]);
    // the words travel as data (`details`), never only inside the sentence
    expect(r.rejected[0].details).toEqual(['palavrão']);
    expect(r.rejected[1].details).toBeNull();
    expect(r.rejected[2].details).toBeNull();
    expect(await t.sql(`select text from questions where id = $1`, [good.id])).toEqual([{ text: 'Pergunta boa' }]);
  });

  test('S8: a banned account gets every row back with account_banned, nothing written', async () => {
    const banned = await t.createUser('banida');
    await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, banned]);
    await t.sql(`update profiles set account_status = 'banned' where id = $1`, [banned]);
    const rows = [1, 2].map((i) => ({ newDocumentState: { id: randomUUID(), title: `Caderno ${i}`, user_id: banned, _deleted: false }, assumedMasterState: null }));
    const r = await push(t, banned, 'notebooks', rows);
    expect(r.rejected.map((x) => x.reason)).toEqual(['account_banned', 'account_banned']);
    expect(r.rejected[0].message).toBe('Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.');
    expect(await t.sql(`select id from notebooks where user_id = $1`, [banned])).toEqual([]);
  });

  // Invite links made on the device are pushed like any row (offline-invites.test.ts).
  test('S8: rows of read-only collections are refused with their own reason', async () => {
    const r1 = await push(t, owner, 'forbidden_words', [{ newDocumentState: { id: randomUUID(), word: 'x', _deleted: false }, assumedMasterState: null }]);
    expect(r1.rejected.map((x) => x.reason)).toEqual(['read_only']);
  });
});

describe('S9 replays are harmless', () => {
  test('S9: replaying a push (retry, background-sync replay) never overwrites a newer state', async () => {
    const base = await fetchDoc(owner, 'notebooks', notebookId);
    const edit1 = { newDocumentState: { ...base, description: 'primeira' }, assumedMasterState: base };
    expect(await push(t, owner, 'notebooks', [edit1])).toEqual({ conflicts: [], rejected: [] });
    // the same request again: a conflict, the state stays
    const replay = await push(t, owner, 'notebooks', [edit1]);
    expect(replay.conflicts).toMatchObject([{ id: notebookId, description: 'primeira' }]);
    // a newer edit, then the old one replayed much later
    const newer = await fetchDoc(owner, 'notebooks', notebookId);
    expect(await push(t, owner, 'notebooks', [{ newDocumentState: { ...newer, description: 'segunda' }, assumedMasterState: newer }])).toEqual({ conflicts: [], rejected: [] });
    const lateReplay = await push(t, owner, 'notebooks', [edit1]);
    expect(lateReplay.conflicts).toMatchObject([{ description: 'segunda' }]);
    expect((await t.sql(`select description from notebooks where id = $1`, [notebookId]))[0].description).toBe('segunda');
  });

  test('S9: replaying a creation does not duplicate it; replaying a deletion of a deleted row is a no-op', async () => {
    const id = randomUUID();
    const create = { newDocumentState: { id, notebook_id: notebookId, text: 'Criada uma vez', _deleted: false }, assumedMasterState: null };
    expect(await push(t, owner, 'questions', [create])).toEqual({ conflicts: [], rejected: [] });
    const again = await push(t, owner, 'questions', [create]);
    expect(again.conflicts).toMatchObject([{ id, text: 'Criada uma vez' }]);
    expect(await t.sql(`select count(*)::int as n from questions where id = $1`, [id])).toEqual([{ n: 1 }]);
    const master = again.conflicts[0];
    const del = { newDocumentState: { ...master, _deleted: true }, assumedMasterState: master };
    expect(await push(t, owner, 'questions', [del])).toEqual({ conflicts: [], rejected: [] });
    expect(await push(t, owner, 'questions', [del])).toEqual({ conflicts: [], rejected: [] });
  });

  test('S9: a push is atomic per row — a refused row leaves no partial change', async () => {
    const base = await fetchDoc(owner, 'notebooks', notebookId);
    const r = await push(t, owner, 'notebooks', [
      { newDocumentState: { ...base, description: 'mudaria', title: 'x' }, assumedMasterState: base },
    ]);
    expect(r.rejected.map((x) => x.reason)).toEqual(['title_too_short']);
    expect((await t.sql(`select description from notebooks where id = $1`, [notebookId]))[0].description).toBe('segunda');
  });
});
