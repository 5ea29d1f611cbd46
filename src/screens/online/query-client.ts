/**
 * The one QueryClient of the online-only data (ARCHITECTURE §2; the recipe: ./README.md).
 *
 * - Cache constants (spec §9): garbage collection 5 minutes after the last screen using a result
 *   closes, 3 retries with backoff doubling up to 30 s — TanStack Query's own defaults, written
 *   out here so that nobody changes them by accident.
 * - Offline reading: each query's last result is also written to IndexedDB (idb-keyval's store
 *   `cadernos-online` / `queries`, not localStorage: the quota, and no blocking of the page) by
 *   TanStack's per-query persister, and read back when a screen asks for it again — after the
 *   5 minutes, after a reload, with no connection. `networkMode: 'offlineFirst'` lets the query
 *   run once offline so the persister can answer; the network call then waits for the connection.
 *   Kept 7 days. Another person signing in on the device clears it (`followSessionOwner`).
 * - Loaded only by the screens that use it (each screen its own chunk, this module a shared one):
 *   the landing and the notebook screens never load TanStack Query.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { clear, createStore, get, set, del, entries } from 'idb-keyval';

export const GC_TIME_MS = 5 * 60 * 1000;
export const RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
export const OFFLINE_COPY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const OWNER_KEY = 'owner';
let idbStore: ReturnType<typeof createStore> | undefined;
const store = () => (idbStore ??= createStore('cadernos-online', 'queries'));

/** The persister's storage: IndexedDB when the browser has it, nothing otherwise (tests in jsdom). */
const storage =
  typeof indexedDB === 'undefined'
    ? undefined
    : {
        getItem: (key: string) => get<string>(key, store()),
        setItem: (key: string, value: string) => set(key, value, store()),
        removeItem: (key: string) => del(key, store()),
        entries: () => entries<string, string>(store()),
      };

const persister = experimental_createQueryPersister({
  storage,
  maxAge: OFFLINE_COPY_MAX_AGE_MS,
  prefix: 'q',
  buster: 'v1',
});

let client: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  // TanStack Query assumes a connection until the browser fires 'offline'. A page opened with none
  // (a cold start at a party) would retry for seconds before saying so; the browser's word that
  // it is offline is reliable, so start from it.
  if (!client && typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  client ??= new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: GC_TIME_MS,
        retry: RETRIES,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
        networkMode: 'offlineFirst',
        persister: persister.persisterFn,
      },
      mutations: { networkMode: 'online', retry: 0 },
    },
  });
  return client;
}

/**
 * The copies kept for offline reading are one person's: when someone else (or nobody) is signed
 * in on this device, they are thrown away, from memory and from IndexedDB.
 */
export async function followSessionOwner(userId: string | null): Promise<void> {
  if (!storage) return;
  const owner = (await get<string>(OWNER_KEY, store()).catch(() => undefined)) ?? null;
  if (owner === (userId ?? '')) return;
  getQueryClient().clear();
  await clear(store()).catch(() => undefined);
  await set(OWNER_KEY, userId ?? '', store()).catch(() => undefined);
}
