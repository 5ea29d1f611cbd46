import type { Queryable } from '../db/types.ts';
import { JwtError, isApiRole, type JwtClaims, type JwtService } from '../jwt.ts';

/** A verified channel token: claims with the role and expiry Realtime requires. */
export interface ChannelAuth {
  token: string;
  claims: JwtClaims & { role: string; exp: number };
}

export type AuthResult = { ok: true; auth: ChannelAuth } | { ok: false; code: string; message: string };

/**
 * Verifies a token the way Realtime's ChannelsAuthorization.authorize_conn does, with its error
 * codes and messages (they reach the client as `reason` / system messages):
 * signature and expiry, then the `role` and `exp` claims. A role that is not one of the API roles
 * is refused too: it would become a SET ROLE for the RLS checks.
 */
export async function verifyChannelToken(jwt: JwtService, token: unknown): Promise<AuthResult> {
  if (typeof token !== 'string' || token === '') {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  const cleaned = token.replace(/\s/g, '');
  let claims: JwtClaims;
  try {
    claims = await jwt.verify(cleaned);
  } catch (error) {
    return failure(error, cleaned);
  }
  if (typeof claims.exp !== 'number' || typeof claims.role !== 'string') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (!isApiRole(claims.role)) {
    return { ok: false, code: 'Unauthorized', message: `Role "${claims.role}" is not allowed to use Realtime` };
  }
  return { ok: true, auth: { token: cleaned, claims: claims as ChannelAuth['claims'] } };
}

function failure(error: unknown, token: string): AuthResult {
  if (error instanceof JwtError && error.reason === 'expired') {
    const exp = unverifiedExp(token);
    const ago = exp === undefined ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
    return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
  }
  if (error instanceof JwtError && error.message === 'JWT has no role claim') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  if (token.split('.').length !== 3) {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
}

/** The exp claim of a token whose signature was already checked (only used to word a message). */
function unverifiedExp(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds until the token expires (negative once expired). */
export function secondsLeft(auth: ChannelAuth): number {
  return auth.claims.exp - Date.now() / 1000;
}

/** Why a token whose signature and expiry are fine is refused: its holder has ended (issue 28). */
export const HOLDER_ENDED = { code: 'InvalidJWTToken', message: 'The session or account of this token has ended' } as const;

/**
 * Whether the token's holder may still use Realtime: its session (session_id) still exists and the
 * account is neither removed nor banned (schema.sql: realtime.token_holder_active). Tokens with no
 * user (anon, service_role) always may.
 */
export async function holderActive(db: Queryable, claims: JwtClaims): Promise<boolean> {
  if (typeof claims.sub !== 'string' || claims.sub === '') return true;
  const { rows } = await db.query<{ active: boolean }>(`select realtime.token_holder_active($1::jsonb) as active`, [
    JSON.stringify({ sub: claims.sub, session_id: claims.session_id ?? null }),
  ]);
  return rows[0]?.active !== false;
}
