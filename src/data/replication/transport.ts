/**
 * The two SQL functions the replication talks to, called as RPC through supabase-js (so the
 * same code works against hosted Supabase and the sync-server):
 *
 *   replication_pull(p_collection, p_checkpoint, p_limit) → {documents, checkpoint, resync?}
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

/** The transport over a supabase-js client (its session supplies the bearer token). */
export function rpcTransport(client: SupabaseClient): ReplicationTransport {
  return {
    async pull(collection, checkpoint, limit) {
      const serverCheckpoint = checkpoint ? { xid: checkpoint.xid, id: checkpoint.id } : null;
      const { data, error } = await client.rpc('replication_pull', {
        p_collection: collection,
        p_checkpoint: serverCheckpoint,
        p_limit: limit,
      });
      if (error || !data) throw failure(error);
      return data as PullResponse;
    },
    async push(collection, rows) {
      const { data, error } = await client.rpc('replication_push', { p_collection: collection, p_rows: rows });
      if (error || !data) throw failure(error);
      return data as PushResponse;
    },
  };
}
