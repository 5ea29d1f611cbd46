import type { Database, Queryable } from './types.ts';
import type { JwtClaims } from '../jwt.ts';

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
  extra: { method?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true)`,
      [
        claims.role,
        JSON.stringify(claims),
        claims.sub ?? '',
        extra.method ?? '',
        extra.path ?? '',
        JSON.stringify(extra.headers ?? {}),
      ],
    );
    return fn(tx);
  });
}
