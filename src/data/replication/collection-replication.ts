/**
 * One collection replicated with RxDB's protocol (`replicateRxCollection`) over the two RPCs:
 *
 *   pull   checkpointed on (transaction key, id) — S3, S4, S5; a checkpoint older than the
 *          server's tombstone horizon makes the collection re-read from scratch, and rows this
 *          device has that the server no longer sends are deleted locally (S10)
 *   push   batched, compare-and-swap on server_rev (S9); conflicts go to the conflict handler
 *          (S6, S7); refused rows come back one by one (S8): the device keeps the server's
 *          state, the refused write goes to the ledger for the person to fix or discard
 *
 * Failed requests are retried here, not by RxDB (see withRetries): after a wait that doubles on
 * each failure up to a limit, cut short the moment the network returns (S2: the push on the
 * `online` event), and short, fixed waits for a row waiting for the row it refers to.
 */
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { RxCollection } from 'rxdb';
import type { CollectionName } from '../schemas/index.ts';
import type { RejectionGate } from './conflict-handler.ts';
import { resolveConflict, sameDocument, syncBaseOf, type AssumedMasterState, type LocalState, type MasterState, type ReplicatedDocument } from './conflicts.ts';
import { deletionOf, fromServer } from './documents.ts';
import { withoutSyncBase } from './sync-base.ts';
import { firstSync } from './first-sync.ts';
import { documentKey, type SyncLedger } from './ledger.ts';
import { describeRejection } from './rejections.ts';
import type { PushRejection, PushRow, ReplicationTransport, ServerCheckpoint } from './transport.ts';

export interface RetryPolicy {
  /** First wait after a failed request (ms). */
  baseMs: number;
  /** Longest wait (ms). */
  maxMs: number;
}

export interface CollectionReplicationConfig {
  name: CollectionName;
  /** Any collection: the replication moves rows of every collection alike. */
  collection: RxCollection<ReplicatedDocument>;
  transport: ReplicationTransport;
  ledger: SyncLedger;
  gate: RejectionGate;
  /** Unique per server and account: RxDB keeps its checkpoints under it. */
  identifier: string;
  pullBatchSize: number;
  pushBatchSize: number;
  retry: RetryPolicy;
  live: boolean;
  now: () => number;
  /** Told after every request: whether it got an answer, and the error when not. */
  onRequest?: (outcome: { ok: true } | { ok: false; error: unknown }) => void;
  /** Told the checkpoint of every pull page (the engine checks pulses are covered). */
  onCheckpoint?: (checkpoint: ServerCheckpoint) => void;
  /** Awaited before every push: the rows this collection's rows refer to go up first. */
  beforePush?: () => Promise<void>;
  /** Resolves when this collection's pushes under way have been answered and recorded. */
  upstreamIdle?: () => Promise<void>;
  /** Told when the first sync of an empty collection starts and ends (first-sync.ts). */
  onFirstSync?: (running: boolean) => void;
  /** Awaited before this collection's first sync: the collections a screen needs first go ahead. */
  firstSyncAfter?: Promise<unknown>;
  /**
   * Resolves the next time the network returns (the engine's `online` event). A request waiting
   * to be retried is retried then, and its backoff starts over.
   */
  reconnected?: () => Promise<void>;
  /** The same for pulls: after a reconnection they go once the pushes have (see SyncEngine). */
  reconnectedPulls?: () => Promise<void>;
  /**
   * A push waits until no write has come for this long (ms; 0: at once), so that a burst of local
   * writes goes up as one batch instead of a push and an echo per write competing with the next.
   */
  pushQuietMs: number;
}

/** However long writes keep coming, what waits for quiet is pushed after this long (ms). */
const PUSH_MAX_WAIT_MS = 2000;

/**
 * RxDB's `waitBeforePersist`, called on every change of the collection after the change joined
 * RxDB's open tasks: one wait for all of them, which ends once no change has come for `quietMs`,
 * or `PUSH_MAX_WAIT_MS` after the first. RxDB then pushes everything that piled up in one go.
 */
function untilQuiet(quietMs: number): () => Promise<void> {
  let lastChangeAt = 0;
  let waiting: Promise<void> | null = null;
  return () => {
    lastChangeAt = performance.now();
    waiting ??= new Promise<void>((resolve) => {
      const firstChangeAt = lastChangeAt;
      const check = () => {
        const now = performance.now();
        const left = Math.min(quietMs - (now - lastChangeAt), PUSH_MAX_WAIT_MS - (now - firstChangeAt));
        if (left > 0) return void setTimeout(check, left);
        waiting = null;
        resolve();
      };
      setTimeout(check, quietMs);
    });
    return waiting;
  };
}

