/**
 * Persistent storage (ARCHITECTURE S2): asked for once, after the first saved work — not on page
 * load, where browsers ignore or resent the prompt. Without it a browser may evict IndexedDB
 * under storage pressure, and with it the offline writes.
 */

const ASKED_KEY = 'cadernos-storage-persist-asked';

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

let asking: Promise<boolean> | null = null;

function alreadyAsked(): boolean {
  try {
    return globalThis.localStorage?.getItem(ASKED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberAsked(): void {
  try {
    globalThis.localStorage?.setItem(ASKED_KEY, '1');
  } catch {
    // private mode: we may ask again next visit, which is harmless
  }
}

/** Asks once per device; resolves whether storage is persistent (false when unsupported). */
export function requestPersistentStorage(
  storage: StorageManagerLike | undefined = typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManagerLike | undefined),
): Promise<boolean> {
  if (asking) return asking;
  if (!storage?.persist || alreadyAsked()) return Promise.resolve(false);
  asking = (async () => {
    try {
      if (await storage.persisted?.()) return true;
      const granted = await storage.persist!();
      rememberAsked();
      return granted;
    } catch {
      return false;
    }
  })();
  return asking;
}

/** Test helper. */
export function resetPersistentStorageRequest(): void {
  asking = null;
}
