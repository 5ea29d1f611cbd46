import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createKvStore, KV_STORE_NAME } from './kv-store.ts';

describe('kv-store (IndexedDB)', () => {
  it('stores, reads and removes strings', async () => {
    const store = createKvStore('kv-test-1', new IDBFactory());
    expect(await store.getItem('cadernos-auth')).toBeNull();
    await store.setItem('cadernos-auth', '{"access_token":"t"}');
    expect(await store.getItem('cadernos-auth')).toBe('{"access_token":"t"}');
    await store.removeItem('cadernos-auth');
    expect(await store.getItem('cadernos-auth')).toBeNull();
  });

  it('keeps values across instances: what the service worker will read', async () => {
    const factory = new IDBFactory();
    await createKvStore('kv-test-2', factory).setItem('k', 'v');
    expect(await createKvStore('kv-test-2', factory).getItem('k')).toBe('v');
    // And in the documented place: database, store, key.
    const value = await new Promise<unknown>((resolve) => {
      const open = factory.open('kv-test-2');
      open.onsuccess = () => {
        const get = open.result.transaction(KV_STORE_NAME).objectStore(KV_STORE_NAME).get('k');
        get.onsuccess = () => resolve(get.result);
      };
    });
    expect(value).toBe('v');
  });

  it('falls back to memory when IndexedDB is not there', async () => {
    const store = createKvStore('kv-test-3', undefined);
    await store.setItem('k', 'v');
    expect(await store.getItem('k')).toBe('v');
    await store.removeItem('k');
    expect(await store.getItem('k')).toBeNull();
  });
});
