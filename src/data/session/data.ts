/**
 * The data layer follows the session (ARCHITECTURE §1, issue 5):
 *
 *   a person signs in (or the app starts signed in, online or not)
 *       → their local database opens and, in the leading tab, replication starts
 *   before a sign-out
 *       → pending writes are pushed when online (a few seconds at most); whatever could not be
 *         sent — pending writes and refused ones — is returned so the person is asked first
 *   after a sign-out
 *       → replication stops and this person's local data is wiped (a shared phone keeps nothing),
 *         unless they chose to keep their unsent work on this device (issue 21, kept-data.ts):
 *         then their database is only closed, and opens with that work when they sign in again
 *
 * The session engine calls installDataLayer() once (engine.ts, at the first sign-in); screens
 * call currentData().api, or whenDataReady() in the first moments after sign-in.
 */
import { checkCurrentPassword, getCurrentUserId, NotAuthenticatedError, onUserChange } from '../auth.ts';
import { removeDatabaseOf } from '../db.ts';
import { openDataLayer, type DataLayer } from '../data-layer.ts';
import { kvStore } from '../kv-store.ts';
import { keptDataIn, localDataAfterSignOut } from './kept-data.ts';
import { onAfterSignOut, onBeforeSignOut, onSignOutDecided } from './lifecycle.ts';
import { unsyncedBeforeSignOut } from './sign-out.ts';
import { getSupabase, supabaseUrl } from '../supabase.ts';

/** A password typed as the account's (a party round's lock): the server's word, or none offline. */
async function checkAccountPassword(password: string): Promise<'correct' | 'incorrect' | 'unchecked'> {
  const check = await checkCurrentPassword(password);
  if (check.ok) return 'correct';
  return check.code === 'current_password_incorrect' ? 'incorrect' : 'unchecked';
}

let current: DataLayer | null = null;
let opening: Promise<DataLayer> | null = null;
let installed = false;
const kept = keptDataIn(kvStore);

/** The signed-in person's data layer (throws 'Usuário não autenticado' when nobody is signed in). */
export function currentData(): DataLayer {
  if (!current) throw new NotAuthenticatedError();
  return current;
}

/** Screens waiting for the database of a person who is signed in but whose database is not open yet. */
let waiting: { resolve(layer: DataLayer): void; reject(error: unknown): void }[] = [];

/**
 * Resolves with the data layer once it is open (the first moments after sign-in or after the app
 * starts signed in); rejects with 'Usuário não autenticado' when nobody is signed in.
 */
export function whenDataReady(): Promise<DataLayer> {
  if (current) return Promise.resolve(current);
  if (opening) return opening;
  if (!getCurrentUserId()) return Promise.reject(new NotAuthenticatedError());
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

function settleWaiting(outcome: { layer: DataLayer } | { error: unknown }): void {
  const waiters = waiting;
  waiting = [];
  for (const waiter of waiters) {
    if ('layer' in outcome) waiter.resolve(outcome.layer);
    else waiter.reject(outcome.error);
  }
}

async function open(userId: string): Promise<void> {
  if (current?.userId === userId) return;
  await close();
  opening = openDataLayer({
    userId,
    client: getSupabase(),
    serverUrl: supabaseUrl,
    // Tabs share the database; one of them (the leader) replicates.
    database: { multiInstance: true, devMode: import.meta.env?.DEV === true },
    engine: { networkEvents: typeof window === 'undefined' ? null : window },
    checkAccountPassword,
  });
  try {
    current = await opening;
    // Back on this device: work kept at their last sign-out is being sent; the next sign-out asks again.
    await kept.forget(userId).catch((error: unknown) => console.error('[data] could not clear the kept mark', error));
    settleWaiting({ layer: current });
  } catch (error) {
    settleWaiting({ error });
    throw error;
  } finally {
    opening = null;
  }
}

async function close(): Promise<void> {
  const layer = current ?? (opening ? await opening.catch(() => null) : null);
  current = null;
  await layer?.close();
}

/** Deletes a person's local data, open or not. */
export async function wipeLocalData(userId: string | null): Promise<void> {
  const layer = current ?? (opening ? await opening.catch(() => null) : null);
  if (layer && (userId === null || layer.userId === userId)) {
    current = null;
    await layer.wipe();
    return;
  }
  if (!userId) return;
  await removeDatabaseOf(userId);
}

export function installDataLayer(): void {
  if (installed) return;
  installed = true;
  onUserChange((userId) => {
    if (userId) void open(userId).catch((error) => console.error('[data] could not open the local database', error));
  });
  onBeforeSignOut(async (context) => {
    const layer = current ?? (opening ? await opening.catch(() => null) : null);
    if (!layer) return [];
    return unsyncedBeforeSignOut(layer, context, typeof navigator === 'undefined' || navigator.onLine);
  });
  // Marked before the session ends, so that other tabs (told "the session ended") keep it too.
  onSignOutDecided((context) => (context.keepLocalData && context.userId ? kept.mark(context.userId) : undefined));
  // Every way a session ends wipes the device's copy — a sign-out on a shared phone, a ban, and
  // "sign out of all devices" from elsewhere (the usual remedy for a forgotten school login) —
  // except the person's own choice to keep their unsent work here.
  onAfterSignOut(async (context) => {
    settleWaiting({ error: new NotAuthenticatedError() });
    if ((await localDataAfterSignOut(kept, context)) === 'keep') return close();
    return wipeLocalData(context.userId);
  });
  // Installed after the session was restored (this module is loaded lazily): open at once.
  const userId = getCurrentUserId();
  if (userId) void open(userId).catch((error) => console.error('[data] could not open the local database', error));
}
