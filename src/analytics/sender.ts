import { MAX_EVENTS_PER_BATCH, toWireEvent, type AnalyticsEvent, type AnalyticsTransport } from './events.ts';

/** An event as tracked: checked and trimmed to the list only when it is sent (events.ts toWireEvent). */
export interface QueuedEvent {
  name: string;
  props: Record<string, unknown>;
  at: string;
}

/**
 * The sending half of analytics, loaded with the transport — after consent, off the landing's
 * critical path (analytics.ts keeps only the consent gate and the queue): batches every 2 s and
 * when the page is hidden (beacon), waits for the connection while offline, tries a failed batch
 * again after 30 s, drops events older than 7 days, keeps of each event only what events.ts allows
 * (toWireEvent) and sends each batch with the day's visitor value.
 */
export const ANALYTICS_FLUSH_MS = 2000;
/** After a failed send (server busy or down) the queue is tried again this much later. */
export const ANALYTICS_RETRY_MS = 30_000;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What the sender may do with analytics.ts's queue. */
export interface QueueAccess {
  take(count: number): readonly QueuedEvent[];
  sent(batch: readonly QueuedEvent[]): void;
  size(): number;
  allowed(): boolean;
  visitorKey: string;
}

export interface Sender {
  /** Sends now (the first batch after loading, or when consent comes back). */
  flush(options?: { unloading?: boolean }): Promise<void>;
  /** A new event: sent with the next batch. */
  wake(): void;
  /** Consent withdrawn: nothing more is sent until flush() is called again. */
  pause(): void;
  stop(): void;
}

export function startSender(
  transport: AnalyticsTransport,
  queue: QueueAccess,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): Sender {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  const schedule = (delay: number) => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
  };
  const pause = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  async function flush(options: { unloading?: boolean } = {}): Promise<void> {
    if (!queue.allowed() || sending || queue.size() === 0) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // sent on 'online'
    const batch = queue.take(MAX_EVENTS_PER_BATCH);
    const oldest = Date.now() - MAX_AGE_MS;
    const events = batch
      .filter((event) => Date.parse(event.at) >= oldest)
      .map(toWireEvent)
      .filter((event): event is AnalyticsEvent => event !== null);
    sending = true;
    let ok = false;
    try {
      ok = events.length === 0 || (await transport.send({ visitor: visitorOfToday(queue.visitorKey), events }, options));
    } catch {
      ok = false;
    } finally {
      sending = false;
    }
    if (ok) queue.sent(batch);
    if (queue.size() && queue.allowed()) schedule(ok ? 0 : ANALYTICS_RETRY_MS);
  }

  const online = () => void flush();
  const hidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') void flush({ unloading: true });
  };
  target.addEventListener('online', online);
  target.addEventListener('pagehide', hidden);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', hidden);

  return {
    flush,
    wake: () => schedule(ANALYTICS_FLUSH_MS),
    pause,
    stop() {
      pause();
      target.removeEventListener('online', online);
      target.removeEventListener('pagehide', hidden);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', hidden);
    },
  };
}

function randomVisitor(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The day's visitor value: drawn at random each UTC day, kept only with consent (analytics.ts forgets it on withdrawal). */
function visitorOfToday(key: string): string {
  const today = new Date().toISOString().slice(0, 10);
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as { day?: string; id?: string } | null;
    if (stored?.day === today && typeof stored.id === 'string' && /^[0-9a-f]{16}$/.test(stored.id)) return stored.id;
  } catch {
    // unreadable: draw a new one
  }
  const id = randomVisitor();
  try {
    localStorage.setItem(key, JSON.stringify({ day: today, id }));
  } catch {
    // storage blocked: one value for this page
  }
  return id;
}
