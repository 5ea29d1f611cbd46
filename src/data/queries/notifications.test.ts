/**
 * The notifications a screen lists (issue 31): newest first, a page at a time (a limited query),
 * the names this device may show — a profile it holds, a guest's name from the guest's answer,
 * never an anonymous answerer's — and the unread count; read marks stay on the device until sent.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDataLayer, type DataLayer } from '../data-layer.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const BIA = '22222222-2222-4222-8222-222222222222';
const NOTEBOOK = '33333333-3333-4333-8333-333333333333';
const GUEST = '44444444-4444-4444-8444-444444444444';
const GUEST_ANSWER = '55555555-5555-4555-8555-555555555555';
const ANONYMOUS_ANSWER = '66666666-6666-4666-8666-666666666666';
const QUESTION = '77777777-7777-4777-8777-777777777777';

let layer: DataLayer;

async function seed(name: string, docs: Record<string, unknown>[]) {
  await (layer.db.collections as unknown as Record<string, { bulkInsert(d: unknown[]): Promise<unknown> }>)[name].bulkInsert(
    docs.map((doc) => ({ created_at: '2026-11-28T10:00:00.000Z', updated_at: '2026-11-28T10:00:00.000Z', server_rev: 1, ...doc })),
  );
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => new Date(Date.parse('2026-11-28T10:00:00Z') + minute * 60_000).toISOString();

beforeEach(async () => {
  layer = await openDataLayer({
    userId: ME,
    serverUrl: 'http://offline.test',
    databaseName: `notifications-${Math.random().toString(36).slice(2)}`,
    database: { indexedDB: new IDBFactory(), IDBKeyRange, devMode: true },
    publishStatus: false,
  });
  await seed('profiles', [{ id: BIA, username: 'bia', display_name: 'Bia Souza', avatar_url: null, cover_url: null, bio: null, status_message: null, visibility: 'public', connections_visibility: 'public', account_status: 'active' }]);
  await seed('notebooks', [{ id: NOTEBOOK, user_id: ME, title: 'Festa da Júlia' }]);
  await seed('answers', [
    { id: GUEST_ANSWER, question_id: QUESTION, notebook_id: NOTEBOOK, user_id: null, guest_id: GUEST, text: 'Oi', is_anonymous: false, responder_name: 'Caio na festa', moderation_status: 'approved', client_clock: 1 },
    { id: ANONYMOUS_ANSWER, question_id: QUESTION, notebook_id: NOTEBOOK, user_id: null, guest_id: GUEST, text: 'Psiu', is_anonymous: true, responder_name: null, moderation_status: 'approved', client_clock: 2 },
  ]);
});
afterEach(async () => {
  await layer.close();
});

const note = (n: number, extra: Record<string, unknown> = {}) => ({
  id: id(n), recipient_id: ME, notebook_id: NOTEBOOK, answer_id: null, type: 'new_answer', title: '', message: '', is_read: false,
  actor_id: null, subject_id: null, group_count: 1, created_at: at(n), ...extra,
});

test('newest first, a page at a time, with the names this device may show', async () => {
  await seed('notifications', [
    ...Array.from({ length: 70 }, (_, i) => note(i + 1, { type: 'poll_vote', notebook_id: null, subject_id: id(1000 + i), is_read: true })),
    note(100, { actor_id: BIA }),
    note(101, { answer_id: GUEST_ANSWER }),
    note(102, { answer_id: ANONYMOUS_ANSWER }),
    note(103, { group_count: 30, actor_id: BIA }),
  ]);
  const first = await firstValueFrom(layer.api.queries.notificationPage(30));
  expect(first.items).toHaveLength(30);
  expect(first.hasMore).toBe(true);
  expect(first.unread).toBe(4);
  expect(first.items.slice(0, 4).map((n) => [n.count, n.actorName, n.notebookTitle])).toEqual([
    [30, 'Bia Souza', 'Festa da Júlia'],
    [1, null, 'Festa da Júlia'], // anonymous: nobody named, though the answer is on this device
    [1, 'Caio na festa', 'Festa da Júlia'], // a guest: the name from the answer
    [1, 'Bia Souza', 'Festa da Júlia'],
  ]);
  const all = await firstValueFrom(layer.api.queries.notificationPage(90));
  expect(all.items).toHaveLength(74);
  expect(all.hasMore).toBe(false);
  expect(all.items.map((n) => n.createdAt)).toEqual([...all.items.map((n) => n.createdAt)].sort().reverse());

  // marked read here at once (sent later: nothing reaches a server in this test)
  expect(await layer.api.notifications.markRead([id(100)])).toEqual({ ok: true, value: 1 });
  expect((await firstValueFrom(layer.api.queries.notificationPage(30))).unread).toBe(3);
  expect(await layer.api.notifications.markAllRead()).toEqual({ ok: true, value: 3 });
  const after = await firstValueFrom(layer.api.queries.notificationPage(30));
  expect(after.unread).toBe(0);
  expect(after.items.every((n) => n.isRead)).toBe(true);
});
