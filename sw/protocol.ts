/** What the page and the service worker say to each other, and what the worker must never serve from cache. */
export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
  /** After a sign-out: the queued pushes hold the signed-out person's writes; drop them. */
  forgetQueuedPushes: 'FORGET_QUEUED_PUSHES',
} as const;

/** Backend paths: navigations to them go to the network, never to the app shell. */
export const BACKEND_PATH_PREFIXES = ['/auth', '/rest', '/realtime', '/storage', '/functions', '/payments'] as const;

export const SW_URL = '/sw.js';

/**
 * Where supabase-js keeps the session in the kv-store (src/data/kv-store.ts); the worker reads
 * it to replay queued pushes. Must equal AUTH_STORAGE_KEY of src/data/supabase.ts (not imported:
 * that would bring supabase-js into the worker; protocol.test.ts checks they agree).
 */
export const AUTH_SESSION_KEY = 'cadernos-auth';

/** The data layer's push (src/data/replication/transport.ts): what background sync replays. */
export const REPLICATION_PUSH_PATH = '/rest/v1/rpc/replication_push';
