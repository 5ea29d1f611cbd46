/**
 * The typed API on a device with no network at all: spec §5 validation and messages, the
 * orderings and no-op rules, the ledger of pending writes, and the live queries the screens of
 * spec §2 read (dashboard tabs, a notebook with its visible questions and answers, moderation).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDataLayer, type DataLayer } from '../data-layer.ts';
import { answerIdFor, favoriteIdFor } from '../derived-ids.ts';
import { awaitsActivation } from '../invite-codes.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const FRIEND = '22222222-2222-4222-8222-222222222222';
const SECRET = 'meu-segredo';

let layer: DataLayer;
let clock = Date.parse('2026-11-22T10:00:00Z');

/** Rows as the server would have sent them (replication writes them the same way). */
async function seedFromServer(name: 'user_settings' | 'forbidden_words' | 'notebooks' | 'notebook_shares' | 'questions' | 'answers' | 'notifications', docs: Record<string, unknown>[]) {
  const now = new Date(clock).toISOString();
  await (layer.db.collections as Record<string, { bulkInsert(d: unknown[]): Promise<unknown> }>)[name].bulkInsert(
    docs.map((doc) => ({ created_at: now, updated_at: now, server_rev: 1, ...doc })),
  );
}

beforeEach(async () => {
  layer = await openDataLayer({
    userId: ME,
    serverUrl: 'http://offline.test',
    databaseName: `repo-${Math.random().toString(36).slice(2)}`,
    database: { indexedDB: new IDBFactory(), IDBKeyRange, devMode: true },
    publishStatus: false,
    now: () => (clock += 1000),
  });
  await seedFromServer('user_settings', [
    { id: ME, user_id: ME, email: null, language: null, ui_theme: 'system', email_notifications: true, answer_secret: SECRET },
  ]);
  await seedFromServer('forbidden_words', [{ id: '33333333-3333-4333-8333-333333333333', word: 'Palavrão', language: 'pt-BR' }]);
});
afterEach(async () => layer?.close());

describe('notebooks', () => {
  test('create with the defaults of spec §9; refused with the codes of spec §5', async () => {
    const created = await layer.api.notebooks.create({ title: '  Meu caderno  ' });
    expect(created).toMatchObject({ ok: true, value: { title: 'Meu caderno', theme: 'purple', author: 'Usuário', paper_style: 'lined-blue', pre_moderation_enabled: false, user_id: ME } });
    expect(await layer.api.notebooks.create({ title: 'ab' })).toEqual({
      ok: false,
      problem: { code: 'title_too_short', field: 'title' },
    });
    expect(await layer.api.notebooks.create({ title: 'Que palavrao' })).toMatchObject({
      ok: false,
      problem: { code: 'forbidden_words', words: ['Palavrão'] },
    });
  });

  test('an update that changes nothing writes nothing; a real one is pending until the server has it', async () => {
    const created = await layer.api.notebooks.create({ title: 'Meu caderno' });
    if (!created.ok) throw new Error();
    await layer.ledger.settle([`notebooks/${created.value.id}`]);
    expect(await layer.api.notebooks.update(created.value.id, { title: 'Meu caderno', theme: 'purple' })).toMatchObject({ ok: true, value: { changed: false } });
    expect(await layer.ledger.pending()).toEqual({});
    expect(await layer.api.notebooks.update(created.value.id, { theme: 'teal' })).toMatchObject({ ok: true, value: { changed: true, notebook: { theme: 'teal' } } });
    expect(Object.keys(await layer.ledger.pending())).toEqual([`notebooks/${created.value.id}`]);
  });
});

describe('questions', () => {
  test('order_index is the highest plus one (0 for the first); reorder and block', async () => {
    const nb = await layer.api.notebooks.create({ title: 'Perguntas' });
    if (!nb.ok) throw new Error();
    const texts = ['Primeira', 'Segunda', 'Terceira'];
    const ids: string[] = [];
    for (const text of texts) {
      const q = await layer.api.questions.add(nb.value.id, text);
      if (!q.ok) throw new Error(q.problem.code);
      ids.push(q.value.id);
    }
    const view = await firstValueFrom(layer.api.queries.notebook(nb.value.id));
    expect(view!.questions.map((q) => [q.question.text, q.question.order_index])).toEqual([['Primeira', 0], ['Segunda', 1], ['Terceira', 2]]);
    await layer.api.questions.reorder(nb.value.id, [ids[2], ids[0]]);
    const reordered = await firstValueFrom(layer.api.queries.notebook(nb.value.id));
    expect(reordered!.questions.map((q) => q.question.text)).toEqual(['Terceira', 'Primeira', 'Segunda']);
    expect(await layer.api.questions.setBlocked(ids[1], true)).toMatchObject({ ok: true, value: { blocked: true } });
    expect(await layer.api.questions.add(nb.value.id, 'ok')).toMatchObject({ ok: false, problem: { code: 'question_too_short' } });
  });
});