/**
 * Pushes the server accepted, by document: the server_rev they were based on. The server moves
 * server_rev on every write, so a pulled state at or below that revision is the state before
 * this device's accepted write (a pull that overtook the push): it is dropped once, and the
 * next pull brings the row as the server has it now.
 */
class AcceptedWrites {
  private readonly bases = new Map<string, number>();

  record(id: string, basedOn: number): void {
    this.bases.set(id, Math.max(basedOn, this.bases.get(id) ?? -1));
  }

  /** Whether a pulled state predates an accepted write of this device (forgets it either way). */
  predates(doc: MasterState): boolean {
    const base = this.bases.get(doc.id);
    if (base === undefined || doc._deleted || typeof doc.server_rev !== 'number') return false;
    this.bases.delete(doc.id);
    return doc.server_rev <= base;
  }
}

/**
 * Whether this collection pushed lately. A pull that overlapped a push waits until RxDB has taken
 * the push's answer (`upstreamIdle`); a pull with no push around it — an initial sync — does not
 * wait, so its pages are not held behind RxDB's bookkeeping of the rows it has just stored.
 */
class PushActivity {
  /** Longer than RxDB takes to record a push's answer after the handler returned. */
  private static readonly SETTLE_MS = 2000;
  private inFlight = 0;
  private lastAnsweredAt = -Infinity;

  begin(): void {
    this.inFlight += 1;
  }

  end(): void {
    this.inFlight -= 1;
    this.lastAnsweredAt = performance.now();
  }

  get recent(): boolean {
    return this.inFlight > 0 || performance.now() - this.lastAnsweredAt < PushActivity.SETTLE_MS;
  }
}

type Checkpoint = ServerCheckpoint;
/** A row RxDB hands to the push handler. */
type PushedRow = { newDocumentState: LocalState; assumedMasterState?: AssumedMasterState };

/** Compares two transaction keys (xid8 as decimal strings). */
function laterKey(a: Checkpoint | null | undefined, b: Checkpoint | null | undefined): boolean {
  if (!a) return false;
  if (!b) return true;
  const [x, y] = [BigInt(a.xid), BigInt(b.xid)];
  return x > y || (x === y && a.id > b.id);
}

/**
 * The pull side. Besides RxDB's page-by-page pull, it
 *   - drops deletions of rows this device never had: the server sends a deletion for every
 *     changed row the person may not see (S4), and storing those would keep ids the person was
 *     never shown — among them other sharees' profile ids, which S5 forbids on the device;
 *     since that can shorten a page, it reads on until a page is full or the server has no more
 *     (RxDB takes a short page as the end);
 *   - re-reads a collection from scratch when the server says the checkpoint is older than its
 *     tombstone horizon (S10), then deletes what this device has that the server did not send.
 */
class Puller {
  /** Ids the server sent during a re-read from scratch (null when none is under way). */
  private seen: Set<string> | null = null;
  private resyncSince = 0;
  /**
   * The server moves the checkpoint of a quiet collection up to its snapshot even when it sends
   * nothing, so that purges do not send it into a re-read; RxDB drops checkpoints of empty
   * pages, so the newest is kept here for the next pull of this session.
   */
  private newest: Checkpoint | null = null;

  constructor(
    private readonly config: CollectionReplicationConfig,
    private readonly accepted: AcceptedWrites,
    private readonly pushes: PushActivity,
  ) {}

  async pull(rxCheckpoint: Checkpoint | undefined, batchSize: number): Promise<{ documents: MasterState[]; checkpoint: Checkpoint | undefined }> {
    let from: Checkpoint | null;
    if (this.seen) from = rxCheckpoint?.resyncSince ? rxCheckpoint : null;
    else if (rxCheckpoint?.resyncSince) from = this.beginResync(); // the app stopped in the middle of one
    else from = laterKey(this.newest, rxCheckpoint) ? this.newest : (rxCheckpoint ?? null);

    const documents: MasterState[] = [];
    for (;;) {
      const response = await this.config.transport.pull(this.config.name, from && { xid: from.xid, id: from.id }, batchSize);
      if (response.resync) {
        // Also in the middle of a re-read (a purge moved the horizon past it): start it over with
        // a fresh set of ids seen, since rows seen before may have been deleted since.
        from = this.beginResync();
        documents.length = 0;
        continue;
      }
      const page = response.documents.map((doc) => fromServer(this.config.name, doc));
      documents.push(...(await this.withoutUnknownDeletions(page)).filter((doc) => !this.accepted.predates(doc)));
      if (response.checkpoint) {
        from = response.checkpoint;
        if (laterKey(from, this.newest)) this.newest = from;
      }
      const serverHasMore = page.length >= batchSize;
      if (!serverHasMore || documents.length >= batchSize) return this.finish(documents, from, serverHasMore);
    }
  }

