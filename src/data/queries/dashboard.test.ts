/**
 * The dashboard's cards (spec §2): counts the statistics toggle shows — visible questions,
 * approved answers, and answers awaiting moderation for those who moderate only.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDataLayer, type DataLayer } from '../data-layer.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const FRIEND = '22222222-2222-4222-8222-222222222222';
const MINE = '44444444-4444-4444-8444-444444444444';
const THEIRS = '45444444-4444-4444-8444-444444444444';

let layer: DataLayer;

async function seed(name: string, docs: Record<string, unknown>[]) {
  const now = new Date('2026-11-22T10:00:00Z').toISOString();
  await (layer.db.collections as Record<string, { bulkInsert(d: unknown[]): Promise<unknown> }>)[name].bulkInsert(
    docs.map((doc) => ({ created_at: now, updated_at: now, server_rev: 1, ...doc })),
  );
}

const notebook = (id: string, owner: string) => ({
  id, user_id: owner, title: `Caderno ${id.slice(0, 2)}`, description: null, author: 'Usuário', theme: 'purple',
  pre_moderation_enabled: true, paper_style: 'lined-blue', sticker_border: null, cover: null, is_shared: false,
});
const question = (n: number, notebookId: string, blocked = false) => ({
  id: `6666666${n}-6666-4666-8666-666666666666`, notebook_id: notebookId, user_id: ME, text: `Pergunta ${n}`, order_index: n, blocked,
});
const answer = (n: number, questionId: string, notebookId: string, status: string) => ({
  id: `7777777${n}-7777-4777-8777-777777777777`, question_id: questionId, notebook_id: notebookId, user_id: FRIEND, text: 'Oi',
  is_anonymous: false, responder_name: null, moderation_status: status, moderated_by: null, moderated_at: null, moderation_notes: null, client_clock: 1,
});

beforeEach(async () => {
  layer = await openDataLayer({
    userId: ME,
    serverUrl: 'http://offline.test',
    databaseName: `dash-${Math.random().toString(36).slice(2)}`,
    database: { indexedDB: new IDBFactory(), IDBKeyRange, devMode: true },
    publishStatus: false,
  });
});
afterEach(async () => layer?.close());

test('cards count visible questions, approved answers and, for moderators only, answers awaiting moderation', async () => {
  await seed('notebooks', [notebook(MINE, ME), notebook(THEIRS, FRIEND)]);
  await seed('notebook_shares', [{ id: '55555555-5555-4555-8555-555555555555', notebook_id: THEIRS, created_by: FRIEND, shared_with: ME, access_level: 'viewer' }]);
  const q = [question(1, MINE), question(2, MINE), question(3, MINE, true), question(4, THEIRS)];
  await seed('questions', q);
  await seed('answers', [
    answer(1, q[0].id, MINE, 'approved'),
    answer(2, q[1].id, MINE, 'pending'),
    answer(3, q[1].id, MINE, 'pending'),
    answer(4, q[0].id, MINE, 'rejected'),
    // A pending answer of mine in a friend's notebook is not mine to moderate.
    answer(5, q[3].id, THEIRS, 'pending'),
  ]);
  const dashboard = await firstValueFrom(layer.api.queries.dashboard());
  expect(dashboard.mine.map(({ questionCount, answerCount, awaitingModerationCount }) => ({ questionCount, answerCount, awaitingModerationCount }))).toEqual([
    { questionCount: 2, answerCount: 1, awaitingModerationCount: 2 },
  ]);
  expect(dashboard.sharedWithMe.map((c) => [c.role, c.awaitingModerationCount])).toEqual([['viewer', 0]]);
});
