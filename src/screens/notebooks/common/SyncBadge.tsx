import { Trans } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';
import { documentSyncState, useSyncStatusStore } from '../../../state/sync-status.ts';
import * as css from './common.css.ts';

/**
 * "Waiting to sync" next to an item written on this device that the server has not acknowledged
 * yet (offline is normal, not an error). Nothing is shown once it is synced; a refused write is
 * shown where the item is by the screen itself, with its reason and fix/discard.
 */
export function SyncBadge({ collection, id }: { collection: string; id: string }) {
  const state = useSyncStatusStore((s) => documentSyncState(s, collection, id).state);
  if (state !== 'pending') return null;
  return (
    <span className={css.pendingBadge} data-testid="sync-pending">
      <Icon name="hourglass" /> <Trans>Aguardando sincronização</Trans>
    </span>
  );
}
