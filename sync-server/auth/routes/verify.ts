import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AuthError, forbidden, unprocessable, validationFailed } from '../errors.ts';
import { tokenHash } from '../mailbox.ts';
import { issueAuthCode } from '../pkce.ts';
import { chooseRedirect } from '../redirect.ts';
import { readParams, requestInfo, stringParam, validateEmail } from '../request.ts';
import { startSession, type SessionJson } from '../sessions.ts';
import { confirmEmail, findUserByEmail, findUserById, findUserByTokenHash, type UserRow } from '../users.ts';

/**
 * POST and GET /verify (GoTrue's Verify). POST answers a session (verifyOtp); GET is the link in the
 * mail: it redirects to redirect_to with the session in the URL fragment (implicit flow, with
 * `type=recovery` so supabase-js emits PASSWORD_RECOVERY) or with `?code=` (PKCE flow).
 */

type EmailVerification = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';

const VERIFICATION_TYPES = new Set<string>(['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']);
/** GoTrue's Mailer.OtpExp default. */
const OTP_LIFETIME_MS = 86_400_000;
/** The flow_state authentication_method of each verification type (models.ParseAuthenticationMethod). */
const FLOW_METHOD: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

const LINK_INVALID = 'Email link is invalid or has expired';
const TOKEN_INVALID = 'Token has expired or is invalid';

export async function verifyPost(c: Context, ctx: ServerContext): Promise<Response> {
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const type = stringParam(params, 'type') ?? '';
  const token = stringParam(params, 'token') ?? '';
  const hash = stringParam(params, 'token_hash') ?? '';
  const email = stringParam(params, 'email') ?? '';
  const phone = stringParam(params, 'phone') ?? '';
  if (!type) throw validationFailed('Verify requires a verification type');
  if ((token === '') === (hash === '')) throw validationFailed('Verify requires either a token or a token hash');
  if (type === 'sms' || type === 'phone_change' || (token && phone)) {
    throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  }
  if (!VERIFICATION_TYPES.has(type)) throw validationFailed('Unsupported verification type');
  if (token && !email) throw validationFailed('Only an email address or phone number should be provided on verify');
  if (hash && (email || stringParam(params, 'redirect_to'))) {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  let normalizedEmail = '';
  if (token) {
    try {
      normalizedEmail = validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  }

  const info = requestInfo(c, ctx);
  const session = await ctx.db.transaction(async (tx) => {
    const { user, kind } = token
      ? await userByEmailAndOtp(tx, normalizedEmail, token, type as EmailVerification)
      : await userByTokenHash(tx, hash, type as EmailVerification, LINK_INVALID);
    await applyVerification(tx, user, kind);
    return startSession(ctx, tx, user.id, 'otp', info);
  });
  return c.json(session);
}

export async function verifyGet(c: Context, ctx: ServerContext): Promise<Response> {
  const type = c.req.query('type') ?? '';
  const token = c.req.query('token') ?? '';
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token) throw validationFailed('Verify requires a token or a token hash');
  const info = requestInfo(c, ctx);
  const redirectTo = chooseRedirect(c.req.query('redirect_to'), ctx.config.siteUrl, info);
  const pkce = token.startsWith('pkce_');
  try {
    if (!VERIFICATION_TYPES.has(type) || type === 'email') throw validationFailed('Unsupported verification type');
    const target = await ctx.db.transaction(async (tx) => {
      const { user, kind } = await userByTokenHash(tx, token, type as EmailVerification, LINK_INVALID);
      await applyVerification(tx, user, kind);
      if (pkce) return withQuery(redirectTo, { code: await issueAuthCode(tx, user.id, FLOW_METHOD[kind]) });
      return sessionRedirect(redirectTo, await startSession(ctx, tx, user.id, 'otp', info), type);
    });
    return c.redirect(target, 303);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return c.redirect(errorRedirect(redirectTo, error, pkce), 303);
  }
}

/** GoTrue's AsRedirectURL: the session in the fragment, keys sorted as Go's url.Values.Encode does. */
function sessionRedirect(redirectTo: string, session: SessionJson, type: string): string {
  return `${redirectTo}#${encodeSorted({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: session.token_type,
    type,
  })}`;
}

/** GoTrue's prepErrorRedirectURL: error, error_code, error_description in the fragment (and the query for PKCE). */
function errorRedirect(redirectTo: string, error: AuthError, pkce: boolean): string {
  const oauthError = ({ 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error' } as Record<number, string>)[
    error.status
  ];
  const fields: Record<string, string> = {
    ...(oauthError ? { error: oauthError } : {}),
    error_code: error.code,
    error_description: error.message,
  };
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    return redirectTo;
  }
  if (pkce) for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  url.hash = encodeSorted({ ...fields, sb: '' });
  return url.toString();
}

function withQuery(target: string, fields: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  return url.toString();
}

function encodeSorted(fields: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(fields).sort()) params.set(key, fields[key]);
  return params.toString();
}

