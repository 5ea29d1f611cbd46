/**
 * The first sync of a collection on this device, written straight into the local store.
 *
 * RxDB's replication stores every pulled document twice — the document, and in a store of its own
 * the state it assumes the server has (the base of the next push) — and reads both stores before
 * each write. On a device's first sync that is twice the IndexedDB work, for thousands of rows
 * nobody has touched. So while a collection is empty on this device, its rows are pulled page by
 * page (the next page asked for while the current one is stored) and written once each, straight
 * into IndexedDB under RxDB's storage (first-sync-store.ts: no read before the write; what the
 * person wrote meanwhile is kept; a row that comes again replaces its earlier copy):
 *
 *   - each document keeps what the server sent in `sync_base` (schemas/fields.ts): the base of
 *     its first push (conflicts.ts syncBaseOf), until RxDB keeps one of its own — after that
 *     push, or after the next pull of the row, which replaces the whole document;
 *   - each carries RxDB's own mark of a document written by this replication (`_meta.o`), so
 *     that a later pull updates it although RxDB holds no base for it;
 *   - its last-write time is the lowest RxDB knows, before any local write, and RxDB's push
 *     starts from there: the rows of the first sync are not pushed back, writes made meanwhile
 *     (the person can use the app during the first sync) are;
 *   - RxDB's pull starts from the server checkpoint of the last page.
 *
 * Deletions are dropped: this device never had those rows (S4, S5). When the server answers
 * "resync" (a purge moved its horizon) or a request fails, the fast path stops there and RxDB
 * pulls from scratch, replacing what was written (the documents carry the mark).
 */
import { getChangedDocumentsSince, type RxCollection } from 'rxdb';
import type { CollectionName } from '../schemas/index.ts';
import { fromServer, storedByFirstSync } from './documents.ts';
import { storageUnderRxDB, storeFirstSyncPage, type RowStorage } from './first-sync-store.ts';
import type { PullResponse, ReplicationTransport, ServerCheckpoint } from './transport.ts';

/** RxDB's lowest last-write time (RX_META_LWT_MINIMUM): before every local write. */
const FIRST_SYNC_LWT = 1;
/**
 * RxDB's push checkpoint past every first-sync document (ordered by last-write time, then id).
 * Not { lwt: 1, id: '\uffff' }: RxDB reads changes from `_meta.lwt >= checkpoint.lwt` and filters
 * the rest in JavaScript, so that one would walk through every first-sync document at each upstream
 * pass. Local writes carry the time of day (≫ 2) and stay after it.
 */
const PAST_FIRST_SYNC = { lwt: FIRST_SYNC_LWT + 1, id: '' } as const;
const WRITE_CONTEXT = 'cadernos-first-sync';

export interface FirstSyncOptions {
  name: CollectionName;
  collection: RxCollection;
  transport: ReplicationTransport;
  /** RxDB's replicationIdentifier of this collection's replication. */
  identifier: string;
  batchSize: number;
  /** The replication was cancelled (sign-out): stop between pages. */
  cancelled: () => boolean;
  onRequest?: (outcome: { ok: true } | { ok: false; error: unknown }) => void;
  onCheckpoint?: (checkpoint: ServerCheckpoint) => void;
}

/** Where RxDB's replication starts after a first sync. */
export interface StartingPoint {
  /** RxDB's pull: the server checkpoint of the last page (undefined: from scratch). */
  downstream: ServerCheckpoint | undefined;
  /** RxDB's push: past the documents of the first sync. */
  upstream: typeof PAST_FIRST_SYNC;
}

/** Runs the first sync when the collection is empty here; null when it is not (RxDB takes over as usual). */
export async function firstSync(options: FirstSyncOptions): Promise<StartingPoint | null> {
  const storage = storageUnderRxDB(options.collection);
  // Any document, even a deletion, means this collection has been synced here before.
  if ((await getChangedDocumentsSince(storage, 1)).documents.length > 0) return null;
  const start: StartingPoint = { downstream: undefined, upstream: PAST_FIRST_SYNC };
  const mark = {
    rev: `1-${options.collection.database.token}`,
    hash: await options.collection.database.hashFunction(`rxdbreplication${options.identifier}`),
  };
  try {
    start.downstream = await pullAll(options, storage, mark);
  } catch (error) {
    // A failed request (offline) is already reported through onRequest; a failed write is not.
    if (error instanceof NotStoredError) console.warn(`[data] first sync of ${options.name} stopped; the replication reads from scratch`, error);
  }
  return start;
}

/** Pulls and stores every page; returns the last checkpoint, or undefined when the server asked for a re-read. */
async function pullAll(options: FirstSyncOptions, storage: RowStorage, mark: { rev: string; hash: string }) {
  let next = request(options, null);
  let checkpoint: ServerCheckpoint | undefined;
  for (;;) {
    const response = await next;
    if (response.resync) return undefined;
    const full = response.documents.length >= options.batchSize;
    if (full && response.checkpoint) {
      next = request(options, response.checkpoint);
      next.catch(() => undefined); // awaited on the next turn; not unhandled if the loop stops first
    }
    await store(options, storage, mark, response);
    if (response.checkpoint) {
      checkpoint = response.checkpoint;
      options.onCheckpoint?.(checkpoint);
    }
    if (!full || !response.checkpoint || options.cancelled()) return checkpoint;
  }
}

async function request(options: FirstSyncOptions, from: ServerCheckpoint | null): Promise<PullResponse> {
  try {
    const response = await options.transport.pull(options.name, from, options.batchSize);
    options.onRequest?.({ ok: true });
    return response;
  } catch (error) {
    options.onRequest?.({ ok: false, error });
    throw error;
  }
}

async function store(
  options: FirstSyncOptions,
  storage: RowStorage,
  mark: { rev: string; hash: string },
  response: PullResponse,
): Promise<void> {
  const rows = response.documents
    .filter((doc) => !doc._deleted)
    .map((doc) => ({
      ...storedByFirstSync(options.name, fromServer(options.name, doc)),
      _deleted: false,
      _rev: mark.rev,
      _meta: { lwt: FIRST_SYNC_LWT, o: { _rev: 1, hash: mark.hash } },
      _attachments: {},
    }));
  if (rows.length === 0) return;
  try {
    await storeFirstSyncPage(storage, rows, FIRST_SYNC_LWT, WRITE_CONTEXT);
  } catch (error) {
    throw new NotStoredError(`first sync: page not stored (${String(error)})`, { cause: error });
  }
}

class NotStoredError extends Error {
  override name = 'NotStoredError';
}
