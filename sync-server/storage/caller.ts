import type { Context } from 'hono';
import type { Database, Queryable } from '../db/types.ts';
import { asRequester } from '../db/request-context.ts';
import { bearerToken, isApiRole, JwtError, type JwtClaims, type JwtService } from '../jwt.ts';
import { ERRORS } from './errors.ts';

/** Who is calling: verified claims, and whether a valid token was presented at all. */
export interface Caller {
  claims: JwtClaims;
  authenticated: boolean;
}

const ANONYMOUS: Caller = { claims: { role: 'anon' }, authenticated: false };

/**
 * The caller of a Storage request, as Supabase Storage's JWT plugin decides it: a valid token is
 * required (AccessDenied otherwise) except on routes that allow anonymous access, where a missing
 * or invalid token means the anon role. A role we do not know is refused, never SET ROLE'd.
 */
export async function callerOf(c: Context, jwt: JwtService, options: { allowAnonymous?: boolean } = {}): Promise<Caller> {
  const token = bearerToken(c.req.raw.headers);
  if (!token) {
    if (options.allowAnonymous) return ANONYMOUS;
    throw ERRORS.accessDenied('jwt must be provided');
  }
  let claims: JwtClaims;
  try {
    claims = await jwt.verify(token);
  } catch (error) {
    if (options.allowAnonymous) return ANONYMOUS;
    throw ERRORS.accessDenied(error instanceof JwtError && error.reason === 'expired' ? 'jwt expired' : 'invalid JWT');
  }
  if (!isApiRole(claims.role)) throw ERRORS.invalidRole();
  return { claims, authenticated: true };
}

/**
 * Deletes are allowed, and the files of the rows deleted are this API's to remove (schema.sql:
 * rows deleted by anything else leave their names in storage.removed_files).
 */
const API_DELETES = `select set_config('storage.allow_delete_query', 'true', true), set_config('storage.api_removes_files', 'on', true)`;

/**
 * Runs fn in one transaction as the caller (role + request.jwt.claims), so the RLS policies of
 * storage.objects and storage.buckets decide; service_role bypasses them as on Supabase. Deletes
 * are allowed in this transaction: bootstrap's guard trigger refuses direct SQL deletes, as
 * Supabase's storage.protect_delete() does.
 */
export function asCaller<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return asRequester(db, caller.claims, async (tx) => {
    await tx.query(API_DELETES);
    return fn(tx);
  });
}

/** Runs fn as the database owner (no RLS) with deletes allowed: bucket flags, public objects. */
export function asAdmin<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(API_DELETES);
    return fn(tx);
  });
}

/** The value stored in objects.owner (a uuid column) and owner_id (text) for the caller. */
export function ownerColumns(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' && caller.claims.sub !== '' ? caller.claims.sub : null;
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, ownerId: sub };
}
