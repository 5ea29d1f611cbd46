/**
 * A small string key-value store on IndexedDB, with the async `getItem / setItem / removeItem`
 * shape supabase-js accepts as auth storage.
 *
 * Why IndexedDB and not localStorage: the service worker has no localStorage, and it needs the
 * session (the access and refresh tokens) to replay queued writes while the app is closed
 * (ARCHITECTURE §5). The worker reads the same database:
 *
 *   indexedDB.open(KV_DB_NAME) → objectStore(KV_STORE_NAME).get(AUTH_STORAGE_KEY)   (a JSON string)
 *
 * When IndexedDB cannot be opened (some private modes), the store keeps values in memory: the
 * person stays signed in for this visit, and the app keeps working.
 */

export const KV_DB_NAME = 'cadernos-kv';
export const KV_STORE_NAME = 'kv';

export interface KvStore {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

type Mode = IDBTransactionMode;

export function createKvStore(
  dbName: string = KV_DB_NAME,
  factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
): KvStore {
  const memory = new Map<string, string>();
  let opening: Promise<IDBDatabase | null> | undefined;

  const open = (): Promise<IDBDatabase | null> => {
    opening ??= new Promise<IDBDatabase | null>((resolve) => {
      if (!factory) return resolve(null);
      let request: IDBOpenDBRequest;
      try {
        request = factory.open(dbName, 1);
      } catch {
        return resolve(null);
      }
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(KV_STORE_NAME)) request.result.createObjectStore(KV_STORE_NAME);
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading (or deleting) the database: let it, and reopen on next use.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        db.onclose = () => {
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    });
    return opening;
  };

  async function run<T>(mode: Mode, action: (store: IDBObjectStore) => IDBRequest<T>, fallback: () => T): Promise<T> {
    const db = await open();
    if (!db) return fallback();
    return new Promise<T>((resolve, reject) => {
      let result: T;
      try {
        const tx = db.transaction(KV_STORE_NAME, mode);
        const request = action(tx.objectStore(KV_STORE_NAME));
        request.onsuccess = () => {
          result = request.result;
        };
        tx.oncomplete = () => resolve(result);
        tx.onabort = tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB transaction failed'));
      } catch (error) {
        // The connection was closed under us (versionchange): retry once on a fresh one.
        opening = undefined;
        reject(error);
      }
    });
  }

  return {
    async getItem(key) {
      const value = await run<unknown>('readonly', (s) => s.get(key), () => memory.get(key));
      return typeof value === 'string' ? value : null;
    },
    async setItem(key, value) {
      memory.set(key, value);
      await run<IDBValidKey | undefined>('readwrite', (s) => s.put(value, key) as IDBRequest<IDBValidKey | undefined>, () => undefined);
    },
    async removeItem(key) {
      memory.delete(key);
      await run<undefined>('readwrite', (s) => s.delete(key), () => undefined);
    },
  };
}

/** The app's store: auth session, the cached account summary. */
export const kvStore: KvStore = createKvStore();
