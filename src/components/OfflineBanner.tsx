import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import * as s from './overlays.css.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** Shows while the device is offline; the app keeps working from local data. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={s.offlineBanner} role="status" data-testid="offline-banner">
      <Trans>Você está sem internet. Tudo o que fizer fica salvo neste aparelho e será enviado quando a conexão voltar.</Trans>
    </div>
  );
}