describe('answers', () => {
  test('the id is derived from the question and my secret; answering again edits the same answer with a later clock', async () => {
    const nb = await layer.api.notebooks.create({ title: 'Respostas' });
    if (!nb.ok) throw new Error();
    const q = await layer.api.questions.add(nb.value.id, 'Qual é a sua cor?');
    if (!q.ok) throw new Error();
    const first = await layer.api.answers.answer(q.value.id, { text: 'Azul', is_anonymous: true, responder_name: 'Ana' });
    if (!first.ok) throw new Error(first.problem.code);
    expect(first.value).toMatchObject({ created: true, awaitingApproval: false, answer: { id: await answerIdFor(SECRET, q.value.id), is_anonymous: true } });
    const second = await layer.api.answers.answer(q.value.id, { text: 'Verde' });
    if (!second.ok) throw new Error();
    expect(second.value.answer.id).toBe(first.value.answer.id);
    expect(second.value.answer.client_clock).toBeGreaterThan(first.value.answer.client_clock);
    expect(await layer.api.answers.answer(q.value.id, { text: 'um palavrão' })).toMatchObject({
      ok: false,
      problem: { code: 'forbidden_words', words: ['Palavrão'] },
    });
    expect(await layer.api.answers.answer(q.value.id, { text: '  ' })).toMatchObject({ ok: false, problem: { code: 'answer_empty' } });
  });

  test("in a friend's notebook with pre-moderation my answer waits for approval; the moderation list is the owner's", async () => {
    const notebookId = '44444444-4444-4444-8444-444444444444';
    await seedFromServer('notebooks', [{ id: notebookId, user_id: FRIEND, title: 'Do amigo', description: null, author: 'Usuário', theme: 'pink', pre_moderation_enabled: true, paper_style: 'lined-blue', sticker_border: null, cover: null, is_shared: false }]);
    await seedFromServer('notebook_shares', [{ id: '55555555-5555-4555-8555-555555555555', notebook_id: notebookId, created_by: FRIEND, shared_with: ME, access_level: 'viewer' }]);
    await seedFromServer('questions', [{ id: '66666666-6666-4666-8666-666666666666', notebook_id: notebookId, user_id: FRIEND, text: 'Como nos conhecemos?', order_index: 0, blocked: false }]);
    const answered = await layer.api.answers.answer('66666666-6666-4666-8666-666666666666', { text: 'Na escola' });
    expect(answered).toMatchObject({ ok: true, value: { awaitingApproval: true, answer: { moderation_status: 'pending' } } });
    const view = await firstValueFrom(layer.api.queries.notebook(notebookId));
    expect(view).toMatchObject({ role: 'viewer', awaiting: [] });
    expect(view!.questions[0].answers).toEqual([]); // not listed until approved
    expect(view!.questions[0].myAnswer?.text).toBe('Na escola');
    expect(await layer.api.answers.moderate(answered.ok ? answered.value.answer.id : '', 'approved')).toMatchObject({ ok: false, problem: { code: 'not_allowed' } });
    const dashboard = await firstValueFrom(layer.api.queries.dashboard());
    expect(dashboard.sharedWithMe.map((c) => c.notebook.title)).toEqual(['Do amigo']);
    expect(dashboard.mine).toEqual([]);
  });
});

