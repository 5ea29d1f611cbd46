/**
 * A page of a first sync written straight into IndexedDB (first-sync-store.ts) behaves as a write
 * through RxDB would: what the person wrote meanwhile is kept, a row that comes again replaces its
 * earlier copy, and live queries — in this tab and in another — see the page.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxDocumentData } from 'rxdb';
import { filter, firstValueFrom, ReplaySubject, type Observable, type Subscription } from 'rxjs';
import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase, type OpenDatabase } from '../db.ts';
import { COLLECTIONS } from '../schemas/index.ts';
import { storageUnderRxDB, storeFirstSyncPage, writesStraightToDexie } from './first-sync-store.ts';

const OWNER = '6f1c2a3e-0000-4000-8000-0000000000aa';
const FIRST_SYNC_LWT = 1;
const id = (n: number) => `6f1c2a3e-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Notebooks = OpenDatabase<'notebooks'>;
const opened: { close(): Promise<unknown> }[] = [];
const subscriptions: Subscription[] = [];
afterEach(async () => {
  subscriptions.splice(0).forEach((subscription) => subscription.unsubscribe());
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

/** The app's database: RxDB's Dexie storage, written straight into IndexedDB. */
async function open(indexedDB = new IDBFactory(), multiInstance = false): Promise<Notebooks> {
  const db = await openDatabase({ name: 'first-sync-store', indexedDB, IDBKeyRange, collections: ['notebooks'], devMode: true, multiInstance, simulateTabs: multiInstance });
  opened.push(db);
  return db;
}

let inMemory = 0;
/** Any other RxDB storage (here the in-memory one): written through its own bulkWrite. */
async function openInMemory(): Promise<Notebooks> {
  const db = await createRxDatabase({ name: `first-sync-store-memory-${++inMemory}`, storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }), multiInstance: false });
  await db.addCollections({ notebooks: { schema: COLLECTIONS.notebooks.schema, migrationStrategies: COLLECTIONS.notebooks.migrationStrategies } });
  opened.push(db);
  return db as unknown as Notebooks;
}

const storages = [
  ['Dexie (IndexedDB)', () => open()],
  ['another storage', openInMemory],
] as const;

/** A notebook as the first sync stores it (last-write time 1, before any local write). */
function fromServer(n: number, title: string): RxDocumentData<{ id: string; user_id: string; title: string; server_rev: number }> {
  return { id: id(n), user_id: OWNER, title, server_rev: 1, _deleted: false, _rev: '1-firstsync', _meta: { lwt: FIRST_SYNC_LWT }, _attachments: {} };
}

const titles = async (db: Notebooks) =>
  Object.fromEntries((await db.collections.notebooks.find().exec()).map((doc) => [doc.id, doc.title]));

/**
 * A live query kept subscribed from before the write: `until(predicate)` waits for a result that
 * matches. Without the page's change events it would keep showing what it had (and time out).
 */
function live<T>(results$: Observable<T>): { until(predicate: (result: T) => boolean): Promise<T> } {
  const latest = new ReplaySubject<T>(1);
  subscriptions.push(results$.subscribe(latest));
  return { until: (predicate) => firstValueFrom(latest.pipe(filter(predicate))) };
}

describe.each(storages)('on %s', (_storage, openStorage) => {
  test('a row the person wrote here while the page was on its way keeps the person’s version; the others are stored and shown', async () => {
    const db = await openStorage();
    await db.collections.notebooks.insert({ id: id(1), user_id: OWNER, title: 'Escrito aqui', server_rev: 0 } as never);
    const shown = live(db.collections.notebooks.find().$);
    await shown.until((docs) => docs.length === 1);

    const written = await storeFirstSyncPage(
      storageUnderRxDB(db.collections.notebooks),
      [fromServer(1, 'Do servidor'), fromServer(2, 'Segundo'), fromServer(3, 'Terceiro')],
      FIRST_SYNC_LWT,
      'test-first-sync',
    );

    expect(written.keptLocal).toBe(1);
    expect(await titles(db)).toEqual({ [id(1)]: 'Escrito aqui', [id(2)]: 'Segundo', [id(3)]: 'Terceiro' });
    const onScreen = await shown.until((docs) => docs.length === 3);
    expect(onScreen.map((doc) => doc.title).sort()).toEqual(['Escrito aqui', 'Segundo', 'Terceiro']);
  });

  test('a row that comes again later in the same first sync (changed on the server meanwhile) replaces its earlier copy', async () => {
    const db = await openStorage();
    const storage = storageUnderRxDB(db.collections.notebooks);
    await storeFirstSyncPage(storage, [fromServer(1, 'Primeira versão'), fromServer(2, 'Outro')], FIRST_SYNC_LWT, 'test-first-sync');
    const shown = live(db.collections.notebooks.findOne(id(1)).$);
    await shown.until((doc) => doc?.title === 'Primeira versão');

    const written = await storeFirstSyncPage(storage, [fromServer(1, 'Versão nova')], FIRST_SYNC_LWT, 'test-first-sync');

    expect(written.keptLocal).toBe(0);
    expect(await titles(db)).toEqual({ [id(1)]: 'Versão nova', [id(2)]: 'Outro' });
    await shown.until((doc) => doc?.title === 'Versão nova');
  });
});

test('the app’s database takes the fast path (an RxDB upgrade that changes its Dexie storage shows here)', async () => {
  const db = await open();
  expect(writesStraightToDexie(storageUnderRxDB(db.collections.notebooks))).toBe(true);
  const other = await openInMemory();
  expect(writesStraightToDexie(storageUnderRxDB(other.collections.notebooks))).toBe(false);
});

test('another tab of the same database sees the page', async () => {
  const indexedDB = new IDBFactory();
  const replicating = await open(indexedDB, true);
  const otherTab = await open(indexedDB, true);
  const shown = live(otherTab.collections.notebooks.find().$);
  await shown.until((docs) => docs.length === 0);

  await storeFirstSyncPage(storageUnderRxDB(replicating.collections.notebooks), [fromServer(1, 'Um'), fromServer(2, 'Dois')], FIRST_SYNC_LWT, 'test-first-sync');

  const onScreen = await shown.until((docs) => docs.length === 2);
  expect(onScreen.map((doc) => doc.title).sort()).toEqual(['Dois', 'Um']);
});
