/**
 * The person's new achievements as the device learns them (issue 31): each unread
 * 'achievement_earned' notification is announced once per device — also across a restart of the
 * app (remembered in the device's key-value store) — a later one when it arrives, and one already
 * read on another device never.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, test } from 'vitest';
import { openDataLayer, type DataLayer } from '../data-layer.ts';
import { createKvStore } from '../kv-store.ts';
import type { AwardNotice } from './achievements.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const AWARD_1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const AWARD_2 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
const AWARD_3 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3';

const layers: DataLayer[] = [];
afterEach(async () => {
  await Promise.all(layers.splice(0).map((l) => l.close()));
});

/** A device: its own IndexedDB, database and key-value store; the same `indexedDB` is the same device after a restart. */
async function open(indexedDB: IDBFactory, name: string) {
  const layer = await openDataLayer({
    userId: ME,
    serverUrl: 'http://offline.test',
    databaseName: name,
    database: { indexedDB, IDBKeyRange, devMode: true },
    kv: createKvStore('kv-achievements', indexedDB),
    publishStatus: false,
  });
  layers.push(layer);
  return layer;
}

let n = 0;
/** A notification as the pull stores it. */
async function arrives(layer: DataLayer, awardId: string, options: { type?: string; read?: boolean } = {}) {
  n += 1;
  const at = new Date(Date.parse('2026-11-28T16:00:00Z') + n * 1000).toISOString();
  const id = `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`;
  await layer.db.collections.notifications!.insert({
    id, recipient_id: ME, notebook_id: null, answer_id: null, type: options.type ?? 'achievement_earned', title: '', message: '',
    is_read: options.read ?? false, actor_id: null, subject_id: awardId, group_count: 1, created_at: at, updated_at: at, server_rev: 1,
  });
  return id;
}

const awards = (batches: AwardNotice[][]) => batches.map((batch) => batch.map((notice) => notice.awardId));

describe('new achievements on a device', () => {
  test('announced once each, a later one when it arrives; not again after a restart; a read one or another kind never', async () => {
    const idb = new IDBFactory();
    const name = `ach-${Math.random().toString(36).slice(2)}`;
    const phone = await open(idb, name);
    await arrives(phone, AWARD_1);
    await arrives(phone, AWARD_2, { read: true });
    await arrives(phone, AWARD_2, { type: 'new_answer' });

    const seen: AwardNotice[][] = [];
    const subscription = phone.api.queries.newAchievementAwards().subscribe((batch) => seen.push(batch));
    await expect.poll(() => awards(seen)).toEqual([[AWARD_1]]);
    await arrives(phone, AWARD_2);
    await expect.poll(() => awards(seen)).toEqual([[AWARD_1], [AWARD_2]]);
    subscription.unsubscribe();
    await phone.close();
    layers.splice(0);

    // the app starts again on the same phone: nothing old is announced, a new one is
    const again = await open(idb, name);
    const next = firstValueFrom(again.api.queries.newAchievementAwards());
    await arrives(again, AWARD_3);
    expect((await next).map((notice) => notice.awardId)).toEqual([AWARD_3]);
  });

  test("achievementChanges says 'changed' for a new award, not for the ones the device held", async () => {
    const phone = await open(new IDBFactory(), `ach-${Math.random().toString(36).slice(2)}`);
    await arrives(phone, AWARD_1);
    const changes = firstValueFrom(phone.api.queries.achievementChanges().pipe(take(1), toArray()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await arrives(phone, AWARD_2);
    expect(await changes).toEqual(['changed']);
  });
});