type VerifiedKind = Exclude<EmailVerification, 'email'>;

/** GoTrue's verifyTokenHash: the token in the link is the stored hash (with `pkce_` in the PKCE flow). */
async function userByTokenHash(
  tx: Queryable,
  hash: string,
  type: EmailVerification,
  invalidMessage: string,
): Promise<{ user: UserRow; kind: VerifiedKind }> {
  let found: { user: UserRow; kind: VerifiedKind } | undefined;
  if (type === 'email') {
    const confirmation = await findUserByTokenHash(tx, 'confirmation_token', hash);
    const recovery = confirmation ? undefined : await findUserByTokenHash(tx, 'recovery_token', hash);
    if (confirmation) found = { user: confirmation, kind: 'signup' };
    else if (recovery) found = { user: recovery, kind: 'magiclink' };
  } else {
    const user = await findUserByTokenHash(tx, tokenColumn(type), hash);
    if (user) found = { user, kind: type };
  }
  if (!found) throw forbidden('otp_expired', invalidMessage);
  if (found.user.is_banned) throw forbidden('user_banned', 'User is banned');
  if (isExpired(sentAt(found.user, found.kind))) throw forbidden('otp_expired', invalidMessage);
  return found;
}

/** GoTrue's verifyUserAndToken: e-mail + the 6-digit code from the mail. */
async function userByEmailAndOtp(
  tx: Queryable,
  email: string,
  otp: string,
  type: EmailVerification,
): Promise<{ user: UserRow; kind: VerifiedKind }> {
  const user =
    type === 'email_change' ? await findUserByPendingEmail(tx, email) : await findUserByEmail(tx, email);
  if (!user) throw forbidden('otp_expired', TOKEN_INVALID);
  if (user.is_banned) throw forbidden('user_banned', 'User is banned');
  const hash = tokenHash(email, otp);
  const matches = (stored: string | null, kind: VerifiedKind) =>
    !!stored && (stored === hash || stored === `pkce_${hash}`) && !isExpired(sentAt(user, kind));
  const candidates: VerifiedKind[] = type === 'email' ? ['signup', 'magiclink'] : [type];
  const kind = candidates.find((candidate) => matches(user[tokenColumn(candidate)], candidate));
  if (!kind) throw forbidden('otp_expired', TOKEN_INVALID);
  return { user, kind };
}

async function findUserByPendingEmail(tx: Queryable, newEmail: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from auth.users where lower(email_change) = lower($1) and deleted_at is null limit 1`,
    [newEmail],
  );
  return rows[0] ? findUserById(tx, rows[0].id) : undefined;
}

function tokenColumn(kind: EmailVerification): 'confirmation_token' | 'recovery_token' | 'email_change_token_new' {
  if (kind === 'recovery' || kind === 'magiclink') return 'recovery_token';
  if (kind === 'email_change') return 'email_change_token_new';
  return 'confirmation_token';
}

function sentAt(user: UserRow, kind: VerifiedKind): string | null {
  if (kind === 'recovery' || kind === 'magiclink') return user.recovery_sent_at;
  if (kind === 'email_change') return user.email_change_sent_at;
  return user.confirmation_sent_at;
}

function isExpired(sent: string | null): boolean {
  return !sent || Date.parse(sent) + OTP_LIFETIME_MS < Date.now();
}

/** What each verification does to the user (signupVerify, recoverVerify, emailChangeVerify). */
async function applyVerification(tx: Queryable, user: UserRow, kind: VerifiedKind): Promise<void> {
  switch (kind) {
    case 'signup':
    case 'invite':
      await confirmEmail(tx, user.id);
      return;
    case 'recovery':
    case 'magiclink':
      await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
      if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
      return;
    case 'email_change':
      await applyEmailChange(tx, user);
      return;
  }
}

async function applyEmailChange(tx: Queryable, user: UserRow): Promise<void> {
  const newEmail = user.email_change ?? '';
  const taken = await tx.query(`select 1 from auth.users where lower(email) = lower($1) and id <> $2`, [newEmail, user.id]);
  if (taken.rows.length > 0) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
            email_change_confirm_status = 0, updated_at = now()
      where id = $1`,
    [user.id, newEmail],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id, newEmail],
  );
  if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
}

