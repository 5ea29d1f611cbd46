/**
 * Replication of a whole local database for one signed-in person: every collection it has, live.
 *
 *   start()   in the tab that wins RxDB's leader election (the only one when multiInstance is
 *             off): one replication per collection, the Realtime subscription to the person's
 *             pulses, and a new round when the browser comes back online
 *   stop()    on sign-out: replications cancelled, subscription closed
 *
 * Live updates: the server inserts a row in replication_pulses for every person a transaction
 * concerns (supabase/schemas/replication.sql); the row carries only the transaction id and the
 * names of the collections the transaction changed for that person (issue 34). Each pulse, and
 * the all-zero id for changes everyone replicates (forbidden words), makes the collections it
 * names pull from their checkpoints (reSync) — every collection when it names none (a change of
 * access, S4, or a server from before the list) or one this app does not know. It works the same
 * on hosted Supabase and on the sync-server.
 *
 * A pull hands out rows only below the oldest transaction still running (S3), so a pull made
 * right after a pulse can come back without that transaction's rows when some other, unrelated
 * transaction is still open — and nothing would pulse this person again. So the engine
 * remembers, per collection, the highest transaction id a pulse named it in and pulls again, with
 * backoff, until that collection's checkpoint has passed it. A slow poll catches pulses lost with the socket.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject, combineLatest, debounceTime, distinctUntilChanged, filter, firstValueFrom, map, race, type Subscription } from 'rxjs';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { RxCollection, RxDatabase } from 'rxdb';
import { rejectionGateOf } from '../db.ts';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/index.ts';
import { replicateCollection, type RetryPolicy } from './collection-replication.ts';
import type { ReplicatedDocument } from './conflicts.ts';
import { documentKey, type SyncLedger } from './ledger.ts';
import { PULL_BATCH, SYNCED_FIRST, withFirstPages } from './first-pages.ts';
import { rpcTransport, type ReplicationTransport, type ServerCheckpoint } from './transport.ts';

/** The id whose pulses everyone receives (changes of data every person replicates). */
export const EVERYONE = '00000000-0000-0000-0000-000000000000';

/**
 * The collections a pulse names: null for every collection — an empty list (a change of access,
 * S4; servers before issue 34 send none), a missing or unreadable one, or a name this app does not
 * know (a newer server's collection). Realtime hands a text[] over as an array; a Postgres array
 * literal ('{a,b}') is read too.
 */
export function pulsedCollections(value: unknown): CollectionName[] | null {
  let names: unknown = value;
  if (typeof names === 'string') {
    const literal = /^\{(.*)\}$/.exec(names.trim());
    if (!literal) return null;
    names = literal[1] === '' ? [] : literal[1].split(',').map((name) => name.replace(/^"|"$/g, ''));
  }
  if (!Array.isArray(names) || names.length === 0) return null;
  const known = new Set<string>(COLLECTION_NAMES);
  if (!names.every((name): name is CollectionName => typeof name === 'string' && known.has(name))) return null;
  return [...new Set(names)];
}

export interface SyncEngineOptions {
  db: RxDatabase;
  ledger: SyncLedger;
  userId: string;
  /** The person's supabase-js client: RPCs carry its session, Realtime its token. */
  client: SupabaseClient;
  /** Names the server in RxDB's checkpoints (a different server starts from scratch). */
  serverUrl: string;
  /** Replace the RPC transport (benchmarks, tests). */
  transport?: ReplicationTransport;
  /** Realtime pulses (default true). */
  live?: boolean;
  retry?: RetryPolicy;
  pullBatchSize?: number;
  pushBatchSize?: number;
  /** Where `online` events come from (the window in a browser). */
  networkEvents?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  now?: () => number;
  /** Pulses closer together than this make one round (ms). */
  pulseDebounceMs?: number;
  /** First wait before checking that a pulse's transaction has been pulled (ms, doubles). */
  coverageCheckMs?: number;
  /** A round every so often even without pulses (ms; 0 turns it off). */
  pollIntervalMs?: number;
  /** A push waits for this long without writes (ms; see collection-replication.ts). */
  pushQuietMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 1000, maxMs: 60_000 };
