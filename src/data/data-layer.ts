/**
 * One signed-in person's data layer: their local database, the ledger of pending and refused
 * writes, the replication engine, and the typed API screens call. Opened when a session starts,
 * closed (and wiped, on sign-out) when it ends — see session/data.ts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxDatabase } from 'rxdb';
import { databaseNameFor, openDatabase, type DatabaseOptions } from './db.ts';
import { createKvStore, KV_DB_NAME, kvStore, type KvStore } from './kv-store.ts';
import { requestPersistentStorage } from './persist.ts';
import { firstSyncHoldsReleased } from './replication/first-sync-holds.ts';
import { SyncLedger } from './replication/ledger.ts';
import { publishSyncStatus } from './replication/status.ts';
import { SyncEngine, type SyncEngineOptions } from './replication/sync-engine.ts';
import { createApi, type ApiContext, type DataApi } from './repositories/index.ts';
import type { AccountPasswordCheck } from './repositories/rounds.ts';
import type { CollectionName } from './schemas/index.ts';

export interface DataLayerOptions {
  userId: string;
  /** The person's supabase-js client; without it the layer works offline only (no replication). */
  client?: SupabaseClient;
  serverUrl: string;
  /** Default: cadernos-<user id>. */
  databaseName?: string;
  database?: Omit<DatabaseOptions<CollectionName>, 'name'>;
  /** Start replicating (default true). A layer that does not replicate is a device left offline. */
  replicate?: boolean;
  engine?: Partial<Omit<SyncEngineOptions, 'db' | 'ledger' | 'userId' | 'client' | 'serverUrl'>>;
  /** Publish this layer's status on `syncStatus$` (default true; tests with several devices turn it off). */
  publishStatus?: boolean;
  now?: () => number;
  newId?: () => string;
  /**
   * The device's key-value store (a round of "Passar o caderno" lives there). Default: the app's,
   * or the one in `database.indexedDB` (a simulated device).
   */
  kv?: KvStore;
  /** Asks the server whether a password is the signed-in person's (a round locked with it). */
  checkAccountPassword?: AccountPasswordCheck;
}

export interface DataLayer {
  readonly userId: string;
  readonly db: RxDatabase;
  readonly ledger: SyncLedger;
  readonly engine: SyncEngine | null;
  readonly ctx: ApiContext;
  readonly api: DataApi;
  /** Stops replication and closes the database (the data stays on the device). */
  close(): Promise<void>;
  /** Stops replication and deletes this person's local database. */
  wipe(): Promise<void>;
}

/** The longest a first sync waits for a redeem under way (one slow round trip, and some). */
const FIRST_SYNC_HOLD_MS = 3000;

export async function openDataLayer(options: DataLayerOptions): Promise<DataLayer> {
  const db = (await openDatabase({
    ...options.database,
    name: options.databaseName ?? databaseNameFor(options.userId),
  })) as unknown as RxDatabase;
  const ledger = new SyncLedger(db);
  const now = options.now ?? Date.now;
  const engine =
    options.replicate === false || !options.client
      ? null
      : new SyncEngine({ ...options.engine, db, ledger, userId: options.userId, client: options.client, serverUrl: options.serverUrl, now });
  const ctx: ApiContext = {
    db,
    userId: options.userId,
    ledger,
    now,
    newId: options.newId ?? (() => crypto.randomUUID()),
    client: options.client,
    onSaved: () => void requestPersistentStorage(),
    syncNow: () => engine?.syncNow(),
    kv: options.kv ?? (options.database?.indexedDB ? createKvStore(KV_DB_NAME, options.database.indexedDB) : kvStore),
    checkAccountPassword: options.checkAccountPassword,
  };
  const unpublishStatus = options.publishStatus === false ? () => undefined : publishSyncStatus(ledger);
  // An invitation being redeemed first: its notebook then comes with the first pull.
  if (engine) await firstSyncHoldsReleased(FIRST_SYNC_HOLD_MS);
  await engine?.start();

  let closed = false;
  const shutDown = async () => {
    if (closed) return false;
    closed = true;
    unpublishStatus();
    await engine?.stop();
    await ledger.flush();
    return true;
  };
  return {
    userId: options.userId,
    db,
    ledger,
    engine,
    ctx,
    api: createApi(ctx),
    async close() {
      if (await shutDown()) await db.close();
    },
    async wipe() {
      await shutDown();
      await db.remove();
    },
  };
}
