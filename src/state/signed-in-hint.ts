/**
 * What the head script of a prerendered invitation (sync-server/prerendered.ts) reads to hide it
 * from a signed-in person before the first paint. No imports: the server reads it too. Kept by the
 * session's side of the app (session.ts), loaded whenever someone signs in or out.
 */

/**
 * localStorage, while someone is signed in on this device. The session itself is in IndexedDB,
 * which a script cannot read before the first paint; this hint can be.
 */
export const SIGNED_IN_HINT_KEY = 'cadernos-signed-in';

/** Keeps the hint in step with the session (the 'loading' state says nothing yet). */
export function rememberSignedIn(status: 'loading' | 'signed-in' | 'signed-out'): void {
  try {
    if (status === 'signed-in') localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else if (status === 'signed-out') localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage blocked: a signed-in person may see the prerendered invitation until the app starts.
  }
}