  private beginResync(): null {
    this.seen = new Set();
    this.resyncSince = this.config.now();
    this.newest = null;
    return null;
  }

  private async finish(documents: MasterState[], checkpoint: Checkpoint | null, serverHasMore: boolean) {
    // A push answered while this pull was on its way must be recorded before RxDB looks at the
    // pulled rows: else it takes this device's accepted write for an unsent one and skips the
    // server's state of that row (its server_rev would stay behind).
    if (documents.length > 0 && this.pushes.recent) await this.config.upstreamIdle?.();
    const plain = checkpoint ? { ...checkpoint, resyncSince: undefined } : undefined;
    if (!this.seen) {
      if (checkpoint) this.config.onCheckpoint?.(checkpoint);
      return { documents, checkpoint: plain };
    }
    for (const doc of documents) {
      if (doc._deleted) this.seen.delete(doc.id);
      else this.seen.add(doc.id);
    }
    if (serverHasMore) return { documents, checkpoint: checkpoint ? { ...checkpoint, resyncSince: this.resyncSince } : undefined };
    // The re-read is complete: whatever this device still has that the server did not send is gone.
    const gone = await this.localIdsNotIn(this.seen);
    this.seen = null;
    if (checkpoint) this.config.onCheckpoint?.(checkpoint);
    return { documents: [...documents, ...gone.map((id) => deletionOf(this.config.name, id))], checkpoint: plain };
  }

  private async withoutUnknownDeletions(page: MasterState[]): Promise<MasterState[]> {
    const deletions = page.filter((doc) => doc._deleted).map((doc) => doc.id);
    if (deletions.length === 0) return page;
    const known = new Set(
      (await this.config.collection.storageInstance.findDocumentsById(deletions, true)).map((doc) => doc.id as string),
    );
    return page.filter((doc) => !doc._deleted || known.has(doc.id));
  }

  private async localIdsNotIn(seen: Set<string>): Promise<string[]> {
    // Local writes not yet pushed are not overwritten by RxDB's downstream: they stay and go up.
    const docs = await this.config.collection.find().exec();
    return docs.map((doc) => doc.primary as string).filter((id) => !seen.has(id));
  }
}

/**
 * A row the server could not take yet because a row it refers to has not arrived (a guest's
 * answer before the guest, issue 21): pushed again, never kept as a refusal.
 */
const RETRIED_REASONS: ReadonlySet<string> = new Set(['guest_not_synced']);

/** The push side: one request per batch, per-row outcomes into the ledger. */
class Pusher {
  constructor(
    private readonly config: CollectionReplicationConfig,
    private readonly accepted: AcceptedWrites,
    private readonly activity: PushActivity,
  ) {}

  async push(pushed: PushedRow[]): Promise<MasterState[]> {
    const { name, transport } = this.config;
    // A document stored by the first sync has its base with it rather than in RxDB's records.
    const rows: PushedRow[] = pushed.map((row) => {
      const assumed = row.assumedMasterState ?? syncBaseOf(row.newDocumentState);
      return { newDocumentState: withoutSyncBase(row.newDocumentState), assumedMasterState: assumed && withoutSyncBase(assumed) };
    });
    // A question written offline must reach the server before its answers (else: not_found).
    await this.config.beforePush?.();
    const request: PushRow[] = rows.map((row) => ({
      newDocumentState: row.newDocumentState,
      assumedMasterState: row.assumedMasterState ?? null,
    }));
    this.activity.begin();
    let response: Awaited<ReturnType<typeof transport.push>>;
    try {
      response = await transport.push(name, request);
    } finally {
      this.activity.end();
    }
    const masters = response.conflicts.map((doc) => fromServer(name, doc));
    const retried = response.rejected.filter((rejection) => RETRIED_REASONS.has(rejection.reason));
    const refused = await this.recordRefusals(rows, response.rejected.filter((rejection) => !RETRIED_REASONS.has(rejection.reason)));
    const answered = new Set([...masters, ...refused, ...retried].map((doc) => doc.id));
    await this.settleAccepted(rows.filter((row) => !answered.has(row.newDocumentState.id as string)));
    await this.settleConflicts(rows, masters);
    // Not a refusal: the batch goes again shortly, once the rows it refers to are pushed (its
    // accepted rows then come back as the server's state, equal to theirs, and settle).
    if (retried.length > 0) throw new WaitsForParentRows(`${name}: ${retried.length} row(s) wait for a row they refer to (${retried[0].reason})`);
    // To RxDB a refused row is a conflict whose master state wins (see conflict-handler.ts).
    return [...masters, ...refused];
  }

