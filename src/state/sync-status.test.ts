import { Subject } from 'rxjs';
import { afterEach, describe, expect, test } from 'vitest';
import { INITIAL_SYNC_STATUS, followSyncStatus, useSyncStatusStore, type SyncStatusState } from './sync-status.ts';

afterEach(() => useSyncStatusStore.setState({ ...INITIAL_SYNC_STATUS }));

describe('the sync-status store follows the data layer', () => {
  test('what syncStatus$ emits is what screens read, until the binding stops', () => {
    const source = new Subject<SyncStatusState>();
    const stop = followSyncStatus(source);
    source.next({ ...INITIAL_SYNC_STATUS, pendingCount: 2, documents: { 'notebooks/n1': { state: 'pending' } } });
    expect(useSyncStatusStore.getState().pendingCount).toBe(2);
    expect(useSyncStatusStore.getState().documents['notebooks/n1']).toEqual({ state: 'pending' });

    stop();
    source.next({ ...INITIAL_SYNC_STATUS, pendingCount: 5 });
    expect(useSyncStatusStore.getState().pendingCount).toBe(2);
  });
});
