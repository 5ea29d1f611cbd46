import { afterEach, expect, test, vi } from 'vitest';
import { requestPersistentStorage, resetPersistentStorageRequest } from './persist.ts';

afterEach(() => {
  resetPersistentStorageRequest();
  vi.unstubAllGlobals();
});

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}

test('persistent storage is asked once per device, after the first saved work (not before)', async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  const persist = vi.fn(async () => true);
  const storage = { persist, persisted: async () => false };
  expect(persist).not.toHaveBeenCalled();
  expect(await requestPersistentStorage(storage)).toBe(true);
  expect(await requestPersistentStorage(storage)).toBe(true);
  resetPersistentStorageRequest(); // a new page load on the same device
  expect(await requestPersistentStorage(storage)).toBe(false);
  expect(persist).toHaveBeenCalledTimes(1);
});

test('without the Storage API (or already persistent) nothing is asked', async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  expect(await requestPersistentStorage(undefined)).toBe(false);
  const persist = vi.fn(async () => true);
  expect(await requestPersistentStorage({ persist, persisted: async () => true })).toBe(true);
  expect(persist).not.toHaveBeenCalled();
});
