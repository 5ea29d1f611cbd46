/**
 * Live updates of the online-only screens (the pattern: src/data/online/live.ts). The one place
 * that maps the data layer's notices to TanStack Query's keys: a notice marks the queries that
 * show the changed thing stale and refetches the open ones; a (re)join does the same, since
 * notices sent while the socket was down were missed. A new area adds its hook here.
 */
import { useEffect, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Observable } from 'rxjs';
import { profileChanges, type LiveSignal } from '../../data/online/live.ts';
import { onlineKeys } from './query-client.ts';

/** Keeps `keys` fresh while the screen is open, from the notices of `signals` (null: none yet). */
function useLiveKeys(signals: (() => Observable<LiveSignal>) | null, keys: readonly QueryKey[], deps: readonly unknown[]): void {
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

/**
 * The profile at /profile/{username}, live: its changes (status, name, avatar, visibility…) and a
 * block between its owner and me show without a reload. `profileId` is the last id the screen
 * showed: once the profile reads as not found (a block) it stays subscribed, so an unblock brings
 * it back.
 */
export function useLiveProfile(username: string, profileId: string | undefined): void {
  const id = useLastDefined(profileId);
  useLiveKeys(id ? () => profileChanges(id) : null, id ? [onlineKeys.profile(username), onlineKeys.mySettings(id)] : [], [id, username]);
}

function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  useEffect(() => {
    if (value !== undefined) setLast(value);
  }, [value]);
  return value ?? last;
}

/**
 * My own settings and age/guardian state, live: the guardian's confirmation shows without a reload
 * (the "waiting for your guardian" note goes, the looser choices open, the connections show
 * friends). It reaches me as a notice of my own profile: confirm_guardian opens a pending minor's
 * connections to friends (they are always 'private' while the guardian is awaited:
 * private.keep_safest_settings), and that change of the profile is noticed.
 */
export function useLiveMySettings(userId: string): void {
  useLiveKeys(() => profileChanges(userId), [onlineKeys.mySettings(userId), onlineKeys.mySafety(userId)], [userId]);
}