  /** Keeps each refused write in the ledger; returns the server's state of each refused row. */
  private async recordRefusals(rows: PushedRow[], rejected: PushRejection[]): Promise<MasterState[]> {
    const { name, gate, ledger } = this.config;
    const byId = new Map(rows.map((row) => [row.newDocumentState.id as string, row]));
    const refused = rejected.filter((rejection) => byId.has(rejection.id));
    const at = this.config.now();
    await ledger.reject(
      refused.map((rejection) => {
        const row = byId.get(rejection.id)!;
        return describeRejection(name, { newDocumentState: row.newDocumentState, assumedMasterState: row.assumedMasterState ?? null }, rejection, at);
      }),
    );
    return refused.map((rejection) => {
      const row = byId.get(rejection.id)!;
      gate.hold(name, row.newDocumentState);
      return rejection.document
        ? fromServer(name, rejection.document)
        : deletionOf(name, rejection.id, { notebook_id: row.newDocumentState.notebook_id });
    });
  }

  /** Accepted writes are no longer pending, unless the document was written again meanwhile. */
  private async settleAccepted(accepted: PushedRow[]): Promise<void> {
    if (accepted.length === 0) return;
    const { name, collection, ledger } = this.config;
    const ids = accepted.map((row) => row.newDocumentState.id as string);
    const current = new Map(
      (await collection.storageInstance.findDocumentsById(ids, true)).map((doc): [string, LocalState] => [doc.id, doc]),
    );
    const done = accepted.filter((row) => {
      const now = current.get(row.newDocumentState.id as string);
      return !now || sameDocument(now, row.newDocumentState);
    });
    await ledger.settle(done.map((row) => documentKey(name, row.newDocumentState.id as string)));
    // A write that carried a change went through: an earlier refusal of it no longer stands.
    const changed = accepted.filter((row) => !row.assumedMasterState || !sameDocument(row.assumedMasterState, row.newDocumentState));
    for (const row of changed) {
      const base = row.assumedMasterState?.server_rev;
      if (typeof base === 'number') this.accepted.record(row.newDocumentState.id as string, base);
    }
    await ledger.clearRejections(changed.map((row) => documentKey(name, row.newDocumentState.id as string)));
  }

  /** A conflict resolved to exactly the server's state leaves nothing to push: settled. */
  private async settleConflicts(rows: PushedRow[], masters: MasterState[]): Promise<void> {
    const { name, ledger } = this.config;
    const byId = new Map(rows.map((row) => [row.newDocumentState.id as string, row]));
    const resolvedToMaster = masters.filter((master) => {
      const row = byId.get(master.id);
      if (!row) return false;
      const resolved = resolveConflict<ReplicatedDocument>(name, {
        newDocumentState: row.newDocumentState,
        assumedMasterState: row.assumedMasterState,
        realMasterState: master,
      });
      return sameDocument(resolved, master);
    });
    await ledger.settle(resolvedToMaster.map((master) => documentKey(name, master.id)));
  }
}

/** A push whose rows wait for rows they refer to (guest_not_synced): retried soon, not backed off. */
export class WaitsForParentRows extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaitsForParentRows';
  }
}

/** A push waiting for the rows its rows refer to goes again after this long, doubling up to the next (ms). */
const PARENT_RETRY_MS = 100;
const PARENT_RETRY_MAX_MS = 1000;

/** A request that fails first thing after the network returned is tried again after this long (ms). */
const RETRY_AFTER_RECONNECT_MS = 250;

/** The wait before the next try, after `failures` failed tries in a row. */
export function retryDelayMs(policy: RetryPolicy, failures: number, error: unknown): number {
  if (error instanceof WaitsForParentRows) return Math.min(PARENT_RETRY_MS * 2 ** Math.min(failures - 1, 10), PARENT_RETRY_MAX_MS);
  return Math.min(policy.baseMs * 2 ** Math.min(failures - 1, 20), policy.maxMs);
}

/**
 * Wraps a request so that it is retried until it gets an answer (or the replication stops), each
 * outcome reported. RxDB's own retry (awaitRetry) waits out its whole `retryTime` whenever the
 * browser said it was online at the failure — and not at all outside a browser — so after a
 * failure on a network that had not yet come back, or a slow answer that timed out, a round's
 * answers waited up to a minute after the signal returned (issue 29). Here every wait ends on
 * `reconnected`, which also starts the backoff over; and a push that waits for its guests
 * (guest_not_synced) is retried within a second, whatever failed before it.
 */
