/**
 * The local database: RxDB on Dexie (IndexedDB), one collection per replicated table of
 * ARCHITECTURE §2. Screens never touch it directly; they go through the repositories.
 *
 * One database per account (`cadernos-<user id>`): signing out wipes it, and a second person on
 * a shared phone never opens the first one's data.
 *
 * Open-core limits (STACK.md): at most 13 open collections per JavaScript process; the app
 * opens 13 (reports, issue 33, is the last one) and tests that simulate several devices open only the collections they need
 * (`collections` option). Dev-mode needs a schema validator (DVM1), so it always comes with
 * `wrappedValidateAjvStorage`; warnings are disabled before the plugin is added.
 */
import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBCleanupPlugin } from 'rxdb/plugins/cleanup';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { RejectionGate, conflictHandlerFor } from './replication/conflict-handler.ts';
import { COLLECTION_NAMES, COLLECTIONS, type CollectionName, type Collections } from './schemas/index.ts';

export type CadernosDatabase = RxDatabase<Partial<Collections>>;

/** A database whose collections are known to be open (the app's: all of them). */
export type OpenDatabase<Names extends CollectionName = CollectionName> = RxDatabase<Pick<Collections, Names>>;

export interface DatabaseOptions<Names extends CollectionName = CollectionName> {
  name: string;
  /** Only these collections (tests of several devices in one process); default: all. */
  collections?: readonly Names[];
  /** Another IndexedDB implementation (fake-indexeddb in Node: one IDBFactory per simulated device). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** True in the browser (tabs share the database, one of them replicates); false in tests. */
  multiInstance?: boolean;
  /** RxDB's dev-mode checks plus schema validation on every write. */
  devMode?: boolean;
  /**
   * Tests that simulate two tabs in one process open one database twice (dev-mode only). The
   * app never does: a second open in one tab closes the first (a fast sign-out, sign-in).
   */
  simulateTabs?: boolean;
}

/** Deleted documents stay (soft deletes, S10) until replicated and this old, then are purged locally. */
const LOCAL_TOMBSTONE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

let pluginsAdded = false;
/** Set once dev-mode is in (it is process-wide): from then on every database needs a validator. */
let wrapWithValidator: ((storage: RxStorage<unknown, unknown>) => RxStorage<unknown, unknown>) | null = null;

function addPlugins(): void {
  if (pluginsAdded) return;
  addRxPlugin(RxDBLeaderElectionPlugin);
  addRxPlugin(RxDBLocalDocumentsPlugin);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  addRxPlugin(RxDBCleanupPlugin);
  pluginsAdded = true;
}

async function addDevMode(): Promise<void> {
  if (wrapWithValidator) return;
  // Loaded only when asked for: dev-mode and ajv are large and slow every write (not in production).
  const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-ajv'),
  ]);
  disableWarnings();
  addRxPlugin(RxDBDevModePlugin);
  wrapWithValidator = (storage) => wrappedValidateAjvStorage({ storage }) as RxStorage<unknown, unknown>;
}

function storageFor(options: DatabaseOptions<CollectionName>): RxStorage<unknown, unknown> {
  const dexie = getRxStorageDexie(
    options.indexedDB ? { indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange } : undefined,
  ) as RxStorage<unknown, unknown>;
  // Dev-mode requires a schema validator on every database (DVM1).
  return wrapWithValidator ? wrapWithValidator(dexie) : dexie;
}

/** Creates (or reopens) a local database with its collections. */
export async function openDatabase<Names extends CollectionName = CollectionName>(
  options: DatabaseOptions<Names>,
): Promise<OpenDatabase<Names>> {
  addPlugins();
  if (options.devMode) await addDevMode();
  const db = await createRxDatabase<Pick<Collections, Names>>({
    name: options.name,
    storage: storageFor(options as DatabaseOptions<CollectionName>),
    multiInstance: options.multiInstance ?? false,
    eventReduce: true,
    localDocuments: true,
    // Two openers of one name in one tab (a fast sign-out then sign-in) must not fail.
    closeDuplicates: !options.simulateTabs,
    ignoreDuplicate: options.simulateTabs === true,
    cleanupPolicy: {
      minimumDeletedTime: LOCAL_TOMBSTONE_RETENTION_MS,
      awaitReplicationsInSync: true,
      waitForLeadership: true,
    },
  });
  const names = options.collections ?? (COLLECTION_NAMES as unknown as readonly Names[]);
  const gate = new RejectionGate();
  await db.addCollections(
    Object.fromEntries(
      names.map((name) => [
        name,
        {
          schema: COLLECTIONS[name].schema,
          migrationStrategies: COLLECTIONS[name].migrationStrategies,
          conflictHandler: conflictHandlerFor(name, gate),
        },
      ]),
    ),
  );
  gates.set(db, gate);
  return db;
}

const gates = new WeakMap<object, RejectionGate>();

/** The refused-writes gate the conflict handlers of this database consult (see conflict-handler.ts). */
export function rejectionGateOf(db: object): RejectionGate {
  const gate = gates.get(db);
  if (!gate) throw new Error('not a database opened by openDatabase()');
  return gate;
}

/** The database name of an account's local data. */
export function databaseNameFor(userId: string): string {
  return `cadernos-${userId}`;
}

/** Deletes an account's local database without opening it (the browser's IndexedDB). */
export async function removeDatabaseOf(userId: string): Promise<void> {
  await removeRxDatabase(databaseNameFor(userId), getRxStorageDexie(), true);
}
