import { Plural, useLingui } from '@lingui/react/macro';
import { useSyncStatusStore } from '../state/sync-status.ts';
import * as s from './overlays.css.ts';

/**
 * A small, always-visible note while some of this device's writes have not reached the server
 * (offline at school, a flaky connection at a party). It disappears once they are all synced.
 */
export function PendingWritesIndicator() {
  const { t } = useLingui();
  const pending = useSyncStatusStore((st) => st.pendingCount);
  const syncing = useSyncStatusStore((st) => st.syncing);
  if (pending === 0) return null;
  return (
    <div className={s.pendingPill} role="status" aria-label={t`Sincronização`} data-testid="pending-writes">
      <span aria-hidden="true" className={syncing ? s.pendingDotBusy : s.pendingDot} />
      <Plural value={pending} one="# alteração aguardando envio" other="# alterações aguardando envio" />
    </div>
  );
}
