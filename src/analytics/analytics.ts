import { useConsentStore, type CookiePreferences } from '../state/consent.ts';
// Types only: the list of events, its checks and the sending (events.ts, sender.ts) load with the
// transport, after consent, off the landing's critical path.
import type { AnalyticsEventName, AnalyticsTransport, EventProps } from './events.ts';
import type { QueueAccess, QueuedEvent, Sender } from './sender.ts';

/**
 * The one module every analytics event goes through (spec §3, §7, §9; issue 36).
 * - Nothing is sent, no transport is loaded and nothing is stored without analytics consent.
 * - With consent, the transport loads after 3 s or at the first click, scroll, keydown or
 *   mousemove, whichever comes first; events tracked before that are queued and then sent.
 * - Events go in batches (sender.ts: every 2 s, and when the page is hidden); made offline, they
 *   wait in memory for the connection (at most 100, none older than 7 days) — never blocking.
 * - Withdrawing consent stops sending and deletes the queue and the day's visitor value.
 * - Each event keeps only the parameters src/analytics/events.ts allows, with allowed values
 *   (toWireEvent, run by sender.ts on every event sent): whatever else a call site passes is
 *   dropped before anything leaves the device; a page view's address becomes its route pattern.
 */
export const ANALYTICS_DELAY_MS = 3000;
export const ANALYTICS_TRIGGER_EVENTS = ['click', 'scroll', 'keydown', 'mousemove'] as const;
export const VISITOR_STORAGE_KEY = 'cadernos-analytics-visitor';
const MAX_QUEUE = 100;

type TransportLoader = () => Promise<AnalyticsTransport>;

const defaultLoader: TransportLoader = async () => {
  const { createBeaconTransport } = await import('./beacon-transport.ts');
  return createBeaconTransport(import.meta.env.VITE_ANALYTICS_ENDPOINT);
};

let loader: TransportLoader = defaultLoader;
let loading: Promise<void> | undefined;
let sender: Sender | undefined;
let queue: QueuedEvent[] = [];
let allowed = false;

const access: QueueAccess = {
  take: (count) => queue.slice(0, count),
  sent: (batch) => (queue = queue.filter((event) => !batch.includes(event))),
  size: () => queue.length,
  allowed: () => allowed,
  visitorKey: VISITOR_STORAGE_KEY,
};

export function track<N extends AnalyticsEventName>(name: N, props: EventProps<N> = {} as EventProps<N>): void {
  // After a refusal we keep nothing; before a choice, a short queue.
  if (useConsentStore.getState().choice?.analytics === false) return;
  queue = [...queue, { name, props: { ...(props as Record<string, unknown>) }, at: new Date().toISOString() }].slice(-MAX_QUEUE);
  if (allowed) sender?.wake();
}

/** A purchase (spec §3: currency BRL) — the seasonal store calls this once a purchase is confirmed. */
export function trackPurchase(purchase: { value_cents: number; item_category?: EventProps<'purchase'>['item_category'] }): void {
  track('purchase', { currency: 'BRL', value_cents: Math.round(purchase.value_cents), item_category: purchase.item_category });
}

/** An error, by its kind only (its message may quote what a person wrote); an unknown kind goes as 'other'. */
export function trackException(error: unknown, where: EventProps<'exception'>['where']): void {
  track('exception', { where, error: (error instanceof Error ? error.name : 'other') as EventProps<'exception'>['error'] });
}

/** Replace where events go (tests, another provider). Resets the loaded transport. */
export function setAnalyticsTransportLoader(next: TransportLoader): void {
  loader = next;
  sender?.stop();
  sender = undefined;
  loading = undefined;
}

export function isAnalyticsLoaded(): boolean {
  return sender !== undefined;
}

/** Events waiting to be sent (tests). */
export function queuedAnalyticsEvents(): readonly QueuedEvent[] {
  return queue;
}

function forgetVisitor(): void {
  try {
    localStorage.removeItem(VISITOR_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

function load(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): Promise<void> {
  loading ??= Promise.all([loader(), import('./sender.ts')]).then(([transport, { startSender }]) => {
    sender = startSender(transport, access, target);
    if (allowed) void sender.flush();
    else queue = [];
  });
  return loading;
}

/**
 * Starts watching consent. Call once at app start. Returns a stop function.
 */
export function startAnalytics(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopWaiting = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const type of ANALYTICS_TRIGGER_EVENTS) target.removeEventListener(type, trigger);
  };
  function trigger() {
    stopWaiting();
    void load(target);
  }
  const failed = (event: Event) => trackException((event as ErrorEvent).error, 'unhandled');
  const rejected = (event: Event) => trackException((event as PromiseRejectionEvent).reason, 'rejection');
  const apply = (choice: CookiePreferences | null) => {
    allowed = choice?.analytics === true;
    if (!allowed) {
      stopWaiting();
      sender?.pause();
      if (choice) {
        queue = [];
        forgetVisitor();
      }
      return;
    }
    if (sender) {
      void sender.flush();
      return;
    }
    if (timer) return;
    timer = setTimeout(trigger, ANALYTICS_DELAY_MS);
    for (const type of ANALYTICS_TRIGGER_EVENTS) target.addEventListener(type, trigger, { passive: true, once: true });
  };
  apply(useConsentStore.getState().choice);
  const unsubscribe = useConsentStore.subscribe((s) => apply(s.choice));
  target.addEventListener('error', failed);
  target.addEventListener('unhandledrejection', rejected);
  return () => {
    unsubscribe();
    stopWaiting();
    sender?.stop();
    target.removeEventListener('error', failed);
    target.removeEventListener('unhandledrejection', rejected);
  };
}

/** For tests: forget everything. */
export function resetAnalyticsForTests(): void {
  sender?.stop();
  sender = undefined;
  loader = defaultLoader;
  loading = undefined;
  queue = [];
  allowed = false;
}