describe('sharing, favorites, notifications', () => {
  test('nobody shares with themselves or twice; favorites have derived ids; notifications are marked read', async () => {
    const nb = await layer.api.notebooks.create({ title: 'Compartilhado' });
    if (!nb.ok) throw new Error();
    expect(await layer.api.sharing.share(nb.value.id, ME)).toEqual({ ok: false, problem: { code: 'invite_self' } });
    expect(await layer.api.sharing.share(nb.value.id, FRIEND)).toMatchObject({ ok: true, value: { shared_with: FRIEND, access_level: 'viewer' } });
    expect(await layer.api.sharing.share(nb.value.id, FRIEND)).toMatchObject({ ok: false, problem: { code: 'already_has_access' } });
    expect(await layer.api.sharing.inviteCollaborator(nb.value.id, FRIEND)).toMatchObject({ ok: false, problem: { code: 'already_has_access' } });

    expect(await layer.api.notebooks.setFavorite(nb.value.id, true)).toEqual({ ok: true, value: true });
    const favorites = await firstValueFrom(layer.api.queries.favorites());
    expect(favorites.map((c) => c.notebook.id)).toEqual([nb.value.id]);
    expect((await layer.db.collections.favorites!.find().exec())[0].id).toBe(await favoriteIdFor(ME, nb.value.id));

    await seedFromServer('notifications', [
      { id: '77777777-7777-4777-8777-777777777777', recipient_id: ME, notebook_id: null, answer_id: null, type: 'notebook_shared', title: 'Caderno compartilhado', message: 'Oi', is_read: false },
    ]);
    expect(await firstValueFrom(layer.api.queries.unreadNotifications())).toBe(1);
    expect(await layer.api.notifications.markAllRead()).toEqual({ ok: true, value: 1 });
    expect(await firstValueFrom(layer.api.queries.unreadNotifications())).toBe(0);
  });

  test('online-only calls say so when there is no connection', async () => {
    expect(await layer.api.invites.redeem('ABCDEFGHJKLM')).toMatchObject({ ok: false, problem: { code: 'online_only' } });
    expect(await layer.api.sharing.searchPeople('@ana')).toMatchObject({ ok: false, problem: { code: 'online_only' } });
  });

  test('an invite link is made offline by the owner: a 12-character code, awaiting activation; revoked before the server saw it, it is withdrawn', async () => {
    const nb = await layer.api.notebooks.create({ title: 'Caderno da festa' });
    if (!nb.ok) throw new Error('not created');
    const link = await layer.api.invites.create(nb.value.id);
    if (!link.ok) throw new Error(`refused: ${link.problem.code}`);
    expect(link.value).toMatchObject({ notebook_id: nb.value.id, status: 'active', created_by: ME, server_rev: 0 });
    expect(link.value.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/);
    expect(awaitsActivation(link.value)).toBe(true);
    const view = await firstValueFrom(layer.api.queries.notebook(nb.value.id));
    expect(view?.inviteLinks.map((l) => l.code)).toEqual([link.value.code]);
    expect(Object.keys(await layer.ledger.pending())).toContain(`invite_links/${link.value.id}`);

    expect(await layer.api.invites.revoke(link.value.id)).toMatchObject({ ok: true, value: { status: 'revoked' } });
    expect((await firstValueFrom(layer.api.queries.notebook(nb.value.id)))?.inviteLinks).toEqual([]);
  });

  test('only the owner creates invite links; an expiry in the past is refused', async () => {
    await seedFromServer('notebooks', [{ id: '88888888-8888-4888-8888-888888888888', user_id: FRIEND, title: 'Da amiga', server_rev: 1 }]);
    expect(await layer.api.invites.create('88888888-8888-4888-8888-888888888888')).toEqual({ ok: false, problem: { code: 'not_allowed' } });
    expect(await layer.api.invites.create('99999999-9999-4999-8999-999999999999')).toEqual({ ok: false, problem: { code: 'not_allowed' } });
    const nb = await layer.api.notebooks.create({ title: 'Meu caderno' });
    if (!nb.ok) throw new Error('not created');
    expect(await layer.api.invites.create(nb.value.id, '2026-11-01T00:00:00.000Z')).toEqual({
      ok: false,
      problem: { code: 'validation', field: 'expires_at' },
    });
  });

  test('a write the local database fails (closed under a screen that still holds it) answers as a refusal, never a dropped rejection', async () => {
    const nb = await layer.api.notebooks.create({ title: 'Caderno da turma' });
    if (!nb.ok) throw new Error('not created');
    await layer.close();
    const notSaved = { ok: false, problem: { code: 'not_saved' } };
    expect(await layer.api.sharing.inviteCollaborator(nb.value.id, FRIEND)).toEqual(notSaved);
    expect(await layer.api.sharing.share(nb.value.id, FRIEND)).toEqual(notSaved);
    expect(await layer.api.questions.add(nb.value.id, 'Qual é a sua cor favorita?')).toEqual(notSaved);
  });
});
