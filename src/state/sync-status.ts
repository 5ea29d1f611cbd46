import type { Observable } from 'rxjs';
import { create } from 'zustand';
import { INITIAL_SYNC_STATUS, type SyncStatus } from '../data/sync-status.ts';

/**
 * How the local data stands with the server, for the offline banner, pending badges and the
 * list of refused writes (ARCHITECTURE S8): the UI's copy of the data layer's `syncStatus$`
 * (src/data/replication/status.ts), bound by followSyncStatus when the data layer loads, and
 * read by screens. The shapes are the data layer's (src/data/sync-status.ts).
 */
export {
  INITIAL_SYNC_STATUS,
  documentSyncState,
  type DocumentSyncState,
  type RejectedWrite,
  type SyncStatus as SyncStatusState,
} from '../data/sync-status.ts';

export const useSyncStatusStore = create<SyncStatus>(() => ({ ...INITIAL_SYNC_STATUS }));

/** Keeps the store in step with the data layer's status; returns the function that stops it. */
export function followSyncStatus(source: Observable<SyncStatus>): () => void {
  const subscription = source.subscribe((status) => useSyncStatusStore.setState(status));
  return () => subscription.unsubscribe();
}
