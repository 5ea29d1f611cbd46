/**
 * A minimal replication client for the SQL tests: what RxDB does with replication_pull and
 * replication_push, minus IndexedDB. A Device keeps, per collection, the documents it pulled
 * (deletions remove them) and its checkpoint — so a test can look at "what is on the phone".
 */
import type { Caller, TestDatabase } from './harness.ts';

export const COLLECTIONS = [
  'notebooks', 'questions', 'answers', 'notebook_shares', 'notebook_collaborators', 'invite_links',
  'profiles', 'user_settings', 'notifications', 'favorites', 'forbidden_words', 'guests', 'reports',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export type Doc = Record<string, unknown> & { id: string; _deleted: boolean };
export interface Checkpoint {
  xid: string;
  id: string;
}
export interface PullResult {
  documents: Doc[];
  checkpoint: Checkpoint | null;
  resync?: boolean;
}
export interface PushRow {
  newDocumentState: Record<string, unknown>;
  assumedMasterState: Record<string, unknown> | null;
}
export interface PushResult {
  conflicts: Doc[];
  rejected: { id: string; reason: string; code: string; message: string; details: unknown; document: Doc | null }[];
}

export async function pull(
  t: TestDatabase,
  caller: Caller,
  collection: Collection,
  checkpoint: Checkpoint | null,
  limit = 100,
): Promise<PullResult> {
  const [row] = await t.as<{ r: PullResult }>(caller, `select replication_pull($1, $2::jsonb, $3) as r`, [
    collection,
    checkpoint ? JSON.stringify(checkpoint) : null,
    limit,
  ]);
  return row.r;
}

export async function push(t: TestDatabase, caller: Caller, collection: Collection, rows: PushRow[]): Promise<PushResult> {
  const [row] = await t.as<{ r: PushResult }>(caller, `select replication_push($1, $2::jsonb) as r`, [
    collection,
    JSON.stringify(rows),
  ]);
  return row.r;
}

/** One person's device: a local copy of every collection, kept up to date by pulling. */
export class Device {
  readonly store = new Map<Collection, Map<string, Doc>>(COLLECTIONS.map((c) => [c, new Map()]));
  readonly checkpoints = new Map<Collection, Checkpoint | null>();
  /** Every document received, deletions included, in order. */
  readonly received: { collection: Collection; doc: Doc }[] = [];

  constructor(
    readonly t: TestDatabase,
    readonly userId: string,
    readonly batchSize = 100,
  ) {}

  /** Pulls one collection until it is up to date; returns the number of documents received. */
  async sync(collection: Collection): Promise<number> {
    let received = 0;
    for (;;) {
      const result = await pull(this.t, this.userId, collection, this.checkpoints.get(collection) ?? null, this.batchSize);
      if (result.resync) {
        this.store.get(collection)!.clear();
        this.checkpoints.set(collection, null);
        continue;
      }
      for (const doc of result.documents) {
        this.received.push({ collection, doc });
        if (doc._deleted) this.store.get(collection)!.delete(doc.id);
        else this.store.get(collection)!.set(doc.id, doc);
      }
      received += result.documents.length;
      this.checkpoints.set(collection, result.checkpoint);
      if (result.documents.length < this.batchSize) return received;
    }
  }

  async syncAll(): Promise<void> {
    for (const c of COLLECTIONS) await this.sync(c);
  }

  docs(collection: Collection): Doc[] {
    return [...this.store.get(collection)!.values()];
  }

  ids(collection: Collection): string[] {
    return this.docs(collection).map((d) => d.id).sort();
  }

  /**
   * Everything the device ever received, deletions included, as one string: what a scan of
   * IndexedDB could find (RxDB keeps deleted documents until its cleanup runs).
   */
  dump(): string {
    return JSON.stringify(this.received);
  }
}
