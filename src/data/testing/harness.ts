/**
 * Simulated devices for the data layer's tests: each device is its own "browser" (a separate
 * fake-indexeddb IDBFactory), its own supabase-js client signed in as a person, and a data layer
 * replicating against the sync-server running in this process. A device can go offline (its
 * requests fail as a network error would) and come back online (the `online` event).
 *
 * Open-core RxDB allows 13 open collections per process: a test with several devices opens only
 * the collections it needs on each.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { startTestServer, type TestServer } from '../../../sync-server/testing.ts';
import { signUpAdult } from '../../../sync-server/test-people.ts';
import { openDataLayer, type DataLayer } from '../data-layer.ts';
import type { AccountPasswordCheck } from '../repositories/rounds.ts';
import { rpcTransport, type PullResponse, type ReplicationTransport, type ServerCheckpoint } from '../replication/transport.ts';
import type { ReplicatedDocument } from '../replication/conflicts.ts';
import type { CollectionName } from '../schemas/index.ts';

export type { TestServer };

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export async function startServer(options: { postgres?: boolean } = {}): Promise<TestServer> {
  return startTestServer(options.postgres ? { postgresServerUrl: TEST_DATABASE_URL } : {});
}

export interface Person {
  userId: string;
  username: string;
  email: string;
  password: string;
  /** A client signed in as this person (the device's own clients sign in again). */
  client: SupabaseClient;
}

let counter = 0;

export async function signUp(server: TestServer, username: string): Promise<Person> {
  counter += 1;
  const email = `${username}-${process.pid}-${counter}@example.test`;
  const password = 'Senha-forte-1';
  const client = server.anonClient();
  const { data, error } = await signUpAdult(client, { email, password, username });
  if (error || !data.user || !data.session) throw new Error(`sign-up of ${username} failed: ${error?.message}`);
  return { userId: data.user.id, username, email, password, client };
}

export async function signedInClient(server: TestServer, person: Person): Promise<SupabaseClient> {
  const client = server.anonClient();
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: person.password });
  if (error) throw new Error(`sign-in of ${person.username} failed: ${error.message}`);
  return client;
}

/**
 * The network as a device sees it: counts requests, fails them while offline, can be slow, can
 * lose the answer to a push the server did process (a retry then replays it), and records
 * every push so a test can replay one.
 */
export class SwitchableTransport implements ReplicationTransport {
  offline = false;
  pulls = 0;
  /** Pulls the server answered with "resync" (checkpoint older than the tombstone horizon). */
  resyncs = 0;
  pushes = 0;
  /** Pushes refused because the device was offline. */
  pushesRefusedOffline = 0;
  /** Pushes that got the server's answer. */
  pushesAnswered = 0;
  pushedRows = 0;
  latencyMs = 0;
  loseNextPushResponse = false;
  afterPull: ((collection: CollectionName, response: PullResponse) => void | Promise<void>) | undefined;
  readonly pushLog: { collection: CollectionName; rows: Parameters<ReplicationTransport['push']>[1] }[] = [];

  constructor(readonly inner: ReplicationTransport) {}

  private async network(kind: 'pull' | 'push'): Promise<void> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.offline) {
      if (kind === 'push') this.pushesRefusedOffline += 1;
      throw new TypeError('fetch failed (device offline)');
    }
  }

  async pull(...args: Parameters<ReplicationTransport['pull']>) {
    await this.network('pull');
    this.pulls += 1;
    const response = await this.inner.pull(...args);
    await this.afterPull?.(args[0], response);
    if (response.resync) this.resyncs += 1;
    return response;
  }

  async push(...args: Parameters<ReplicationTransport['push']>) {
    await this.network('push');
    this.pushes += 1;
    this.pushedRows += args[1].length;
    this.pushLog.push({ collection: args[0], rows: structuredClone(args[1]) });
    const response = await this.inner.push(...args);
    this.pushesAnswered += 1;
    if (this.loseNextPushResponse) {
      this.loseNextPushResponse = false;
      throw new TypeError('network connection lost (the server did process the push)');
    }
    return response;
  }
}

/** Every value in every object store of every database of an IndexedDB, as text (what a forensic look at the device finds). */
export async function dumpIndexedDB(factory: IDBFactory): Promise<string> {
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const parts: string[] = [];
  for (const info of await factory.databases()) {
    const open = factory.open(info.name!);
    const db = await request(open as IDBRequest<IDBDatabase>);
    for (const storeName of [...db.objectStoreNames]) {
      const store = db.transaction(storeName, 'readonly').objectStore(storeName);
      const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
      parts.push(JSON.stringify({ db: info.name, store: storeName, keys, values }));
    }
    db.close();
  }
  return parts.join('\n');
}

