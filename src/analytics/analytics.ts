import { useConsentStore, type CookiePreferences } from '../state/consent.ts';
import type { AnalyticsEvent, AnalyticsEventName, AnalyticsTransport } from './events.ts';

/**
 * The one module every analytics event goes through (spec §7, §9).
 * - Nothing is sent and no transport is loaded without analytics consent.
 * - With consent, the transport loads after 3 s or at the first click, scroll, keydown or
 *   mousemove, whichever comes first; events tracked before that are queued and then sent.
 * - Withdrawing consent drops the queue and stops sending.
 */
export const ANALYTICS_DELAY_MS = 3000;
export const ANALYTICS_TRIGGER_EVENTS = ['click', 'scroll', 'keydown', 'mousemove'] as const;
const MAX_QUEUE = 100;

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

export function track(name: AnalyticsEventName, props: AnalyticsEvent['props'] = {}): void {
  const event: AnalyticsEvent = { name, props, at: new Date().toISOString() };
  if (transport && allowed) {
    transport.send([event]);
    return;
  }
  // Before a choice is made we keep a short queue; after a refusal we keep nothing.
  if (useConsentStore.getState().choice?.analytics === false) return;
  queue = [...queue, event].slice(-MAX_QUEUE);
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

function load(): Promise<void> {
  loading ??= loader().then((t) => {
    transport = t;
    if (allowed && queue.length) t.send(queue);
    queue = [];
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
  const apply = (choice: CookiePreferences | null) => {
    allowed = choice?.analytics === true;
    if (!allowed) {
      stopWaiting();
      if (choice) queue = [];
      return;
    }
    if (transport || timer) return;
    timer = setTimeout(trigger, ANALYTICS_DELAY_MS);
    for (const type of ANALYTICS_TRIGGER_EVENTS) target.addEventListener(type, trigger, { passive: true, once: true });
  };
  apply(useConsentStore.getState().choice);
  const unsubscribe = useConsentStore.subscribe((s) => apply(s.choice));
  return () => {
    unsubscribe();
    stopWaiting();
  };
}

/** For tests: forget everything. */
export function resetAnalyticsForTests(): void {
  loader = defaultLoader;
  transport = undefined;
  loading = undefined;
  queue = [];
  allowed = false;
}
