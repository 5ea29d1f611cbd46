import { useConsentStore, type CookiePreferences } from '../state/consent.ts';
import type { AnalyticsTransport } from './events.ts';
import type { QueueAccess, Sender } from './sender.ts';
import { analyticsState, trackException } from './queue.ts';

/**
 * The half of analytics that runs only for a person who consented (analytics.ts imports it then,
 * so the landing's entry does not carry it): waits 3 s or for the first interaction, then loads
 * the transport and the sender; pauses them and forgets the day's visitor value when consent is
 * withdrawn, and sends again when it comes back.
 */
export const ANALYTICS_DELAY_MS = 3000;
export const ANALYTICS_TRIGGER_EVENTS = ['click', 'scroll', 'keydown', 'mousemove'] as const;
export const VISITOR_STORAGE_KEY = 'cadernos-analytics-visitor';

type TransportLoader = () => Promise<AnalyticsTransport>;

const defaultLoader: TransportLoader = async () => {
  const { createBeaconTransport } = await import('./beacon-transport.ts');
  return createBeaconTransport(import.meta.env.VITE_ANALYTICS_ENDPOINT);
};

let loader: TransportLoader = defaultLoader;
let loading: Promise<void> | undefined;
let sender: Sender | undefined;

const access: QueueAccess = {
  take: (count) => analyticsState.queue.slice(0, count),
  sent: (batch) => (analyticsState.queue = analyticsState.queue.filter((event) => !batch.includes(event))),
  size: () => analyticsState.queue.length,
  allowed: () => analyticsState.allowed,
  visitorKey: VISITOR_STORAGE_KEY,
};

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
    analyticsState.wake = sender.wake;
    if (analyticsState.allowed) void sender.flush();
  });
  return loading;
}

/** Called by analytics.ts once consent is given; returns a stop function. */
export function startConsented(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
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
  const apply = (choice: CookiePreferences | null) => {
    if (choice?.analytics !== true) {
      stopWaiting();
      sender?.pause();
      forgetVisitor();
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
  const failed = (event: Event) => trackException((event as ErrorEvent).error, 'unhandled');
  const rejected = (event: Event) => trackException((event as PromiseRejectionEvent).reason, 'rejection');
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

/** Replace where events go (tests, another provider). Resets the loaded transport. */
export function setAnalyticsTransportLoader(next: TransportLoader): void {
  loader = next;
  sender?.stop();
  sender = undefined;
  analyticsState.wake = undefined;
  loading = undefined;
}

export function isAnalyticsLoaded(): boolean {
  return sender !== undefined;
}

/** For tests: forget everything. */
export function resetAnalyticsForTests(): void {
  sender?.stop();
  sender = undefined;
  loader = defaultLoader;
  loading = undefined;
  analyticsState.queue = [];
  analyticsState.allowed = false;
  analyticsState.wake = undefined;
}