function withRetries<Args extends unknown[], Result>(
  config: CollectionReplicationConfig,
  reconnected: (() => Promise<void>) | undefined,
  stopped: () => boolean,
  request: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  let failures = 0;
  // The first try after the network returned failed: it is often still coming up.
  let justReconnected = false;
  return async (...args) => {
    for (;;) {
      try {
        const result = await request(...args);
        failures = 0;
        justReconnected = false;
        config.onRequest?.({ ok: true });
        return result;
      } catch (error) {
        config.onRequest?.({ ok: false, error });
        // RxDB stops asking once the replication is stopped.
        if (stopped()) throw error;
        failures += 1;
        const delay = retryDelayMs(config.retry, failures, error);
        const wait = justReconnected && failures === 1 ? Math.min(delay, RETRY_AFTER_RECONNECT_MS) : delay;
        justReconnected = await waitToRetry(wait, reconnected);
        if (justReconnected) failures = 0;
        if (stopped()) throw error;
      }
    }
  };
}

/** Waits `ms`, or until the network returns (then resolves true). */
async function waitToRetry(ms: number, reconnected: (() => Promise<void>) | undefined): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([elapsed, ...(reconnected ? [reconnected().then(() => true as const)] : [])]);
  } finally {
    clearTimeout(timer);
  }
}

export function replicateCollection(config: CollectionReplicationConfig): RxReplicationState<ReplicatedDocument, Checkpoint> {
  const accepted = new AcceptedWrites();
  const pushes = new PushActivity();
  const puller = new Puller(config, accepted, pushes);
  const pusher = new Pusher(config, accepted, pushes);
  let state: RxReplicationState<ReplicatedDocument, Checkpoint> | undefined;
  // RxDB reads the initial checkpoints from these objects when it starts (after the first sync).
  const pull = {
    batchSize: config.pullBatchSize,
    handler: withRetries(config, config.reconnectedPulls, () => state?.isStopped() ?? false, (checkpoint: Checkpoint | undefined, batchSize: number) => puller.pull(checkpoint, batchSize)),
    initialCheckpoint: undefined as Checkpoint | undefined,
  };
  const push = {
    ...(config.pushQuietMs > 0 ? { waitBeforePersist: untilQuiet(config.pushQuietMs) } : {}),
    batchSize: config.pushBatchSize,
    handler: withRetries(config, config.reconnected, () => state?.isStopped() ?? false, (rows: PushedRow[]) => pusher.push(rows)),
    initialCheckpoint: undefined as unknown,
  };
  state = replicateRxCollection<ReplicatedDocument, Checkpoint>({
    replicationIdentifier: config.identifier,
    collection: config.collection,
    live: config.live,
    retryTime: config.retry.baseMs,
    waitForLeadership: true,
    autoStart: false,
    pull,
    push,
  });
  void startAfterFirstSync(config, state, pull, push);
  return state;
}

/**
 * One tab replicates (RxDB's leader election); the others see its writes in the shared storage.
 * The leader runs the first sync of an empty collection (first-sync.ts), then RxDB's replication
 * from where it ended.
 */
async function startAfterFirstSync(
  config: CollectionReplicationConfig,
  state: RxReplicationState<ReplicatedDocument, Checkpoint>,
  pull: { initialCheckpoint: Checkpoint | undefined },
  push: { initialCheckpoint: unknown },
): Promise<void> {
  const db = config.collection.database;
  if (db.multiInstance) await db.waitForLeadership();
  if (state.isStopped()) return;
  // Counted as syncing while it waits for the collections that go first.
  config.onFirstSync?.(true);
  try {
    await config.firstSyncAfter;
    if (state.isStopped()) return;
    const start = await firstSync({
      name: config.name,
      collection: config.collection,
      transport: config.transport,
      identifier: config.identifier,
      batchSize: config.pullBatchSize,
      cancelled: () => state.isStopped(),
      onRequest: config.onRequest,
      onCheckpoint: config.onCheckpoint,
    }).catch((error) => {
      console.warn(`[data] first sync of ${config.name} skipped`, error);
      return null;
    });
    if (start) {
      pull.initialCheckpoint = start.downstream;
      push.initialCheckpoint = start.upstream;
    }
  } finally {
    config.onFirstSync?.(false);
  }
  // Errors of start() reach error$ (RxDB retries the requests themselves).
  if (!state.isStopped()) await state.start().catch(() => undefined);
}
