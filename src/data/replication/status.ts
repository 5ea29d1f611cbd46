/**
 * `syncStatus$`: how the local data stands with the server, for whoever listens (the UI binds it
 * to its store, src/state/sync-status.ts). Fed from the ledger of the open data layer — which
 * every tab shares through the local database — and from the browser's online/offline events;
 * back to the initial status (keeping `online`) when that layer closes.
 */
import { BehaviorSubject, combineLatest, type Observable } from 'rxjs';
import { INITIAL_SYNC_STATUS, type DocumentSyncState, type SyncStatus } from '../sync-status.ts';
import type { SyncLedger } from './ledger.ts';

const status = new BehaviorSubject<SyncStatus>({ ...INITIAL_SYNC_STATUS });

/** The current status at once, then every change. */
export const syncStatus$: Observable<SyncStatus> = status.asObservable();

function update(change: Partial<SyncStatus>): void {
  status.next({ ...status.getValue(), ...change });
}

/** Publishes one data layer's status on `syncStatus$` until the returned function is called. */
export function publishSyncStatus(
  ledger: SyncLedger,
  networkEvents: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window,
): () => void {
  const setOnline = () => update({ online: true });
  const setOffline = () => update({ online: false });
  networkEvents?.addEventListener('online', setOnline);
  networkEvents?.addEventListener('offline', setOffline);
  const subscription = combineLatest([ledger.pending$(), ledger.rejections$(), ledger.progress$()]).subscribe(
    ([pending, rejections, progress]) => {
      const documents: Record<string, DocumentSyncState> = {};
      for (const key of Object.keys(pending)) documents[key] = { state: 'pending' };
      for (const [key, rejection] of Object.entries(rejections)) {
        documents[key] = { state: 'rejected', reason: rejection.reason };
      }
      update({
        documents,
        pendingCount: Object.keys(pending).length,
        rejections: Object.values(rejections).sort((a, b) => a.at - b.at),
        syncing: progress.syncing,
        lastSyncedAt: progress.lastSyncedAt,
        lastError: progress.lastError,
      });
    },
  );
  return () => {
    subscription.unsubscribe();
    networkEvents?.removeEventListener('online', setOnline);
    networkEvents?.removeEventListener('offline', setOffline);
    status.next({ ...INITIAL_SYNC_STATUS, online: status.getValue().online });
  };
}
