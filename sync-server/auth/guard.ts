import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { JwtError, type JwtClaims } from '../jwt.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { accountState, refusalOf } from './account-state.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** GoTrue's bearerRegexp: the Authorization header only (the apikey header is not a user). */
const BEARER = /^(?:B|b)earer (\S+)$/;

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  sessionId: string | undefined;
}

async function verifiedClaims(c: Context, ctx: ServerContext): Promise<JwtClaims> {
  const match = BEARER.exec(c.req.header('authorization') ?? '');
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await ctx.jwt.verify(match[1]);
  } catch (error) {
    const reason =
      error instanceof JwtError && error.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/**
 * GoTrue's requireAuthentication: a valid JWT whose user exists and whose session (session_id
 * claim) has not been signed out; banned users are refused even with a token issued before the ban.
 * Accounts banned or removed in their profile count as banned or gone (account-state.ts).
 */
export async function requireUser(c: Context, ctx: ServerContext): Promise<Authenticated> {
  const claims = await verifiedClaims(c, ctx);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  const state = user ? await accountState(ctx, ctx.db, user) : 'deleted';
  // A removed account is refused before its session is looked at, a banned one after (GoTrue's order).
  if (!user || state === 'deleted') throw refusalOf('deleted', 'jwt');
  let sessionId: string | undefined;
  if (typeof claims.session_id === 'string' && claims.session_id !== '' && claims.session_id !== '00000000-0000-0000-0000-000000000000') {
    if (!UUID.test(claims.session_id)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    if (!(await sessionExists(ctx.db, claims.session_id))) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    sessionId = claims.session_id;
  }
  if (state === 'banned') throw refusalOf('banned', 'jwt');
  return { claims, user, sessionId };
}

/** GoTrue's requireAdmin: a JWT whose role is one of the admin roles (the service_role key). */
export async function requireAdmin(c: Context, ctx: ServerContext): Promise<JwtClaims> {
  const claims = await verifiedClaims(c, ctx);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
