/**
 * The SQL functions the replication talks to, called as RPC through supabase-js (so the same
 * code works against hosted Supabase and the sync-server):
 *
 *   replication_pull(p_collection, p_checkpoint, p_limit) → {documents, checkpoint, resync?}
 *   replication_pull_many(p_pulls)                        → the same, for several pulls at once
 *   replication_push(p_collection, p_rows)                → {conflicts, rejected}
 *
 * See supabase/migrations/20261124100300_replication.sql for what they promise (S3–S10).
 * A failed request throws: RxDB retries the whole call later. Per-row refusals are not failures.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CollectionName } from '../schemas/index.ts';

/** Where a pull stopped: (transaction key, id). Opaque to the client except for `resyncSince`. */
export interface ServerCheckpoint {
  xid: string;
  id: string;
  /**
   * Set by this client while it re-reads a collection from scratch because the server said its
   * checkpoint was older than the tombstone retention (S10): when the pass began (ms).
   */
  resyncSince?: number;
}

export type ServerDoc = Record<string, unknown> & { id: string; _deleted: boolean };

export interface PullResponse {
  documents: ServerDoc[];
  checkpoint: ServerCheckpoint | null;
  resync?: boolean;
}

export interface PushRow {
  newDocumentState: Record<string, unknown>;
  assumedMasterState: Record<string, unknown> | null;
}

export interface PushRejection {
  id: string;
  /** The reason code (src/data/problems.ts SERVER_REFUSAL_CODES): forbidden_words, not_allowed, … */
  reason: string;
  /** The SQLSTATE. */
  code: string;
  /** Developer text, for logs: never shown, never parsed. */
  message: string;
  /** The refusal's parameters: for forbidden_words, the words (null when there are none). */
  details?: unknown;
  /** The row as the server has it, when the caller may see it. */
  document: ServerDoc | null;
}

export interface PushResponse {
  conflicts: ServerDoc[];
  rejected: PushRejection[];
}

export interface ReplicationTransport {
  pull(collection: CollectionName, checkpoint: ServerCheckpoint | null, limit: number): Promise<PullResponse>;
  push(collection: CollectionName, rows: PushRow[]): Promise<PushResponse>;
}

/** A request that did not get an answer from the server function (network, auth, server error). */
export class ReplicationRequestError extends Error {
  constructor(
    message: string,
    /** The SQLSTATE or HTTP-level code. */
    readonly code: string | undefined,
    /** The server's reason code (account_banned, account_deleted, not_authenticated, …). */
    readonly reason: string | undefined,
  ) {
    super(message);
    this.name = 'ReplicationRequestError';
  }
}

function failure(error: { message?: string; code?: string; hint?: string } | null): ReplicationRequestError {
  return new ReplicationRequestError(error?.message || 'replication request failed', error?.code, error?.hint || undefined);
}

/**
 * Pulls asked for within this long of each other go in one request. A round (a pulse, the network
 * coming back, a first sync) asks all thirteen collections within a few milliseconds; one request
 * instead of thirteen spares the server thirteen times its per-request work (issue 34: a class of
 * forty phones on one laptop) and the phone five of its six connections.
 */
export const PULL_GATHER_MS = 10;

interface PullCall {
  p_collection: CollectionName;
  p_checkpoint: { xid: string; id: string } | null;
  p_limit: number;
}

/** The transport over a supabase-js client (its session supplies the bearer token). */
export function rpcTransport(client: SupabaseClient): ReplicationTransport {
  const pullOne = async (call: PullCall): Promise<PullResponse> => {
    const { data, error } = await client.rpc('replication_pull', call);
    if (error || !data) throw failure(error);
    return data as PullResponse;
  };
  return {
    pull: gatheredPulls(client, pullOne),
    async push(collection, rows) {
      const { data, error } = await client.rpc('replication_push', { p_collection: collection, p_rows: rows });
      if (error || !data) throw failure(error);
      return data as PushResponse;
    },
  };
}

/**
 * `pull` that gathers the calls made within PULL_GATHER_MS into one replication_pull_many request
 * (a single call stays a replication_pull). A failed request fails each of its pulls: each
 * collection's replication retries its own, as before. A server without replication_pull_many (a
 * project whose migrations are behind the app) is asked one pull at a time.
 */
function gatheredPulls(client: SupabaseClient, pullOne: (call: PullCall) => Promise<PullResponse>): ReplicationTransport['pull'] {
  let waiting: { call: PullCall; resolve: (page: PullResponse) => void; reject: (error: unknown) => void }[] = [];
  let manyMissing = false;

  /** The server takes at most this many pulls in one request. */
  const MOST_AT_ONCE = 20;

  async function send(batch: typeof waiting): Promise<void> {
    if (batch.length === 1 || manyMissing) {
      for (const pull of batch) pullOne(pull.call).then(pull.resolve, pull.reject);
      return;
    }
    const pulls = batch.map(({ call }) => ({ collection: call.p_collection, checkpoint: call.p_checkpoint, limit: call.p_limit }));
    const { data, error } = await client.rpc('replication_pull_many', { p_pulls: pulls });
    if (error?.code === 'PGRST202') {
      manyMissing = true;
      return send(batch);
    }
    const pages = data as PullResponse[] | null;
    if (error || !Array.isArray(pages) || pages.length !== batch.length) throw failure(error);
    batch.forEach((pull, index) => pull.resolve(pages[index]));
  }

  function flush() {
    const all = waiting;
    waiting = [];
    for (let start = 0; start < all.length; start += MOST_AT_ONCE) {
      const batch = all.slice(start, start + MOST_AT_ONCE);
      send(batch).catch((error: unknown) => batch.forEach((pull) => pull.reject(error)));
    }
  }

  return (collection, checkpoint, limit) =>
    new Promise<PullResponse>((resolve, reject) => {
      const call = { p_collection: collection, p_checkpoint: checkpoint ? { xid: checkpoint.xid, id: checkpoint.id } : null, p_limit: limit };
      if (waiting.length === 0) setTimeout(flush, PULL_GATHER_MS);
      waiting.push({ call, resolve, reject });
    });
}
