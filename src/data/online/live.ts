/**
 * Live updates of online-only data (issue 22, the pattern the next online-only areas copy).
 *
 * A change on the server reaches open screens as a NOTICE, never as data: a row of a `*_notices`
 * table ("profile <id> changed", migration 20261124120300_live_updates.sql) that Realtime hands
 * to each subscriber its RLS lets hear it. The screen then refetches through the same RPC it read
 * with, which applies the reach rules: nothing private travels over the socket.
 *
 * The observables here emit
 *   - 'changed'  a notice arrived: what the screen shows is out of date;
 *   - 'resumed'  the channel joined or joined again after the socket came back: notices sent
 *                meanwhile were missed, so what is open should be read again.
 * Offline, realtime-js keeps retrying in the background and nothing is emitted. The screens bind
 * them to TanStack Query's keys (src/screens/online/live.ts).
 */
import { Observable } from 'rxjs';
import { getSupabase } from '../supabase.ts';

export type LiveSignal = 'changed' | 'resumed';

let channelCount = 0;

/** Notices of one row of a notice table, e.g. `liveNotices('profile_notices', 'profile_id', id)`. */
export function liveNotices(table: string, column: string, id: string): Observable<LiveSignal> {
  return new Observable<LiveSignal>((subscriber) => {
    const client = getSupabase();
    // one channel per subscription: two screens of the same profile leave independently
    const channel = client
      .channel(`live:${table}:${id}:${++channelCount}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table, filter: `${column}=eq.${id}` }, () => subscriber.next('changed'))
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') subscriber.next('resumed');
      });
    return () => void client.removeChannel(channel).catch(() => undefined);
  });
}

/** A profile changed (anything profile_view shows), or a block between its owner and me did. */
export function profileChanges(profileId: string): Observable<LiveSignal> {
  return liveNotices('profile_notices', 'profile_id', profileId);
}

/** A profile's guestbook changed (a message approved or removed; for its owner, one waiting). Issue 32. */
export function guestbookChanges(profileId: string): Observable<LiveSignal> {
  return liveNotices('guestbook_notices', 'profile_id', profileId);
}

/** A profile's poll changed (a vote, an edit, a new poll, an end). Issue 32. */
export function pollChanges(profileId: string): Observable<LiveSignal> {
  return liveNotices('poll_notices', 'profile_id', profileId);
}
