/**
 * S10 (bounded history: tombstones, purge, resync) and the live signal (the per-user pulse that
 * Realtime delivers, on Supabase and on the sync-server alike).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, openTestDatabase, type TestDatabase } from './harness.ts';
import { Device, pull } from './replication-client.ts';

let t: TestDatabase;
let owner: string, reader: string, stranger: string;
let notebookId: string;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createUser('dona');
  reader = await t.createUser('leitor');
  stranger = await t.createUser('estranho');
  [{ id: notebookId }] = await t.as<{ id: string }>(owner, `insert into notebooks (title, user_id) values ('Histórico', $1) returning id`, [owner]);
  await t.as(owner, `insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, reader]);
});
afterAll(async () => t?.close());

describe('S10 bounded history', () => {
  test('S10: a deleted row reaches a device as a deletion (tombstone) — _deleted with its keys', async () => {
    const [{ id: q }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Efêmera') returning id`, [notebookId]);
    const phone = new Device(t, reader);
    await phone.sync('questions');
    expect(phone.ids('questions')).toContain(q);
    await t.as(owner, `delete from questions where id = $1`, [q]);
    const before = phone.received.length;
    await phone.sync('questions');
    expect(phone.received.slice(before).map((r) => r.doc)).toEqual([{ id: q, notebook_id: notebookId, _deleted: true }]);
    expect(phone.ids('questions')).not.toContain(q);
    expect(await t.sql(`select collection from private.replication_tombstones where id = $1`, [q])).toEqual([{ collection: 'questions' }]);
  });

  test('S10: tombstones older than the retention are purged; a checkpoint older than that resyncs by itself, a recent one does not', async () => {
    const stale = new Device(t, reader);
    await stale.sync('questions');
    const [{ id: q }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Some depois') returning id`, [notebookId]);
    await stale.sync('questions'); // the stale device has the question…
    const frozenCheckpoint = stale.checkpoints.get('questions')!;
    await t.as(owner, `delete from questions where id = $1`, [q]); // …then goes offline; the question is deleted

    const purge = await t.as<{ r: { tombstones: number; horizon: string } }>('service', `select replication_purge(interval '0 seconds') as r`);
    expect(purge[0].r.tombstones).toBeGreaterThan(0);
    expect(await t.sql(`select id from private.replication_tombstones where id = $1`, [q])).toEqual([]);

    // the stale checkpoint predates the purge horizon: the server says resync
    const r = await pull(t, reader, 'questions', frozenCheckpoint);
    expect(r).toEqual({ documents: [], checkpoint: null, resync: true });
    // and the device, resyncing by itself, ends without the deleted question
    await stale.sync('questions');
    expect(stale.ids('questions')).not.toContain(q);

    // a device that pulled after the purge keeps going without a resync
    const fresh = new Device(t, reader);
    await fresh.sync('questions');
    const next = await pull(t, reader, 'questions', fresh.checkpoints.get('questions')!);
    expect(next.resync).toBeUndefined();
  });

  test('S10: a quiet collection keeps its checkpoint moving, so it is not sent into a resync by purges elsewhere', async () => {
    const phone = new Device(t, stranger);
    await phone.sync('favorites');
    const first = phone.checkpoints.get('favorites')!;
    // activity elsewhere, then a purge
    const [{ id: q }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Outra') returning id`, [notebookId]);
    await t.as(owner, `delete from questions where id = $1`, [q]);
    await phone.sync('favorites');
    expect(BigInt(phone.checkpoints.get('favorites')!.xid)).toBeGreaterThan(BigInt(first.xid));
    await t.as('service', `select replication_purge(interval '0 seconds')`);
    const r = await pull(t, stranger, 'favorites', phone.checkpoints.get('favorites')!);
    expect(r.resync).toBeUndefined();
  });

  test('S10: only the service role purges', async () => {
    const e = await failure(t.as(owner, `select replication_purge(interval '0 seconds')`));
    expect(e.code).toBe('42501');
  });
});

describe('the pulse (live updates through Realtime)', () => {
  async function pulsesOf(person: string): Promise<number> {
    const [{ n }] = await t.as<{ n: number }>(person, `select count(*)::int as n from replication_pulses where user_id = $1`, [person]);
    return n;
  }

  test('a change in a notebook pulses everyone who replicates it, once per transaction — and nobody else', async () => {
    const before = { owner: await pulsesOf(owner), reader: await pulsesOf(reader), stranger: await pulsesOf(stranger) };
    await t.tx(owner, async (q) => {
      await q.query(`insert into questions (notebook_id, text) values ($1, 'Primeira')`, [notebookId]);
      await q.query(`insert into questions (notebook_id, text) values ($1, 'Segunda')`, [notebookId]);
    });
    expect(await pulsesOf(owner)).toBe(before.owner + 1);
    expect(await pulsesOf(reader)).toBe(before.reader + 1);
    expect(await pulsesOf(stranger)).toBe(before.stranger);
  });

  test("losing access pulses the person who lost it; a person's own rows pulse them; forbidden words pulse everyone", async () => {
    const before = await pulsesOf(reader);
    await t.as(owner, `delete from notebook_shares where shared_with = $1`, [reader]);
    expect(await pulsesOf(reader)).toBe(before + 1);
    const mine = await pulsesOf(stranger);
    await t.as(stranger, `update user_settings set ui_theme = 'dark' where user_id = $1`, [stranger]);
    expect(await pulsesOf(stranger)).toBe(mine + 1);
    await t.sql(`insert into forbidden_words (word) values ('novapalavra')`);
    const everyone = await t.as(stranger, `select user_id from replication_pulses where user_id = '00000000-0000-0000-0000-000000000000'`);
    expect(everyone.length).toBeGreaterThan(0);
  });

  async function lastPulse(person: string): Promise<{ txid: string; collections: string[] }> {
    const [row] = await t.sql(`select txid::text, to_jsonb(collections) as collections from replication_pulses where user_id = $1 order by id desc limit 1`, [person]);
    return row as { txid: string; collections: string[] };
  }

  test('a pulse names the collections its transaction changed for that person (issue 34), one pulse per person', async () => {
    const [{ id: q }] = await t.as<{ id: string }>(owner, `insert into questions (notebook_id, text) values ($1, 'Nomeada') returning id`, [notebookId]);
    expect((await lastPulse(owner)).collections).toEqual(['questions']);
    // two collections in one transaction: one pulse naming both
    const before = await pulsesOf(owner);
    await t.tx(owner, async (c) => {
      await c.query(`update questions set text = 'Renomeada' where id = $1`, [q]);
      await c.query(`update notebooks set title = 'Histórico (2)' where id = $1`, [notebookId]);
      await c.query(`update user_settings set ui_theme = 'light' where user_id = $1`, [owner]);
    });
    expect(await pulsesOf(owner)).toBe(before + 1);
    expect((await lastPulse(owner)).collections).toEqual(['notebooks', 'questions', 'user_settings']);
    // a person's own rows name their collection; forbidden words name theirs, for everyone
    await t.as(stranger, `update user_settings set ui_theme = 'dark' where user_id = $1`, [stranger]);
    expect((await lastPulse(stranger)).collections).toEqual(['user_settings']);
    await t.sql(`insert into forbidden_words (word) values ('outrapalavra')`);
    expect((await lastPulse('00000000-0000-0000-0000-000000000000')).collections).toEqual(['forbidden_words']);
  });

  test('S4: gaining or losing access to a notebook names no collection (every one) for everyone of the notebook, even beside a named change', async () => {
    await t.tx(owner, async (c) => {
      await c.query(`insert into notebook_shares (notebook_id, shared_with) values ($1, $2)`, [notebookId, stranger]);
      await c.query(`insert into questions (notebook_id, text) values ($1, 'Junto')`, [notebookId]);
    });
    expect((await lastPulse(stranger)).collections).toEqual([]);
    // the owner may read the sharee's profile now: every collection for them too
    expect((await lastPulse(owner)).collections).toEqual([]);
    await t.as(owner, `delete from notebook_shares where shared_with = $1`, [stranger]);
    expect((await lastPulse(stranger)).collections).toEqual([]);
  });

  test('people read only their own pulses (and everyone\'s); a pulse carries no data; the table is in the realtime publication', async () => {
    const theirs = await t.as(stranger, `select * from replication_pulses where user_id = $1`, [owner]);
    expect(theirs).toEqual([]);
    const [one] = await t.as<Record<string, unknown>>(owner, `select * from replication_pulses where user_id = $1 limit 1`, [owner]);
    expect(Object.keys(one).sort()).toEqual(['collections', 'created_at', 'id', 'txid', 'user_id']);
    const published = await t.sql(`select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'replication_pulses'`);
    expect(published).toHaveLength(1);
    const e = await failure(t.as(owner, `insert into replication_pulses (user_id, txid) values ($1, 1)`, [stranger]));
    expect(e.code).toBe('42501');
  });
});
