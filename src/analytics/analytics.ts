import { useConsentStore, type CookiePreferences } from '../state/consent.ts';
import {
  EVENT_PARAMS,
  MAX_EVENTS_PER_BATCH,
  ROUTE_PATHS,
  paramProblem,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsTransport,
  type EventProps,
  type ParamRule,
} from './events.ts';

/**
 * The one module every analytics event goes through (spec §3, §7, §9; issue 36).
 * - Nothing is sent, no transport is loaded and nothing is stored without analytics consent.
 * - With consent, the transport loads after 3 s or at the first click, scroll, keydown or
 *   mousemove, whichever comes first; events tracked before that are queued and then sent.
 * - Events go in batches (every 2 s, and when the page is hidden); made offline, they wait in
 *   memory for the connection (at most 100, none older than 7 days) — never blocking the app.
 * - Withdrawing consent stops sending and deletes the queue and the day's visitor value.
 * - Each event keeps only the parameters src/analytics/events.ts allows, with allowed values:
 *   whatever else a call site passes is dropped here, before anything leaves the device.
 */
export const ANALYTICS_DELAY_MS = 3000;
export const ANALYTICS_TRIGGER_EVENTS = ['click', 'scroll', 'keydown', 'mousemove'] as const;
export const ANALYTICS_FLUSH_MS = 2000;
/** After a failed send (server busy or down) the queue is tried again this much later. */
export const ANALYTICS_RETRY_MS = 30_000;
export const VISITOR_STORAGE_KEY = 'cadernos-analytics-visitor';
const MAX_QUEUE = 100;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

type TransportLoader = () => Promise<AnalyticsTransport>;

const defaultLoader: TransportLoader = async () => {
  const { createBeaconTransport } = await import('./beacon-transport.ts');
  return createBeaconTransport(import.meta.env.VITE_ANALYTICS_ENDPOINT);
};

let loader: TransportLoader = defaultLoader;
let transport: AnalyticsTransport | undefined;
let loading: Promise<void> | undefined;
let queue: AnalyticsEvent[] = [];
let allowed = false;
let sending = false;
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Only the parameters the event's list allows, with allowed values. */
function allowedProps(name: AnalyticsEventName, props: Record<string, unknown>): AnalyticsEvent['props'] {
  const rules = EVENT_PARAMS[name] as Record<string, ParamRule>;
  const kept: AnalyticsEvent['props'] = {};
  for (const [param, value] of Object.entries(props)) {
    if (Object.hasOwn(rules, param) && value !== undefined && !paramProblem(rules[param], value)) {
      kept[param] = value as string | number | boolean;
    }
  }
  return kept;
}

export function track<N extends AnalyticsEventName>(name: N, props: EventProps<N> = {} as EventProps<N>): void {
  // After a refusal we keep nothing; before a choice, a short queue.
  if (useConsentStore.getState().choice?.analytics === false) return;
  if (!Object.hasOwn(EVENT_PARAMS, name)) return;
  const event: AnalyticsEvent = { name, props: allowedProps(name, props as Record<string, unknown>), at: new Date().toISOString() };
  queue = [...queue, event].slice(-MAX_QUEUE);
  if (transport && allowed) scheduleFlush();
}

/** A purchase (spec §3: currency BRL) — the seasonal store calls this once a purchase is confirmed. */
export function trackPurchase(purchase: { value_cents: number; item_category?: EventProps<'purchase'>['item_category'] }): void {
  track('purchase', { currency: 'BRL', value_cents: Math.round(purchase.value_cents), item_category: purchase.item_category });
}

/** An error, by its kind only (its message may quote what a person wrote). */
export function trackException(error: unknown, where: EventProps<'exception'>['where']): void {
  const kind = error instanceof Error ? error.name : 'other';
  const known = (EVENT_PARAMS.exception.error.values as readonly string[]).includes(kind) ? kind : 'other';
  track('exception', { where, error: known as EventProps<'exception'>['error'] });
}

