/** What the page and the service worker say to each other, and what the worker must never serve from cache. */
export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
} as const;

/** Backend paths: navigations to them go to the network, never to the app shell. */
export const BACKEND_PATH_PREFIXES = ['/auth', '/rest', '/realtime', '/storage', '/functions'] as const;

export const SW_URL = '/sw.js';
