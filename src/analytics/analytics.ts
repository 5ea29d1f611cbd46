import { useConsentStore, type CookiePreferences } from '../state/consent.ts';
// Types only: the list of events, its checks and the sending load after consent (consented.ts),
// off the landing's critical path.
import type { QueuedEvent } from './sender.ts';
import { analyticsState } from './queue.ts';

export { track, trackException } from './queue.ts';

/**
 * The one module every analytics event goes through (spec §3, §7, §9; issue 36). It is in the
 * landing's entry, so it holds only the queue and the consent gate; everything that waits, loads
 * and sends is in consented.ts, imported only once a person has consented to analytics.
 * - Nothing is sent, no transport is loaded and nothing is stored without analytics consent;
 *   uncaught errors are counted only from when consented.ts runs.
 * - With consent, the transport loads after 3 s or at the first click, scroll, keydown or
 *   mousemove, whichever comes first; events tracked before that are queued and then sent.
 * - Events go in batches (sender.ts: every 2 s, and when the page is hidden); made offline, they
 *   wait in memory for the connection (at most 100, none older than 7 days) — never blocking.
 * - Refusing or withdrawing consent deletes the queue (here) and stops sending and forgets the
 *   day's visitor value (consented.ts).
 * - Each event keeps only the parameters src/analytics/events.ts allows, with allowed values
 *   (toWireEvent, run by sender.ts on every event sent): whatever else a call site passes is
 *   dropped before anything leaves the device; a page view's address becomes its route pattern.
 */

/** Events waiting to be sent (tests). */
export function queuedAnalyticsEvents(): readonly QueuedEvent[] {
  return analyticsState.queue;
}

/**
 * Starts watching consent. Call once at app start. Returns a stop function.
 */
export function startAnalytics(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let stopConsented: (() => void) | undefined;
  let stopped = false;
  let starting: Promise<void> | undefined;
  const apply = (choice: CookiePreferences | null) => {
    analyticsState.allowed = choice?.analytics === true;
    if (choice && !analyticsState.allowed) analyticsState.queue = [];
    if (analyticsState.allowed)
      starting ??= import('./consented.ts').then(({ startConsented }) => {
        if (!stopped) stopConsented = startConsented(target);
      });
  };
  apply(useConsentStore.getState().choice);
  const unsubscribe = useConsentStore.subscribe((s) => apply(s.choice));
  return () => {
    stopped = true;
    unsubscribe();
    stopConsented?.();
  };
}
