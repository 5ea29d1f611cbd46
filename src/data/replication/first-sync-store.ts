/**
 * Writes one page of a first sync into the collection's IndexedDB table, under RxDB's storage.
 *
 * RxDB's Dexie storage reads every document of a write before writing it (to detect conflicts)
 * and rewrites each document's keys for Dexie before putting it. For a page of a first sync the
 * table holds almost nothing, so that is work for nothing (initial sync −14 %, README). Here the
 * page is *added* (IndexedDB refuses a key already there, atomically, in the same transaction),
 * and only the few refused rows are read:
 *
 *   - written on this device meanwhile (a local write carries the time of day as its last-write
 *     time): that write stays and is pushed, as RxDB's own 409 conflict would keep it;
 *   - stored by an earlier page of this first sync (the row changed on the server during the pass,
 *     so it comes again, later in the order): the newer one replaces it.
 *
 * The change events are then emitted on the storage's own stream, exactly as its bulkWrite emits
 * them, so live queries, the collection's document cache and other tabs see the page.
 *
 * Only RxDB's Dexie storage is written this way; any other storage gets a plain bulkWrite.
 */
import { createRevision, getHeightOfRevision, parseRevision, type EventBulk, type RxCollection, type RxDocumentData, type RxStorageChangeEvent, type RxStorageInstance } from 'rxdb';
import { fromDexieToStorage, RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import type { Subject } from 'rxjs';
import type { ReplicatedDocument } from './conflicts.ts';

type Doc = RxDocumentData<ReplicatedDocument>;
/** A collection's storage, whatever the collection: rows by field name. */
export type RowStorage = RxStorageInstance<ReplicatedDocument, unknown, unknown>;
type ChangeEvent = RxStorageChangeEvent<Doc>;
type Checkpoint = { id: string; lwt: number };

export interface PageWritten {
  /** Rows not stored because this device wrote them meanwhile (its write is kept). */
  keptLocal: number;
}

/** Dexie's BulkError (of RxDB's own copy of Dexie, so matched by shape). */
interface BulkError {
  name: 'BulkError';
  failuresByPos: Record<number, { name?: string }>;
}

let bulks = 0;

/**
 * Stores `docs` (complete RxDB documents, not deleted, each with `_meta.lwt` = `firstSyncLwt`).
 * `storage` is the collection's storage under RxDB's wrapper (storageUnderRxDB).
 */
export async function storeFirstSyncPage(
  storage: RowStorage,
  docs: Doc[],
  firstSyncLwt: number,
  context: string,
): Promise<PageWritten> {
  const dexie = dexieInstanceUnder(storage);
  if (!dexie) return viaBulkWrite(storage, docs, firstSyncLwt, context);
  const state = await dexie.internals;
  if (state.booleanIndexes.some((field) => field.includes('.'))) return viaBulkWrite(storage, docs, firstSyncLwt, context);
  const forDexie = dexieRecord(state.booleanIndexes);
  if (dexie.closed) throw new Error('first sync: the local database was closed');

  const events: ChangeEvent[] = [];
  let keptLocal = 0;
  await state.dexieDb.transaction('rw', state.dexieTable, async () => {
    const refused = await addAll(state.dexieTable, docs, forDexie);
    const present = refused.length > 0 ? await state.dexieTable.bulkGet(refused.map((doc) => doc.id)) : [];
    const replacing: Doc[] = [];
    refused.forEach((doc, i) => {
      const stored = present[i] as Doc;
      if (stored._meta.lwt !== firstSyncLwt) {
        keptLocal += 1;
        return;
      }
      const previous = fromDexieToStorage(state.booleanIndexes, stored) as Doc;
      const replacement = nextRevisionOf(doc, previous);
      replacing.push(replacement);
      events.push({ documentId: doc.id, operation: 'UPDATE', documentData: replacement, previousDocumentData: previous });
    });
    if (replacing.length > 0) await state.dexieTable.bulkPut(replacing.map(forDexie));
    const refusedIds = new Set(refused.map((doc) => doc.id));
    for (const doc of docs) {
      if (!refusedIds.has(doc.id)) events.push({ documentId: doc.id, operation: 'INSERT', documentData: doc, previousDocumentData: undefined });
    }
  });
  emit(dexie, events, context);
  return { keptLocal };
}

/** bulkAdd; the rows IndexedDB refused because their key is there (the rest are written). */
async function addAll(table: { bulkAdd(docs: unknown[]): Promise<unknown> }, docs: Doc[], forDexie: (doc: Doc) => unknown): Promise<Doc[]> {
  try {
    await table.bulkAdd(docs.map(forDexie));
    return [];
  } catch (error) {
    // Caught inside the transaction: the added rows stay, the transaction commits.
    if (!isBulkError(error)) throw error;
    const failures = Object.entries(error.failuresByPos);
    const other = failures.find(([, failure]) => failure.name !== 'ConstraintError');
    if (other) throw other[1];
    return failures.map(([position]) => docs[Number(position)]);
  }
}

function isBulkError(error: unknown): error is BulkError {
  return (error as { name?: string } | null)?.name === 'BulkError' && typeof (error as BulkError).failuresByPos === 'object';
}

/**
 * The newer copy of a row as the next revision of the stored one: RxDB's document cache keeps
 * a document it holds at the same revision, so a copy with the same `_rev` would not be shown.
 * `_meta.o` (RxDB's mark of a state written by the replication) follows the revision height.
 */
function nextRevisionOf(doc: Doc, stored: Doc): Doc {
  const rev = createRevision(parseRevision(doc._rev).hash, stored);
  const mark = (doc._meta as { o?: { _rev: number; hash: string } }).o;
  return { ...doc, _rev: rev, _meta: { ...doc._meta, ...(mark ? { o: { ...mark, _rev: getHeightOfRevision(rev) } } : {}) } };
}

/**
 * IndexedDB cannot index booleans: RxDB's Dexie table keeps every indexed boolean (`_deleted`
 * always) as '0' / '1' (its fromStorageToDexie, for the flat documents of our schemas).
 */
function dexieRecord(booleanIndexes: string[]): (doc: Doc) => Record<string, unknown> {
  return (doc) => {
    const record: Record<string, unknown> = { ...doc };
    for (const field of booleanIndexes) record[field] = doc[field] ? '1' : '0';
    return record;
  };
}

function emit(dexie: RxStorageInstanceDexie<unknown>, events: ChangeEvent[], context: string): void {
  if (events.length === 0) return;
  const last = events[events.length - 1].documentData;
  const bulk: EventBulk<ChangeEvent, Checkpoint> = {
    id: `${context}-${++bulks}-${Math.random().toString(36).slice(2)}`,
    events,
    checkpoint: { id: last.id, lwt: last._meta.lwt },
    context,
  };
  (dexie as unknown as { changes$: Subject<typeof bulk> }).changes$.next(bulk);
}

/** Any other storage: its own bulkWrite, then a second write for rows stored by an earlier page. */
async function viaBulkWrite(storage: RowStorage, docs: Doc[], firstSyncLwt: number, context: string): Promise<PageWritten> {
  const result = await storage.bulkWrite(docs.map((document) => ({ document })), context);
  const failed = result.error.filter((error) => error.status !== 409);
  if (failed.length > 0) throw new Error(`first sync: ${failed.length} documents not stored (${failed[0].status})`);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const again = result.error.flatMap((error) => {
    const stored = (error as { documentInDb?: Doc }).documentInDb;
    return stored && stored._meta.lwt === firstSyncLwt ? [{ previous: stored, document: nextRevisionOf(byId.get(error.documentId)!, stored) }] : [];
  });
  if (again.length > 0) {
    const replaced = await storage.bulkWrite(again, context);
    if (replaced.error.length > 0) throw new Error(`first sync: ${replaced.error.length} documents not replaced (${replaced.error[0].status})`);
  }
  // The other 409s: the person wrote these documents meanwhile; those writes stay and are pushed.
  return { keptLocal: result.error.length - again.length };
}

/** Whether pages go straight into IndexedDB (RxDB's Dexie storage) rather than through bulkWrite. */
export function writesStraightToDexie(storage: RowStorage): boolean {
  return dexieInstanceUnder(storage) !== null;
}

/** RxDB's Dexie storage instance under its wrappers (dev-mode validation), if that is the storage. */
function dexieInstanceUnder(storage: RowStorage): RxStorageInstanceDexie<unknown> | null {
  let instance: unknown = storage;
  for (let depth = 0; instance && depth < 5; depth++) {
    if (instance instanceof RxStorageInstanceDexie) return instance;
    instance = (instance as { originalStorageInstance?: unknown }).originalStorageInstance;
  }
  return null;
}

/**
 * The collection's storage under RxDB's wrapper, which would stamp every written document with
 * the current time and drop `_meta.o`. Changes written here still reach queries and other tabs.
 */
export function storageUnderRxDB(collection: RxCollection): RowStorage {
  return collection.storageInstance.originalStorageInstance ?? collection.storageInstance;
}
