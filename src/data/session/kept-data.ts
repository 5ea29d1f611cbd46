/**
 * Local data kept on a shared device after its person signed out (issue 21: "sign out keeping my
 * unsent work").
 *
 * The design is the simplest one the database already allows: every account has its own local
 * database (`cadernos-<user id>`, db.ts), holding its documents, its outbox (the ledger, RxDB
 * local documents) and its replication state. Keeping means closing that database instead of
 * deleting it. The app only ever opens the database of the person signed in, so nobody else
 * signed in on this device reads or pushes it; when the same person signs in again, their
 * database opens as it was and the replication sends what was waiting (S2). Nothing changes in
 * the data format: no per-person outbox to copy, no migration.
 *
 * A mark per person (in the kv-store, written before the session ends) says "kept": other tabs of
 * the app see the same sign-out as a session that ended elsewhere, and would otherwise wipe the
 * database everyone shares. It is forgotten when the person signs in again, so their next
 * sign-out (or a session ended elsewhere, a ban) wipes as before.
 */
import type { KvStore } from '../kv-store.ts';
import type { SignOutContext } from './lifecycle.ts';

const KEPT_PREFIX = 'cadernos-kept-local-data:';

export interface KeptData {
  mark(userId: string): Promise<void>;
  isKept(userId: string): Promise<boolean>;
  forget(userId: string): Promise<void>;
}

export function keptDataIn(kv: KvStore): KeptData {
  return {
    mark: (userId) => kv.setItem(KEPT_PREFIX + userId, new Date().toISOString()),
    isKept: async (userId) => (await kv.getItem(KEPT_PREFIX + userId)) !== null,
    forget: (userId) => kv.removeItem(KEPT_PREFIX + userId),
  };
}

/** What ending a session does to its person's local database: 'keep' (close it) or 'wipe'. */
export async function localDataAfterSignOut(kept: KeptData, context: SignOutContext): Promise<'keep' | 'wipe'> {
  if (!context.userId) return 'wipe';
  if (context.keepLocalData) return 'keep';
  // Banned or removed accounts lose their data whatever was chosen before.
  if (context.reason === 'banned' || context.reason === 'deleted') return 'wipe';
  return (await kept.isKept(context.userId)) ? 'keep' : 'wipe';
}
