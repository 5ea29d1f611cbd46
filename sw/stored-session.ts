/// <reference lib="webworker" />
/**
 * The person's session as the page's supabase-js keeps it (src/data/supabase.ts: storage is the
 * kv-store on IndexedDB, key AUTH_SESSION_KEY, value the JSON of the session), read by the worker
 * to replay queued pushes while no page is open, and refreshed here when its access token has
 * expired. The refreshed session is written back in the same shape, so the page's supabase-js
 * picks it up on its next read (it reads the storage on every getSession).
 *
 * Refresh tokens rotate (sync-server/auth/sessions.ts, as GoTrue): a refresh revokes the token it
 * used. Two things keep the page and the worker from locking each other out:
 *  - the worker reads the stored session right before refreshing, and writes the new one only if
 *    the stored refresh token is still the one it used (compare-and-put in one IndexedDB
 *    transaction): a page that refreshed meanwhile keeps its newer tokens;
 *  - the server hands a revoked token's child back when that child is still the session's active
 *    token (a client that refreshed with a token just rotated by the other one gets the same
 *    new token), and accepts any revoked token for 10 s more.
 * The worker also leaves the refresh to the page while one is open (see background-sync.ts).
 */
import { KV_DB_NAME, KV_STORE_NAME } from '../src/data/kv-store.ts';
import { AUTH_SESSION_KEY } from './protocol.ts';

export interface StoredSession {
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
  expires_in?: number;
  token_type?: string;
  user: { id: string } & Record<string, unknown>;
}

/** The server refused the refresh (the session was ended, the refresh token revoked…). */
export class RefreshRefusedError extends Error {
  constructor(readonly status: number) {
    super(`session refresh refused (${status})`);
    this.name = 'RefreshRefusedError';
  }
}

/** Refresh a little before the real expiry, so the token does not expire on the way. */
const EXPIRY_MARGIN_SECONDS = 30;

export function expiresSoon(session: StoredSession, nowMs = Date.now()): boolean {
  return session.expires_at - EXPIRY_MARGIN_SECONDS <= nowMs / 1000;
}

function openKv(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(KV_DB_NAME, 1);
    // Same schema as src/data/kv-store.ts, in case the worker is the first to open it.
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(KV_STORE_NAME)) request.result.createObjectStore(KV_STORE_NAME);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('cannot open the session store'));
    request.onblocked = () => reject(new Error('session store blocked'));
  });
}

function parseSession(raw: unknown): StoredSession | null {
  if (typeof raw !== 'string') return null;
  try {
    const session = JSON.parse(raw) as Partial<StoredSession> | null;
    const valid = session?.access_token && session.refresh_token && typeof session.expires_at === 'number' && session.user?.id;
    return valid ? (session as StoredSession) : null;
  } catch {
    return null;
  }
}

/**
 * Runs `step` on the session in one IndexedDB transaction: it sees the stored session and may
 * return a replacement to store, atomically with the read.
 */
async function withStoredSession(
  mode: IDBTransactionMode,
  step: (session: StoredSession | null) => StoredSession | undefined,
): Promise<StoredSession | null> {
  const db = await openKv();
  try {
    return await new Promise<StoredSession | null>((resolve, reject) => {
      const tx = db.transaction(KV_STORE_NAME, mode);
      const store = tx.objectStore(KV_STORE_NAME);
      let result: StoredSession | null = null;
      const read = store.get(AUTH_SESSION_KEY);
      read.onsuccess = () => {
        result = parseSession(read.result);
        const replacement = step(result);
        if (replacement) {
          store.put(JSON.stringify(replacement), AUTH_SESSION_KEY);
          result = replacement;
        }
      };
      tx.oncomplete = () => resolve(result);
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('session store transaction failed'));
    });
  } finally {
    db.close();
  }
}

export function readStoredSession(): Promise<StoredSession | null> {
  return withStoredSession('readonly', () => undefined);
}

/**
 * Exchanges the session's refresh token for new tokens (GoTrue's refresh_token grant, as
 * supabase-js calls it) and stores the result unless the page stored a newer session meanwhile.
 * Returns a session whose access token is fresh. A network failure throws the fetch's TypeError.
 */
export async function refreshStoredSession(session: StoredSession, authUrl: string, apikey: string): Promise<StoredSession> {
  const response = await fetch(`${authUrl}/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey,
      authorization: `Bearer ${apikey}`,
      'content-type': 'application/json;charset=UTF-8',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ refresh_token: session.refresh_token }),
  });
  if (!response.ok) throw new RefreshRefusedError(response.status);
  const body = (await response.json()) as Omit<StoredSession, 'expires_at'> & { expires_at?: number; expires_in: number };
  // supabase-js's _sessionResponse: expires_at from expires_in when the server gives none.
  const fresh: StoredSession = { ...body, expires_at: body.expires_at ?? Math.round(Date.now() / 1000) + body.expires_in };
  const stored = await withStoredSession('readwrite', (current) =>
    current?.refresh_token === session.refresh_token ? fresh : undefined,
  );
  // The page refreshed first: its session is the newer one, and ours is still valid for this replay.
  return stored?.user.id === fresh.user.id && !expiresSoon(stored) ? stored : fresh;
}
