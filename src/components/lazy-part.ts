import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Waits between attempts while the network is up: 1 s, 2 s, 4 s … at most 30 s (the spec's retry backoff). */
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 30_000;

export interface Reachability {
  /** Whether the device says it has a network (navigator.onLine). */
  online: () => boolean;
  /** Resolves when the device says the network is back. */
  untilOnline: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
}

const browserReachability: Reachability = {
  online: () => typeof navigator === 'undefined' || navigator.onLine,
  untilOnline: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function retryWaitMs(failures: number): number {
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - 1), LONGEST_WAIT_MS);
}

/**
 * Loads a chunk, and keeps trying until it arrives: after a failure while offline it waits for the
 * network, while online it waits longer after each failure. The first try is made offline too: an
 * installed app's service worker answers it (waiting for the network first left an offline reload
 * without its account menu). The first visit is the one
 * without a service worker to answer from — a friend opening an invitation on the school's weak
 * Wi-Fi — and a part of the frame that failed once must not stay failed: React keeps a lazy
 * component's rejection for good, and outside a page's error boundary it takes the whole app down.
 */
export async function loadWhenReachable<T>(load: () => Promise<T>, reach: Reachability = browserReachability): Promise<T> {
  for (let failures = 0; ; ) {
    try {
      // Offline too: the service worker usually holds the chunk.
      return await load();
    } catch {
      failures += 1;
      if (reach.online()) await reach.sleep(retryWaitMs(failures));
      else await reach.untilOnline();
    }
  }
}

/**
 * In a browser, loadWhenReachable; outside one — the build's prerender of the landing pages, where
 * the deferred parts are not even bundled — one try: there is no network to wait for, and retrying
 * kept the build's process alive for good.
 */
export function loadPart<T>(load: () => Promise<T>): Promise<T> {
  return typeof window === 'undefined' ? load() : loadWhenReachable(load);
}

/**
 * A lazily loaded part of a screen or of the frame (a menu, the bottom navigation, a settings
 * section): until its chunk arrives the Suspense fallback shows, however long the signal takes.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadPart(load));
}
