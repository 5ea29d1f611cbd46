/** The moderation screen's lists: pending / approved / rejected, for moderators only. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDataLayer, type DataLayer } from '../data-layer.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const FRIEND = '22222222-2222-4222-8222-222222222222';
const NOTEBOOK = '44444444-4444-4444-8444-444444444444';
const Q1 = '66666666-6666-4666-8666-666666666661';
const Q2 = '66666666-6666-4666-8666-666666666662';

let layer: DataLayer;
let clock = Date.parse('2026-11-22T10:00:00Z');

async function seed(name: string, docs: Record<string, unknown>[]) {
  const now = new Date(clock).toISOString();
  await (layer.db.collections as Record<string, { bulkInsert(d: unknown[]): Promise<unknown> }>)[name].bulkInsert(
    docs.map((doc) => ({ created_at: now, updated_at: now, server_rev: 1, ...doc })),
  );
}

function answer(id: string, question: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    question_id: question,
    notebook_id: NOTEBOOK,
    user_id: FRIEND,
    text: `resposta ${id.slice(-1)}`,
    is_anonymous: false,
    responder_name: null,
    moderation_status: status,
    moderated_by: null,
    moderated_at: null,
    moderation_notes: null,
    client_clock: 1,
    ...extra,
  };
}

beforeEach(async () => {
  layer = await openDataLayer({
    userId: ME,
    serverUrl: 'http://offline.test',
    databaseName: `moderation-${Math.random().toString(36).slice(2)}`,
    database: { indexedDB: new IDBFactory(), IDBKeyRange, devMode: true },
    publishStatus: false,
    now: () => (clock += 1000),
  });
});
afterEach(async () => layer?.close());

async function seedNotebook(owner: string) {
  await seed('notebooks', [{ id: NOTEBOOK, user_id: owner, title: 'Caderno', description: null, author: 'Usuário', theme: 'purple', pre_moderation_enabled: true, paper_style: 'lined-blue', sticker_border: null, cover: null, is_shared: false }]);
  await seed('questions', [
    { id: Q1, notebook_id: NOTEBOOK, user_id: owner, text: 'Primeira?', order_index: 0, blocked: false },
    { id: Q2, notebook_id: NOTEBOOK, user_id: owner, text: 'Bloqueada?', order_index: 1, blocked: true },
  ]);
}

test('the owner gets the three lists with their questions, pending oldest first, moderated newest first', async () => {
  await seedNotebook(ME);
  await seed('answers', [
    answer('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', Q1, 'pending', { created_at: '2026-11-22T09:00:00Z' }),
    answer('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2', Q2, 'pending', { created_at: '2026-11-22T08:00:00Z' }),
    answer('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3', Q1, 'approved', { moderated_at: '2026-11-22T07:00:00Z' }),
    answer('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa4', Q1, 'approved', { moderated_at: '2026-11-22T09:30:00Z' }),
    answer('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa5', Q1, 'rejected', { moderation_notes: 'Fora do tema' }),
  ]);
  const lists = await firstValueFrom(layer.api.queries.moderation(NOTEBOOK));
  expect(lists!.role).toBe('owner');
  expect(lists!.pending.map((i) => [i.answer.id.slice(-1), i.question?.text])).toEqual([['2', 'Bloqueada?'], ['1', 'Primeira?']]);
  expect(lists!.approved.map((i) => i.answer.id.slice(-1))).toEqual(['4', '3']);
  expect(lists!.rejected.map((i) => [i.answer.id.slice(-1), i.answer.moderation_notes])).toEqual([['5', 'Fora do tema']]);
});

test('a moderation moves an answer from one list to the other, live', async () => {
  await seedNotebook(ME);
  await seed('answers', [answer('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', Q1, 'pending')]);
  const rejected = await layer.api.answers.moderate('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', 'rejected', 'Sem sentido');
  expect(rejected.ok).toBe(true);
  const lists = await firstValueFrom(layer.api.queries.moderation(NOTEBOOK));
  expect(lists!.pending).toEqual([]);
  expect(lists!.rejected.map((i) => i.answer.moderation_notes)).toEqual(['Sem sentido']);
});

test('a sharee (viewer) gets empty lists and the role that says why', async () => {
  await seedNotebook(FRIEND);
  await seed('notebook_shares', [{ id: '55555555-5555-4555-8555-555555555555', notebook_id: NOTEBOOK, created_by: FRIEND, shared_with: ME, access_level: 'viewer' }]);
  await seed('answers', [answer('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3', Q1, 'approved')]);
  const lists = await firstValueFrom(layer.api.queries.moderation(NOTEBOOK));
  expect(lists).toMatchObject({ role: 'viewer', pending: [], approved: [], rejected: [] });
});

test('an unknown notebook gives null', async () => {
  expect(await firstValueFrom(layer.api.queries.moderation('99999999-9999-4999-8999-999999999999'))).toBeNull();
});