const ROUTE_MATCHERS = ROUTE_PATHS.filter((path) => path !== '*').map((path) => ({
  path,
  pattern: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`),
}));

/** The route pattern of an address (`/notebook/abc` → `/notebook/:id`), `*` when none matches. */
export function routePatternOf(location: string): (typeof ROUTE_PATHS)[number] {
  const path = location.split(/[?#]/)[0];
  return ROUTE_MATCHERS.find(({ pattern }) => pattern.test(path))?.path ?? '*';
}

/** Replace where events go (tests, another provider). Resets the loaded transport. */
export function setAnalyticsTransportLoader(next: TransportLoader): void {
  loader = next;
  transport = undefined;
  loading = undefined;
}

export function isAnalyticsLoaded(): boolean {
  return transport !== undefined;
}

/** Events waiting to be sent (for tests and the privacy page's honesty). */
export function queuedAnalyticsEvents(): readonly AnalyticsEvent[] {
  return queue;
}

function randomVisitor(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The day's visitor value: drawn at random each UTC day, kept only with consent. */
function visitorOfToday(): string {
  const today = new Date().toISOString().slice(0, 10);
  try {
    const stored = JSON.parse(localStorage.getItem(VISITOR_STORAGE_KEY) ?? 'null') as { day?: string; id?: string } | null;
    if (stored?.day === today && typeof stored.id === 'string' && /^[0-9a-f]{16}$/.test(stored.id)) return stored.id;
  } catch {
    // unreadable: draw a new one
  }
  const id = randomVisitor();
  try {
    localStorage.setItem(VISITOR_STORAGE_KEY, JSON.stringify({ day: today, id }));
  } catch {
    // storage blocked: one value for this page
  }
  return id;
}

function forgetVisitor(): void {
  try {
    localStorage.removeItem(VISITOR_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

function scheduleFlush(delay = ANALYTICS_FLUSH_MS): void {
  if (flushTimer !== undefined) return;
  flushTimer = setTimeout(() => {
    flushTimer = undefined;
    void flush();
  }, delay);
}

function cancelFlush(): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
}

/** Sends what is queued, one batch at a time; keeps it when the device is offline or the send fails. */
export async function flush(options: { unloading?: boolean } = {}): Promise<void> {
  if (!transport || !allowed || sending || queue.length === 0) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // sent on 'online'
  const oldest = Date.now() - MAX_AGE_MS;
  queue = queue.filter((event) => Date.parse(event.at) >= oldest);
  const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
  if (batch.length === 0) return;
  sending = true;
  let ok = false;
  try {
    ok = await transport.send({ visitor: visitorOfToday(), events: batch }, options);
  } catch {
    ok = false;
  } finally {
    sending = false;
  }
  if (ok) queue = queue.filter((event) => !batch.includes(event));
  if (queue.length && allowed) scheduleFlush(ok ? 0 : ANALYTICS_RETRY_MS);
}

function load(): Promise<void> {
  loading ??= loader().then((t) => {
    transport = t;
    if (allowed) void flush();
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
    void load();
  }
  const online = () => void flush();
  const failed = (event: Event) => trackException((event as ErrorEvent).error, 'unhandled');
  const rejected = (event: Event) => trackException((event as PromiseRejectionEvent).reason, 'rejection');
  const hidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') void flush({ unloading: true });
  };
  const apply = (choice: CookiePreferences | null) => {
    allowed = choice?.analytics === true;
    if (!allowed) {
      stopWaiting();
      cancelFlush();
      if (choice) {
        queue = [];
        forgetVisitor();
      }
      return;
    }
    if (transport) {
      void flush();
      return;
    }
    if (timer) return;
    timer = setTimeout(trigger, ANALYTICS_DELAY_MS);
    for (const type of ANALYTICS_TRIGGER_EVENTS) target.addEventListener(type, trigger, { passive: true, once: true });
  };
  apply(useConsentStore.getState().choice);
  const unsubscribe = useConsentStore.subscribe((s) => apply(s.choice));
  target.addEventListener('online', online);
  target.addEventListener('error', failed);
  target.addEventListener('unhandledrejection', rejected);
  target.addEventListener('pagehide', hidden);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', hidden);
  return () => {
    unsubscribe();
    stopWaiting();
    cancelFlush();
    target.removeEventListener('online', online);
    target.removeEventListener('error', failed);
    target.removeEventListener('unhandledrejection', rejected);
    target.removeEventListener('pagehide', hidden);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', hidden);
  };
}

/** For tests: forget everything. */
export function resetAnalyticsForTests(): void {
  cancelFlush();
  loader = defaultLoader;
  transport = undefined;
  loading = undefined;
  queue = [];
  allowed = false;
  sending = false;
}
