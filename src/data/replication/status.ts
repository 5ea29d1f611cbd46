/**
 * Feeds the sync-status store (src/state/sync-status.ts) from the ledger, which every tab shares
 * through the local database, and from the browser's online/offline events.
 */
import { combineLatest, type Subscription } from 'rxjs';
import { INITIAL_SYNC_STATUS, useSyncStatusStore, type DocumentSyncState } from '../../state/sync-status.ts';
import type { SyncLedger } from './ledger.ts';

export function bindSyncStatus(
  ledger: SyncLedger,
  networkEvents: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window,
): () => void {
  const setOnline = () => useSyncStatusStore.setState({ online: true });
  const setOffline = () => useSyncStatusStore.setState({ online: false });
  networkEvents?.addEventListener('online', setOnline);
  networkEvents?.addEventListener('offline', setOffline);
  const subscription: Subscription = combineLatest([ledger.pending$(), ledger.rejections$(), ledger.progress$()]).subscribe(
    ([pending, rejections, progress]) => {
      const documents: Record<string, DocumentSyncState> = {};
      for (const key of Object.keys(pending)) documents[key] = { state: 'pending' };
      for (const [key, rejection] of Object.entries(rejections)) {
        documents[key] = { state: 'rejected', reason: rejection.reason, message: rejection.message };
      }
      useSyncStatusStore.setState({
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
    useSyncStatusStore.setState({ ...INITIAL_SYNC_STATUS, online: useSyncStatusStore.getState().online });
  };
}
