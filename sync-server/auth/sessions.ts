import { randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { ServerContext } from '../context.ts';
import type { JwtClaims } from '../jwt.ts';
import { accountRefusal, accountState, assertAccountActive } from './account-state.ts';
import { badRequest, OAuthError } from './errors.ts';
import type { RequestInfo } from './request.ts';
import { DEFAULT_AUD, DEFAULT_ROLE, findUserById, loadIdentities, userJson, type UserRow } from './users.ts';

/**
 * How long a rotated (revoked) refresh token may still be exchanged, for clients that lost the
 * response of their last refresh. Supabase's hosted default (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL).
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

/** The method recorded in the session's amr claim (GoTrue's models.AuthenticationMethod). */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'invite' | 'email/signup' | 'email_change' | 'token_refresh';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** GoTrue's crypto.SecureAlphanumeric, a little longer (GoTrue uses 12 characters). */
function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 16; i++) token += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return token;
}

/**
 * Opens a new session with its first refresh token (GoTrue's IssueRefreshToken), inside tx. Every
 * way in (password, sign-up, mailed code or link, PKCE) passes here, so a banned or removed
 * account gets no session whichever it tries.
 */
export async function startSession(
  ctx: ServerContext,
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  info: RequestInfo,
): Promise<SessionJson> {
  const user = await findUserById(tx, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  await assertAccountActive(ctx, tx, user, 'session');
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, userId, info.userAgent, info.ip],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
     values ($1, $2, now(), now())`,
    [sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [refreshToken, userId, sessionId],
  );
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
  return sessionJson(ctx, tx, userId, sessionId, refreshToken, info);
}

/** Access token + user, in the shape of GoTrue's AccessTokenResponse. */
async function sessionJson(
  ctx: ServerContext,
  tx: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
  info: RequestInfo,
): Promise<SessionJson> {
  const user = await findUserById(tx, userId);
  if (!user) throw badRequest('user_not_found', 'User not found');
  const identities = await loadIdentities(tx, userId);
  const amr = await sessionAmr(tx, sessionId);
  const { token, expiresAt } = await signAccessToken(ctx, user, sessionId, amr, info.externalUrl);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)),
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, identities),
  };
}

async function sessionAmr(tx: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await tx.query<{ method: string; timestamp: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::text as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
}

/** GoTrue's AccessTokenClaims, HS256 with the project secret, lifetime config.jwtExpiry. */
export async function signAccessToken(
  ctx: ServerContext,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  issuer: string,
): Promise<{ token: string; expiresAt: number }> {
  const claims: JwtClaims = {
    aud: user.aud ?? DEFAULT_AUD,
    iss: issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || DEFAULT_ROLE,
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const token = await ctx.jwt.sign(claims, ctx.config.jwtExpiry);
  // Read exp back from the token so expires_at is exactly what the JWT says.
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
  return { token, expiresAt: payload.exp };
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  session_exists: boolean;
  reusable: boolean;
}

/**
 * The refresh_token grant with rotation, as GoTrue's RefreshTokenGrant (algorithm v1):
 * - an active token is revoked and exchanged for a new child in the same session;
 * - a revoked token whose child is the session's active token gets that same child back (the
 *   client lost the previous response);
 * - another revoked token is accepted only within the reuse interval; beyond it the session ends
 *   (every token of the chain with it, for good) and the answer is refresh_token_already_used.
 */
export async function refreshSession(
  ctx: ServerContext,
  refreshToken: string | undefined,
  info: RequestInfo,
): Promise<SessionJson> {
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `select rt.id::text as id, rt.token, rt.user_id, rt.revoked, rt.parent, rt.session_id::text as session_id,
              s.id is not null as session_exists,
              rt.updated_at + make_interval(secs => $2) > now() as reusable
         from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt`,
      [refreshToken, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS],
    );
    const row = rows[0];
    if (!row) return { error: notFoundError() };
    const user = await findUserById(tx, row.user_id);
    if (!user) return { error: notFoundError() };
    const refusal = accountRefusal(await accountState(ctx, tx, user), 'refresh');
    if (refusal) return { error: refusal };
    if (!row.session_id || !row.session_exists) {
      return { error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    }
    const issued = await rotate(tx, row);
    if (!issued) {
      // Possible theft: the whole session ends (its refresh tokens go with it), committed before
      // the refusal, as GoTrue's refresh algorithm v2 does. Only revoking the tokens would stamp
      // them with a fresh updated_at, which the reuse interval would then accept again.
      await tx.query(`delete from auth.sessions where id = $1`, [row.session_id]);
      return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $2, ip = $3
        where id = $1`,
      [row.session_id, info.userAgent, info.ip],
    );
    return { session: await sessionJson(ctx, tx, row.user_id, row.session_id, issued, info) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/** Returns the refresh token to hand out, or undefined when this reuse is refused. */
async function rotate(tx: Queryable, row: RefreshTokenRow): Promise<string | undefined> {
  if (row.revoked) {
    const { rows } = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [row.session_id],
    );
    const active = rows[0];
    if (active && active.parent === row.token) return active.token;
    if (!row.reusable) return undefined;
  }
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [row.id]);
  const child = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [child, row.user_id, row.token, row.session_id],
  );
  return child;
}

function notFoundError() {
  return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
}

export type LogoutScope = 'global' | 'local' | 'others';

/** GoTrue's Logout: deleting sessions deletes their refresh tokens (on delete cascade). */
export async function logout(q: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
  if (sessionId && scope === 'local') {
    await q.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else if (sessionId && scope === 'others') {
    await q.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  } else {
    await q.query(`delete from auth.sessions where user_id = $1`, [userId]);
  }
}

/** Signs a user out of every session except (optionally) one: password change, ban, deletion. */
export async function endOtherSessions(q: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await logout(q, userId, keepSessionId, keepSessionId ? 'others' : 'global');
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.sessions where id = $1`, [sessionId]);
  return rows.length > 0;
}
