/**
 * Live updates of the online-only screens (the pattern: src/data/online/live.ts): a notice marks
 * the queries that show the changed thing stale and refetches the open ones; a (re)join does the
 * same, since notices sent while the socket was down were missed. Each area's hooks module
 * (./hooks/<area>.ts) says which notices refresh which of its keys.
 */
import { useEffect, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Observable } from 'rxjs';
import type { LiveSignal } from '../../data/online/live.ts';

/** Keeps `keys` fresh while the screen is open, from the notices of `signals` (null: none yet). */
export function useLiveKeys(signals: (() => Observable<LiveSignal>) | null, keys: readonly QueryKey[], deps: readonly unknown[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signals) return;
    const subscription = signals().subscribe((signal) => {
      for (const queryKey of keys) {
        // a join right after the screen's first read reuses that read; a notice always reads again
        void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: signal === 'changed' });
      }
    });
    return () => subscription.unsubscribe();
    // keys are derived from deps
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, signals === null, ...deps]);
}

/** The last value that was not undefined (a profile's id once it reads as not found). */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  useEffect(() => {
    if (value !== undefined) setLast(value);
  }, [value]);
  return value ?? last;
}
