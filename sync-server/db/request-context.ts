import type { Database, Queryable } from './types.ts';
import type { JwtClaims } from '../jwt.ts';
import type { PipelinedQueryable } from './pglite.ts';

export interface RequestExtra {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** The role's own settings (statement_timeout …), set for the transaction as PostgREST does. */
  settings?: [string, string][];
  /** READ ONLY transaction (PostgREST's for GET/HEAD and stable or immutable functions). */
  readOnly?: boolean;
}

/**
 * Every setting of the request in one statement (one round trip; on PGlite it goes with the
 * request's own statement in one pass): the role, the claims, the request's method, path and
 * headers, the role's settings and the transaction's read-only mode.
 */
const PREAMBLE = `select set_config('role', $1, true),
       set_config('request.jwt.claims', $2, true),
       set_config('request.jwt.claim.sub', $3, true),
       set_config('request.jwt.claim.role', $1, true),
       set_config('request.method', $4, true),
       set_config('request.path', $5, true),
       set_config('request.headers', $6, true),
       (select count(set_config(s.k, s.v, true)) from unnest($7::text[], $8::text[]) as s(k, v)),
       case when $9::boolean then set_config('transaction_read_only', 'on', true) end`;

/** A transaction that takes deferred statements (PGlite's: they go with its next statement). */
function isPipelined(tx: Queryable): tx is PipelinedQueryable {
  return typeof (tx as Partial<PipelinedQueryable>).defer === 'function';
}

/**
 * Runs fn in one transaction as the request's role with its JWT claims, exactly as PostgREST does:
 * `set_config('role', …, true)` and `set_config('request.jwt.claims', …, true)` (plus the
 * pre-9.x per-claim settings that older policies read). RLS and auth.uid() see the caller.
 * The role must already be checked with isApiRole().
 */
export async function asRequester<T>(
  db: Database,
  claims: JwtClaims,
  fn: (tx: Queryable) => Promise<T>,
  extra: RequestExtra = {},
): Promise<T> {
  const settings = extra.settings ?? [];
  const params = [
    claims.role,
    JSON.stringify(claims),
    claims.sub ?? '',
    extra.method ?? '',
    extra.path ?? '',
    JSON.stringify(extra.headers ?? {}),
    settings.map(([k]) => k),
    settings.map(([, v]) => v),
    extra.readOnly === true,
  ];
  return db.transaction(async (tx) => {
    if (isPipelined(tx)) tx.defer(PREAMBLE, params);
    else await tx.query(PREAMBLE, params);
    return fn(tx);
  });
}