/** The server takes at most 500 rows per push (and hands out at most PULL_BATCH documents per pull). */
const PUSH_BATCH = 250;
/** Longer than the gap between writes of one gesture (a drag that reorders, "approve all"). */
const PUSH_QUIET_MS = 250;
const COVERAGE_ATTEMPTS = 10;
/** A pull waits at most this long for a push under way (a push stuck retrying must not stall pulls). */
const UPSTREAM_WAIT_MS = 5000;

/**
 * What each collection's rows refer to: those rows are pushed first, so that a notebook, its
 * questions and their answers written offline arrive in an order the server accepts.
 */
const PUSHED_AFTER: Partial<Record<CollectionName, CollectionName[]>> = {
  questions: ['notebooks'],
  // A guest's answers refer to the guest's row (issue 21): guests go up first.
  answers: ['notebooks', 'questions', 'guests'],
  guests: ['notebooks'],
  notebook_shares: ['notebooks'],
  notebook_collaborators: ['notebooks'],
  invite_links: ['notebooks'],
  favorites: ['notebooks'],
  // A report of something written on this device goes up after it (issue 33).
  reports: ['notebooks', 'questions', 'answers'],
};

/** Resolves when the pushes under way of a replication have been answered (at most `limitMs`). */
async function upstreamIdle(replication: RxReplicationState<ReplicatedDocument, ServerCheckpoint> | undefined, limitMs: number): Promise<void> {
  const queue = replication?.internalReplicationState?.streamQueue.up;
  if (!queue) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([queue, new Promise((resolve) => (timer = setTimeout(resolve, limitMs)))]);
  clearTimeout(timer);
}

/** Resolves when a replication has pushed everything written before this call (or was cancelled). */
async function upstreamSettled(replication: RxReplicationState<ReplicatedDocument, ServerCheckpoint>): Promise<void> {
  await replication.startPromise;
  const internal = replication.internalReplicationState;
  if (!internal || replication.isStopped()) return;
  const cancelled = internal.events.canceled.pipe(filter(Boolean));
  // A replication cancelled meanwhile (a sign-out right after a write) completes these streams
  // without a value: that too is settled, not an error nobody would catch.
  const settled = { defaultValue: undefined };
  await firstValueFrom(race(internal.firstSyncDone.up.pipe(filter(Boolean)), cancelled), settled);
  // Writes waiting for quiet before their push are not in the queue yet, but keep it active.
  await firstValueFrom(race(internal.events.active.up.pipe(filter((active) => !active)), cancelled), settled);
  await internal.streamQueue.up;
}

const COVERAGE_MAX_WAIT_MS = 5000;
/**
 * When the network returns, what waited to be pushed goes up before the pulls are asked for: a
 * browser opens at most six connections to a server, and thirteen pulls answered slowly would
 * otherwise keep a round's answers waiting behind them. The pulls wait at most this long (ms).
 */
const PUSHES_FIRST_MAX_WAIT_MS = 2000;

/** A promise and its resolve: a signal that can be given once, then replaced. */
function signal(): { promise: Promise<void>; give: () => void } {
  let give!: () => void;
  const promise = new Promise<void>((resolve) => (give = resolve));
  return { promise, give };
}

/*
 * SYNCED_FIRST (first-pages.ts), a notebook's own rows: their first sync goes before the other
 * collections' (issue 20). Someone who opens the notebook they were just invited to waits for these
 * pulls, not for eleven that the server answers one after the other; the rest follow as soon as
 * these are stored. Their share comes too: it is their role (redeem_invite writes it), without
 * which the notebook opens read-only until everything else has come. After a sign-up from an
 * invitation their first pages were asked for while the database opened (withFirstPages).
 */
/** The other collections never wait longer than this for them (a slow first page). */
const SYNCED_FIRST_WAIT_MS = 5000;

