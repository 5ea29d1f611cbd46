import { Plural, Trans } from '@lingui/react/macro';
import { useSyncStatusStore } from '../../state/sync-status.ts';
import { Icon } from '../Icon.tsx';
import { visuallyHidden } from '../ui.css.ts';
import { useOnline } from './useOnline.ts';
import * as s from './frame.css.ts';

/**
 * The connection's state in one short line under the screen's name: offline, and how many of this
 * device's writes wait for the server (offline at school, a flaky connection at a party). Part of
 * the top bar, so it never covers what the person is typing and never pushes the page down. On an
 * online-only screen nothing is kept for later: offline it says only that (issue 22's plain "you
 * are offline"), without the promise that what is done will be sent.
 */
export function FrameStatus({ onlineOnly = false }: { onlineOnly?: boolean }) {
  const online = useOnline();
  const pending = useSyncStatusStore((st) => st.pendingCount);
  const syncing = useSyncStatusStore((st) => st.syncing);
  return (
    <p className={s.status} role="status" data-testid="frame-status">
      {!online && (
        <span className={s.statusPart} data-testid="offline-status">
          <Icon name="wifi-off" />
          <Trans>Sem internet</Trans>
          {!onlineOnly && (
            <span className={visuallyHidden}>
              {' '}
              <Trans>Tudo o que fizer fica salvo neste aparelho e será enviado quando a conexão voltar.</Trans>
            </span>
          )}
        </span>
      )}
      {pending > 0 && (
        <span className={online ? s.statusPart : s.statusCount} data-testid="pending-writes">
          {online ? (
            <span aria-hidden="true" className={syncing ? s.pendingDotBusy : s.pendingDot} />
          ) : (
            // Offline, the line has room for a number only: an upload icon and how many.
            <>
              <Icon name="cloud-up" />
              <span aria-hidden="true">{pending}</span>
            </>
          )}
          <span className={online ? undefined : visuallyHidden}>
            <Plural value={pending} one="# alteração aguardando envio" other="# alterações aguardando envio" />
          </span>
        </span>
      )}
    </p>
  );
}
