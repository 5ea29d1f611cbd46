/// <reference lib="webworker" />
/**
 * Background sync of the data layer's pushes (ARCHITECTURE §5). A `POST replication_push` that
 * fails for lack of connection is kept in a Workbox queue and replayed on the `sync` event
 * (Chromium fires it when the connection returns, even with every tab closed) or, in browsers
 * without Background Sync, at the next start of the worker.
 *
 * The page still gets the network error: the data layer keeps its writes pending and retries
 * them itself. The queue only gets them to the server sooner when no page is open. So both
 * may arrive, and that is harmless (S9): the server compares each row's server_rev, and a batch
 * already applied comes back as conflicts that change nothing.
 *
 * Replays go newest first. While offline every retry of the data layer carries the same assumed
 * server state, so whichever batch lands first decides: the newest holds the latest edits, and
 * the older ones then conflict harmlessly instead of applying stale text.
 */
import { Queue } from 'workbox-background-sync';
import { registerRoute } from 'workbox-routing';
import { REPLICATION_PUSH_PATH, SW_MESSAGES } from './protocol.ts';
import { expiresSoon, readStoredSession, refreshStoredSession, RefreshRefusedError, type StoredSession } from './stored-session.ts';

declare const self: ServiceWorkerGlobalScope;

export const PUSH_QUEUE_NAME = 'replication-push';
/** Older batches beyond this are dropped: the data layer still holds their writes. */
const MAX_QUEUED_PUSHES = 50;
const RETENTION_MINUTES = 7 * 24 * 60;

/** This replay cannot happen now; the entry goes back to the queue for the next sync. */
class ReplayLater extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ReplayLater';
  }
}

export function registerPushBackgroundSync(): Queue {
  const queue = new Queue(PUSH_QUEUE_NAME, { maxRetentionTime: RETENTION_MINUTES, onSync: ({ queue }) => replayQueue(queue) });
  registerRoute(
    ({ url }) => url.pathname === REPLICATION_PUSH_PATH,
    ({ request }) => pushOrQueue(queue, request),
    'POST',
  );
  // A sign-out wipes the person's local data (a shared phone); their queued writes go with it.
  self.addEventListener('message', (event) => {
    if (event.data?.type === SW_MESSAGES.forgetQueuedPushes) event.waitUntil(forgetAll(queue));
  });
  return queue;
}

async function forgetAll(queue: Queue): Promise<void> {
  while (await queue.shiftRequest());
}

async function pushOrQueue(queue: Queue, request: Request): Promise<Response> {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    // A request the page itself aborted is not a lost connection.
    if (!(error instanceof DOMException && error.name === 'AbortError')) await enqueue(queue, copy);
    throw error;
  }
}

async function enqueue(queue: Queue, request: Request): Promise<void> {
  await queue.pushRequest({ request });
  while ((await queue.size()) > MAX_QUEUED_PUSHES) await queue.shiftRequest();
}

async function replayQueue(queue: Queue): Promise<void> {
  const sentBodies = new Set<string>();
  for (let entry = await queue.popRequest(); entry; entry = await queue.popRequest()) {
    try {
      await replay(entry.request, sentBodies);
    } catch (error) {
      // Back where it was (newest end), with its age, for the next sync event or worker start.
      await queue.pushRequest(entry);
      // Throwing tells Chromium to fire the sync event again later; without Background Sync
      // nobody would catch it, and the next worker start retries anyway.
      if ('sync' in self.registration) throw error;
      return;
    }
  }
}

/** Sends one queued push with the person's current token; throws when it must wait. */
async function replay(request: Request, sentBodies: Set<string>): Promise<void> {
  const body = await request.clone().text();
  // An older retry of a batch just sent: the server would only answer with conflicts.
  if (sentBodies.has(body)) return;
  const owner = tokenSubject(request.headers.get('authorization'));
  const apikey = request.headers.get('apikey') ?? '';
  const authUrl = new URL('/auth/v1', request.url).href;
  let session = await sessionOf(owner, authUrl, apikey);
  // Signed out on this device (their unsent writes were dealt with then), or someone else signed in.
  if (!session) return;
  let response = await send(request, body, session.access_token);
  if (response.status === 401) {
    // The token was refused before its time (revoked, or clocks that disagree): one fresh try.
    session = await refreshOrWait(session, authUrl, apikey);
    response = await send(request, body, session.access_token);
  }
  if (response.ok) {
    sentBodies.add(body);
    return;
  }
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500) {
    throw new ReplayLater(`replay answered ${response.status}`);
  }
  // Any other refusal is about the batch itself: sending it again would get the same answer,
  // and the data layer reports it when it pushes the same writes.
}

function send(request: Request, body: string, accessToken: string): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  return fetch(request.url, { method: request.method, headers, body, credentials: 'omit' });
}

/** The stored session if it is the queued request's person's, with an access token still valid. */
async function sessionOf(owner: string | null, authUrl: string, apikey: string): Promise<StoredSession | null> {
  const session = await readStoredSession();
  if (!owner || !session || session.user.id !== owner) return null;
  return expiresSoon(session) ? refreshOrWait(session, authUrl, apikey) : session;
}

/**
 * Refreshes the session, unless a page of the app is open: then its supabase-js refreshes it (and
 * pushes the same writes itself). Two refreshers racing on one refresh token make supabase-js
 * throw its own result away, so the worker refreshes only when nobody else will.
 */
async function refreshOrWait(session: StoredSession, authUrl: string, apikey: string): Promise<StoredSession> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (pages.length > 0) throw new ReplayLater('a page is open: its supabase-js refreshes the session');
  try {
    return await refreshStoredSession(session, authUrl, apikey);
  } catch (error) {
    if (error instanceof RefreshRefusedError) throw new ReplayLater(error.message);
    throw error;
  }
}

/** The `sub` claim of a bearer token (read, not verified: the server verifies whatever we send). */
export function tokenSubject(authorization: string | null): string | null {
  const token = /^bearer\s+(.+)$/i.exec(authorization?.trim() ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