export class SyncEngine {
  readonly replications = new Map<CollectionName, RxReplicationState<ReplicatedDocument, ServerCheckpoint>>();
  private channel: RealtimeChannel | null = null;
  private readonly subscriptions: Subscription[] = [];
  private readonly pulses = new BehaviorSubject(0);
  /** The collections the pulses since the last round named (null: every collection). */
  private pulsedNames: Set<CollectionName> | null = new Set();
  /** Collections in their first sync (before RxDB's replication of them starts). */
  private readonly firstSyncs = new BehaviorSubject(0);
  private stopped = false;
  private lastRequestOk = true;
  private readonly onOnline = () => this.reconnect();
  /** Given when the network returns (and on stop): requests waiting to be retried go at once. */
  private reconnected = signal();
  /** Given once the pushes after a reconnection went up (at most PUSHES_FIRST_MAX_WAIT_MS later). */
  private reconnectedPulls = signal();
  /** While the pushes after a reconnection go up: the pulls asked for meanwhile wait for them. */
  private pushesFirst: Promise<void> | null = null;
  /** The collections whose pulls wait for those pushes (null: every collection). */
  private pullsWaiting: Set<CollectionName> | null | false = false;
  /** Per collection, the highest transaction id a pulse named it in, and its pull checkpoint. */
  private readonly pulsedTxid = new Map<CollectionName, bigint>();
  private readonly pulledUpTo = new Map<CollectionName, bigint>();
  private coverageTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: SyncEngineOptions) {}

  /** Starts replicating once this tab leads (at once when it is the only one). */
  async start(): Promise<void> {
    const { db } = this.options;
    const transport = withFirstPages(this.options.transport ?? rpcTransport(this.options.client), this.options.userId);
    const gate = rejectionGateOf(db);
    gate.onAlreadyReplicated = (name, id) => void this.options.ledger.settle([documentKey(name, id)]);
    const collections = db.collections as Record<string, RxCollection | undefined>;
    const leaders = SYNCED_FIRST.filter((name) => collections[name]);
    let leadersDone!: () => void;
    const leadersSynced = new Promise<void>((resolve) => (leadersDone = resolve));
    let leadersPending = leaders.length;
    if (leadersPending === 0) leadersDone();
    const afterLeaders = Promise.race([leadersSynced, new Promise((resolve) => setTimeout(resolve, SYNCED_FIRST_WAIT_MS))]);
    for (const name of COLLECTION_NAMES) {
      const collection = collections[name];
      if (!collection) continue;
      const leads = leaders.includes(name);
      this.replications.set(
        name,
        replicateCollection({
          name,
          collection,
          transport,
          ledger: this.options.ledger,
          gate,
          identifier: `cadernos-${name}-${this.options.serverUrl}-${this.options.userId}`,
          pullBatchSize: this.options.pullBatchSize ?? PULL_BATCH,
          pushBatchSize: this.options.pushBatchSize ?? PUSH_BATCH,
          pushQuietMs: this.options.pushQuietMs ?? PUSH_QUIET_MS,
          retry: this.options.retry ?? DEFAULT_RETRY,
          live: true,
          now: this.options.now ?? Date.now,
          onRequest: (outcome) => this.recordOutcome(outcome),
          onCheckpoint: (checkpoint) => this.recordCheckpoint(name, checkpoint),
          beforePush: () => this.parentsPushed(name),
          upstreamIdle: () => upstreamIdle(this.replications.get(name), UPSTREAM_WAIT_MS),
          onFirstSync: (running) => {
            this.firstSyncs.next(this.firstSyncs.value + (running ? 1 : -1));
            if (leads && !running && --leadersPending === 0) leadersDone();
          },
          firstSyncAfter: leads ? undefined : afterLeaders,
          reconnected: () => this.reconnected.promise,
          reconnectedPulls: () => this.reconnectedPulls.promise,
        }),
      );
    }
    this.watchActivity();
    this.options.networkEvents?.addEventListener('online', this.onOnline);
    this.subscriptions.push(
      this.pulses.pipe(debounceTime(this.options.pulseDebounceMs ?? 25)).subscribe((n) => {
        if (n === 0) return;
        const names = this.pulsedNames;
        this.pulsedNames = new Set();
        this.syncNow(names ?? undefined);
      }),
    );
    if (this.options.live !== false) void this.listenForPulses();
    const poll = this.options.pollIntervalMs ?? 5 * 60_000;
    if (poll > 0) this.pollTimer = setInterval(() => this.syncNow(), poll);
  }

  /**
   * A new round: the collections named (every one when none are) pull from their checkpoints;
   * what is pending is pushed.
   */
  syncNow(names?: Iterable<CollectionName>): void {
    if (this.stopped) return;
    const only = names === undefined ? null : new Set(names);
    if (this.pushesFirst) {
      this.pullsWaiting = mergeNames(this.pullsWaiting === false ? new Set() : this.pullsWaiting, only);
      return;
    }
    for (const [name, replication] of this.replications) {
      if (!only || only.has(name)) replication.reSync();
    }
  }

  /**
   * The network is back (S2): every request waiting for a retry goes now, with its backoff
   * started over — whatever failed while the signal was gone, and however long the waits had
   * grown — and the pushes go ahead of the new round's pulls.
   */
  private reconnect(): void {
    if (this.stopped) return;
    const waiting = this.reconnected;
    this.reconnected = signal();
    waiting.give();
    if (this.pushesFirst) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pushed = Promise.all([...this.replications.values()].map((replication) => upstreamIdle(replication, PUSHES_FIRST_MAX_WAIT_MS)));
    this.pullsWaiting = null;
    this.pushesFirst = Promise.race([pushed, new Promise((resolve) => (timer = setTimeout(resolve, PUSHES_FIRST_MAX_WAIT_MS)))]).then(() => {
      clearTimeout(timer);
      this.pushesFirst = null;
      const pulls = this.reconnectedPulls;
      this.reconnectedPulls = signal();
      pulls.give();
      const waiting = this.pullsWaiting;
      if (waiting !== false) {
        this.pullsWaiting = false;
        this.syncNow(waiting ?? undefined);
      }
    });
  }

  /** Resolves true when every collection is in sync, false when `timeoutMs` passes first (offline). */
  async awaitInSync(timeoutMs: number): Promise<boolean> {
    // RxDB's awaitInSync rejects (rxjs' EmptyError) when the replication is cancelled first — a
    // sign-out right after a write; that is "not in sync", and never an unhandled rejection once
    // the timeout has won the race.
    const inSync = Promise.all([...this.replications.values()].map((r) => r.awaitInSync())).then(
      () => true,
      () => false,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([inSync, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.coverageTimer);
    clearInterval(this.pollTimer);
    this.options.networkEvents?.removeEventListener('online', this.onOnline);
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    if (this.channel) {
      const channel = this.channel;
      this.channel = null;
      await this.options.client.removeChannel(channel).catch(() => undefined);
    }
    await Promise.all([...this.replications.values()].map((replication) => replication.cancel()));
    // Requests waiting to be retried see the replication stopped and end.
    this.reconnected.give();
    this.reconnectedPulls.give();
    await this.options.ledger.setProgress({ syncing: false }).catch(() => undefined);
  }

  private async listenForPulses(): Promise<void> {
    // Only the leading tab listens: it is the one that replicates.
    await this.options.db.waitForLeadership();
    if (this.stopped) return;
    const pulse = (payload?: { new?: { txid?: number | string; collections?: unknown } }) => {
      const names = payload?.new ? pulsedCollections(payload.new.collections) : null;
      const txid = payload?.new?.txid;
      if (txid !== undefined) {
        let later = false;
        for (const name of names ?? this.replications.keys()) {
          if (BigInt(txid) > (this.pulsedTxid.get(name) ?? 0n)) {
            this.pulsedTxid.set(name, BigInt(txid));
            later = true;
          }
        }
        if (later) this.checkCoverage(this.options.coverageCheckMs ?? 250, COVERAGE_ATTEMPTS);
      }
      this.pulsedNames = mergeNames(this.pulsedNames, names && new Set(names));
      this.pulses.next(this.pulses.value + 1);
    };
    const table = { event: 'INSERT' as const, schema: 'public', table: 'replication_pulses' };
    this.channel = this.options.client
      .channel(`replication-pulses:${this.options.userId}`)
      .on('postgres_changes', { ...table, filter: `user_id=eq.${this.options.userId}` }, pulse)
      .on('postgres_changes', { ...table, filter: `user_id=eq.${EVERYONE}` }, pulse)
      .subscribe((status) => {
        // (Re)joined: whatever happened while the socket was down is pulled now.
        if (status === 'SUBSCRIBED') pulse();
      });
  }

  /**
   * Waits for the pushes of the collections whose rows this one's refer to — those with writes
   * still pending only: a parent with nothing to push may be busy with a new round (its RESYNC
   * waits on checkpoints the pulls are writing), and a round's answers must not wait for the
   * pulls after a reconnection (issue 29).
   */
  private async parentsPushed(name: CollectionName): Promise<void> {
    const parents = PUSHED_AFTER[name] ?? [];
    if (parents.length === 0) return;
    const pendingKeys = Object.keys(await this.options.ledger.pending());
    const withPending = parents.filter((parent) => pendingKeys.some((key) => key.startsWith(documentKey(parent, ''))));
    const replications = withPending.map((parent) => this.replications.get(parent)).filter((r) => r !== undefined);
    await Promise.all(replications.map(upstreamSettled));
  }

  private recordCheckpoint(name: CollectionName, checkpoint: ServerCheckpoint): void {
    const xid = BigInt(checkpoint.xid);
    if (xid > (this.pulledUpTo.get(name) ?? 0n)) this.pulledUpTo.set(name, xid);
  }

  /** The collections that have not yet pulled past the last transaction a pulse named them in. */
  private uncovered(): CollectionName[] {
    return [...this.replications.keys()].filter((name) => (this.pulledUpTo.get(name) ?? 0n) <= (this.pulsedTxid.get(name) ?? -1n));
  }

  private checkCoverage(waitMs: number, attemptsLeft: number): void {
    clearTimeout(this.coverageTimer);
    this.coverageTimer = setTimeout(() => {
      const behind = this.uncovered();
      if (this.stopped || behind.length === 0 || attemptsLeft <= 0) return;
      this.syncNow(behind);
      this.checkCoverage(Math.min(waitMs * 2, COVERAGE_MAX_WAIT_MS), attemptsLeft - 1);
    }, waitMs);
  }

  private recordOutcome(outcome: { ok: true } | { ok: false; error: unknown }): void {
    this.lastRequestOk = outcome.ok;
    const lastError = outcome.ok ? null : ((outcome.error as Error)?.message ?? String(outcome.error));
    if (!outcome.ok) void this.options.ledger.setProgress({ lastError });
  }

  /** syncing while any collection is active; a round that ends after a success is "last synced". */
  private watchActivity(): void {
    const actives = [...this.replications.values()].map((replication) => replication.active$);
    if (actives.length === 0) return;
    this.subscriptions.push(
      combineLatest([this.firstSyncs, ...actives])
        .pipe(
          map(([firstSyncs, ...states]) => firstSyncs > 0 || states.some(Boolean)),
          distinctUntilChanged(),
        )
        .subscribe((syncing) => {
          if (this.stopped) return;
          const progress = syncing || !this.lastRequestOk
            ? { syncing }
            : { syncing, lastSyncedAt: (this.options.now ?? Date.now)(), lastError: null };
          void this.options.ledger.setProgress(progress);
        }),
    );
  }
}

/** Two sets of collections to pull as one (null: every collection). */
function mergeNames(a: Set<CollectionName> | null, b: Set<CollectionName> | null): Set<CollectionName> | null {
  if (a === null || b === null) return null;
  return new Set([...a, ...b]);
}