export interface DeviceOptions {
  /** Collections this device opens (default: all 13; several devices in one process need fewer). */
  collections?: readonly CollectionName[];
  /** The device's IndexedDB (default: a new one — another browser). Pass one to "reload" a device. */
  indexedDB?: IDBFactory;
  databaseName?: string;
  offline?: boolean;
  /** Realtime pulses (default true). */
  live?: boolean;
  now?: () => number;
  replicate?: boolean;
  /** Publish the device's status on `syncStatus$` (default false: several devices share one process). */
  publishStatus?: boolean;
  /** RxDB dev-mode and schema validation (default true; benchmarks turn it off, as in production). */
  devMode?: boolean;
  /** Batch sizes (benchmarks compare request patterns); the retry waits (the app's, to measure reconnecting). */
  engine?: { pullBatchSize?: number; pushBatchSize?: number; retry?: { baseMs: number; maxMs: number } };
  /** Runs after each pull answer arrives, before the device sees it (changes on the server in between). */
  afterPull?: SwitchableTransport['afterPull'];
  /** How the device asks whether a password is the account's (the session gives auth.ts's check). */
  checkAccountPassword?: AccountPasswordCheck;
}

export class Device {
  private activity = 0;

  private constructor(
    readonly person: Person,
    readonly layer: DataLayer,
    readonly transport: SwitchableTransport,
    readonly indexedDB: IDBFactory,
    readonly client: SupabaseClient,
    /** Where this device's `online` events come from. */
    readonly network: EventTarget,
  ) {
    for (const replication of layer.engine?.replications.values() ?? []) this.watch(replication);
  }

  static async open(server: TestServer, person: Person, options: DeviceOptions = {}): Promise<Device> {
    const indexedDB = options.indexedDB ?? new IDBFactory();
    const client = await signedInClient(server, person);
    const transport = new SwitchableTransport(rpcTransport(client));
    transport.offline = options.offline ?? false;
    transport.afterPull = options.afterPull;
    const network = new EventTarget();
    const layer = await openDataLayer({
      userId: person.userId,
      client,
      serverUrl: server.url,
      databaseName: options.databaseName ?? `device-${person.username}-${Math.random().toString(36).slice(2, 8)}`,
      database: { indexedDB, IDBKeyRange, multiInstance: false, devMode: options.devMode ?? true, collections: options.collections },
      replicate: options.replicate,
      publishStatus: options.publishStatus ?? false,
      now: options.now,
      checkAccountPassword: options.checkAccountPassword,
      engine: {
        transport,
        live: options.live ?? true,
        retry: { baseMs: 30, maxMs: 300 },
        networkEvents: network,
        pulseDebounceMs: 10,
        ...options.engine,
      },
    });
    return new Device(person, layer, transport, indexedDB, client, network);
  }

  get api() {
    return this.layer.api;
  }

  private watch(replication: RxReplicationState<ReplicatedDocument, ServerCheckpoint>): void {
    replication.received$.subscribe(() => (this.activity += 1));
    replication.sent$.subscribe(() => (this.activity += 1));
    replication.error$.subscribe(() => (this.activity += 1));
  }

  goOffline(): void {
    this.transport.offline = true;
  }

  goOnline(): void {
    this.transport.offline = false;
    this.network.dispatchEvent(new Event('online'));
  }

  /**
   * Rounds of pull and push until one changes nothing: the device has everything the server
   * has for it, and the server everything the device could send.
   */
  async settle(maxRounds = 40): Promise<void> {
    const engine = this.layer.engine;
    if (!engine) return;
    for (let round = 0; round < maxRounds; round++) {
      const before = this.activity;
      engine.syncNow();
      await new Promise((resolve) => setTimeout(resolve, 15));
      await engine.awaitInSync(15_000);
      if (this.activity === before) return;
    }
    throw new Error(`${this.person.username}'s device did not settle`);
  }

  /** The live documents of a collection, sorted by id, as plain objects. */
  async docs(collection: CollectionName): Promise<Record<string, unknown>[]> {
    const found = await (this.layer.db.collections as Record<string, { find(): { exec(): Promise<{ toJSON(): unknown }[]> } }>)[
      collection
    ]
      .find()
      .exec();
    return found.map((doc) => doc.toJSON() as Record<string, unknown>).sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }

  async close(): Promise<void> {
    await this.layer.close();
    await this.client.removeAllChannels();
    await this.client.auth.signOut({ scope: 'local' }).catch(() => undefined);
  }
}

/** Polls until `check` passes (or throws its last failure after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, intervalMs = 25): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** Everything the server lets this person see of a collection right now (a fresh pull). */
export async function serverView(client: SupabaseClient, collection: CollectionName): Promise<Record<string, unknown>[]> {
  const transport = rpcTransport(client);
  const docs = new Map<string, Record<string, unknown>>();
  let checkpoint = null;
  for (;;) {
    const page = await transport.pull(collection, checkpoint, 1000);
    for (const doc of page.documents) {
      if (doc._deleted) docs.delete(doc.id);
      else docs.set(doc.id, doc);
    }
    if (page.documents.length < 1000) break;
    checkpoint = page.checkpoint;
  }
  return [...docs.values()].sort((a, b) => String(a.id).localeCompare(String(b.id)));
}
