/**
 * What the person should know about their writes, kept in the local database (RxDB local
 * documents, shared by every tab and surviving reloads):
 *
 *   sync-outbox      writes made on this device the server has not acknowledged (pending)
 *   sync-rejections  writes the server refused, with what was typed and why (S8)
 *   sync-progress    the replicating tab's last round: syncing, last synced, last error
 *
 * RxDB's own replication state is the durable outbox (S2): it pushes every local change whose
 * state differs from the server's, after a reload too. This ledger only tells the UI which
 * documents those are, and keeps refused writes so nothing typed is lost silently.
 */
import { Observable, filter, map, startWith, switchMap } from 'rxjs';
import type { RxDatabase } from 'rxdb';
import type { RejectedWrite } from '../sync-status.ts';
import type { CollectionName } from '../schemas/index.ts';

export interface PendingEntry {
  collection: CollectionName;
  id: string;
  /** For the sign-out warning: a notebook's title, the start of an answer … */
  label: string;
  kind: string;
  since: number;
}

export interface SyncProgress {
  syncing: boolean;
  lastSyncedAt: number | null;
  lastError: string | null;
}

type PendingMap = Record<string, PendingEntry>;
type RejectionMap = Record<string, RejectedWrite>;

const OUTBOX = 'sync-outbox';
const REJECTIONS = 'sync-rejections';
const PROGRESS = 'sync-progress';

export function documentKey(collection: string, id: string): string {
  return `${collection}/${id}`;
}

/** The database API this ledger uses (RxDB's local documents). */
type LocalDocumentsDatabase = Pick<RxDatabase, 'getLocal' | 'insertLocal' | 'eventBulks$'>;

export class SyncLedger {
  /** Writes of this tab go one after another; other tabs are handled by RxDB's conflict retry. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: LocalDocumentsDatabase) {}

  markPending(entries: PendingEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return this.modify<PendingMap>(OUTBOX, (pending) => {
      for (const entry of entries) pending[documentKey(entry.collection, entry.id)] = entry;
    });
  }

  /** The server has these writes (or they were resolved to its state): no longer pending. */
  settle(keys: string[]): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    return this.modify<PendingMap>(OUTBOX, (pending) => {
      for (const key of keys) delete pending[key];
    });
  }

  async reject(items: RejectedWrite[]): Promise<void> {
    if (items.length === 0) return;
    await this.modify<RejectionMap>(REJECTIONS, (rejections) => {
      for (const item of items) rejections[item.key] = item;
    });
    await this.settle(items.map((item) => item.key));
  }

  /** A later write of the same document went through: its old refusal no longer applies. */
  clearRejections(keys: string[]): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    return this.modify<RejectionMap>(REJECTIONS, (rejections) => {
      for (const key of keys) delete rejections[key];
    });
  }

  setProgress(progress: Partial<SyncProgress>): Promise<void> {
    return this.modify<SyncProgress>(PROGRESS, (current) => Object.assign(current, progress), {
      syncing: false,
      lastSyncedAt: null,
      lastError: null,
    });
  }

  async pending(): Promise<PendingMap> {
    return this.read<PendingMap>(OUTBOX, {});
  }

  async rejections(): Promise<RejectionMap> {
    return this.read<RejectionMap>(REJECTIONS, {});
  }

  pending$(): Observable<PendingMap> {
    return this.watch<PendingMap>(OUTBOX, {});
  }

  rejections$(): Observable<RejectionMap> {
    return this.watch<RejectionMap>(REJECTIONS, {});
  }

  progress$(): Observable<SyncProgress> {
    return this.watch<SyncProgress>(PROGRESS, { syncing: false, lastSyncedAt: null, lastError: null });
  }

  /** Resolves when every write queued so far is stored. */
  flush(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private async read<T>(id: string, empty: T): Promise<T> {
    await this.flush();
    const doc = await this.db.getLocal<{ value: T }>(id);
    return (doc?.get('value') as T | undefined) ?? empty;
  }

  /**
   * The value now, then after each change of it (here or in another tab). Not RxDB's getLocal$:
   * it runs two async steps for every change of every document of the database — 10,000 pending
   * promises per watcher while a first sync stores 10,000 rows, and rxjs pays for each one
   * settling in proportion to how many are pending. Here other changes are dropped at once.
   */
  private watch<T>(id: string, empty: T): Observable<T> {
    const changesOfThisDocument = this.db.eventBulks$.pipe(
      // Local documents of the database itself come in bulks of their own, with no collection.
      filter((bulk) => bulk.isLocal && !bulk.collectionName && bulk.events.some((event) => event.documentId === id)),
    );
    return changesOfThisDocument.pipe(
      startWith(null),
      switchMap(() => this.db.getLocal<{ value: T }>(id)),
      map((doc) => (doc?.get('value') as T | undefined) ?? empty),
    );
  }

  private modify<T extends object>(id: string, change: (value: T) => void, empty = {} as T): Promise<void> {
    const run = this.queue.then(() => this.modifyNow(id, change, empty));
    this.queue = run.catch((error) => console.error('[sync] could not update the sync ledger', error));
    return run;
  }

  private async modifyNow<T extends object>(id: string, change: (value: T) => void, empty: T): Promise<void> {
    for (;;) {
      const doc = await this.db.getLocal<{ value: T }>(id);
      if (doc) {
        await doc.incrementalModify((data) => {
          const value = structuredClone((data.value ?? empty) as T);
          change(value);
          return { value };
        });
        return;
      }
      const value = structuredClone(empty);
      change(value);
      try {
        await this.db.insertLocal(id, { value });
        return;
      } catch (error) {
        // Another tab created it first: modify theirs.
        if ((error as { status?: number }).status !== 409 && (error as { code?: string }).code !== 'LD7') throw error;
      }
    }
  }
}
