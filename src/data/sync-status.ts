/**
 * How the local data stands with the server, as the data layer tells it (ARCHITECTURE S8):
 * the shape `syncStatus$` (replication/status.ts) emits. The UI keeps its own copy
 * (src/state/sync-status.ts) for the offline banner, pending badges and the list of refused
 * writes. No runtime imports here: the UI's first chunk reads these types and the initial status
 * without loading RxJS or the database.
 *
 * A refusal is a code and its parameters (src/data/problems.ts), never a sentence.
 *
 * A document is `synced` unless it is listed in `documents`: `pending` (written here, not yet
 * acknowledged by the server) or `rejected` (the server refused it; the person can fix or
 * discard it, see `rejections`).
 */
import type { ServerRefusalCode } from './problems.ts';

export type DocumentSyncState =
  | { state: 'pending' }
  | { state: 'rejected'; reason: ServerRefusalCode };

/** A write the server refused, with what was typed, so nothing is lost silently. */
export interface RejectedWrite {
  /** `<collection>/<document id>`. */
  key: string;
  collection: string;
  id: string;
  /** The server's reason code (src/data/problems.ts); each screen area has the words for it. */
  reason: ServerRefusalCode;
  /** The forbidden words found, when that is the reason. */
  words: string[];
  /** insert, update or delete: what was attempted. */
  operation: 'insert' | 'update' | 'delete';
  /** An update that changed an answer's moderation (approve, reject), not its words. */
  moderation: boolean;
  /** The document as this device tried to write it. */
  attempted: Record<string, unknown>;
  at: number;
}

export interface SyncStatus {
  /** The browser's network state (navigator.onLine and the online/offline events). */
  online: boolean;
  /** A pull or push is under way. */
  syncing: boolean;
  /** When the device last finished a round with the server (ms since epoch), null if never. */
  lastSyncedAt: number | null;
  /** Local writes the server has not acknowledged yet. */
  pendingCount: number;
  /** Per document (`<collection>/<id>`): pending or rejected; absent means synced. */
  documents: Record<string, DocumentSyncState>;
  rejections: RejectedWrite[];
  /** The last error of a whole request (network, server), cleared by the next success. */
  lastError: string | null;
}

export const INITIAL_SYNC_STATUS: SyncStatus = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  lastSyncedAt: null,
  pendingCount: 0,
  documents: {},
  rejections: [],
  lastError: null,
};

/** The sync state of one document, for a badge: synced, pending or rejected. */
export function documentSyncState(status: Pick<SyncStatus, 'documents'>, collection: string, id: string): DocumentSyncState | { state: 'synced' } {
  return status.documents[`${collection}/${id}`] ?? { state: 'synced' };
}
