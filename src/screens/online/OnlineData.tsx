import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useOnline } from '../../components/frame/useOnline.ts';
import { useSessionStore } from '../../state/session.ts';
import { followSessionOwner, getQueryClient } from './query-client.ts';
import * as css from './online.css.ts';

/**
 * The provider of the online-only screens (the pattern: query-client.ts). Each such screen wraps
 * itself in it, so TanStack Query loads with the first of them and never with the landing.
 */
export function OnlineData({ children }: { children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  // whose copies the cache may hold is settled before any query starts: clearing the cache
  // under a running query would leave its screen waiting forever
  const [settledFor, setSettledFor] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (status === 'loading') return;
    let current = true;
    void followSessionOwner(userId).then(() => current && setSettledFor(userId));
    return () => {
      current = false;
    };
  }, [status, userId]);
  return (
    <QueryClientProvider client={getQueryClient()}>
      {status !== 'loading' && settledFor === userId ? children : <PageSkeleton />}
    </QueryClientProvider>
  );
}

/**
 * "You are offline" next to an action that needs the network: shown only while offline. The
 * action itself is disabled meanwhile (`useOnline()`), so nothing is tried and lost.
 */
export function OfflineNote({ children }: { children?: ReactNode }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className={css.offlineNote} role="status">
      {children ?? <Trans>Você está sem internet. Conecte-se para salvar.</Trans>}
    </p>
  );
}

/**
 * Shown over a result read from the device's copy while offline. `children`: what cannot be done
 * meanwhile, said in the same note (two notes that both begin "you are offline" read as a glitch).
 */
export function OfflineCopyNote({ updatedAt, children }: { updatedAt: number; children?: ReactNode }) {
  const online = useOnline();
  if (online || (!updatedAt && !children)) return null;
  return (
    <p className={css.offlineNote} role="status">
      {updatedAt ? <Trans>Você está sem internet: isto é o que o aparelho guardou da última vez.</Trans> : <Trans>Você está sem internet.</Trans>}
      {children ? <> {children}</> : null}
    </p>
  );
}
