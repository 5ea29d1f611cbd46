import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import { AuthError, badRequest, unprocessable, validationFailed } from '../errors.ts';
import { checkPasswordStrength, verifyPassword } from '../passwords.ts';
import { exchangeAuthCode } from '../pkce.ts';
import { readParams, requestInfo, stringParam, type Params, type RequestInfo } from '../request.ts';
import { refreshSession, startSession, type AuthMethod } from '../sessions.ts';
import { findUserByEmail } from '../users.ts';

const INVALID_LOGIN = 'Invalid login credentials';

/** POST /token?grant_type=password|refresh_token|pkce (GoTrue's Token). */
export async function token(c: Context, ctx: ServerContext): Promise<Response> {
  const grantType = c.req.query('grant_type');
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const info = requestInfo(c, ctx);
  switch (grantType) {
    case 'password':
      return c.json(await passwordGrant(ctx, params, info));
    case 'refresh_token':
      return c.json(await refreshSession(ctx, stringParam(params, 'refresh_token'), info));
    case 'pkce':
      return c.json(await pkceGrant(ctx, params, info));
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

/** GoTrue's ResourceOwnerPasswordGrant, in its order of checks. */
async function passwordGrant(ctx: ServerContext, params: Params, info: RequestInfo) {
  const email = stringParam(params, 'email');
  const phone = stringParam(params, 'phone');
  const password = stringParam(params, 'password') ?? '';
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw validationFailed('missing email or phone');

  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.encrypted_password) {
    await verifyPassword(password, undefined); // same time as a real check: no account enumeration by timing
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (user.is_banned) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password))) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await ctx.db.transaction((tx) => startSession(ctx, tx, user.id, 'password', info));
  return { ...session, ...weakPasswordNotice(password) };
}

/** GoTrue signs in a user whose old password no longer meets the rules, and says so. */
function weakPasswordNotice(password: string): { weak_password?: { message: string; reasons: string[] } } {
  try {
    checkPasswordStrength(password);
    return {};
  } catch (error) {
    if (error instanceof AuthError && error.weakPasswordReasons) {
      return { weak_password: { message: error.message, reasons: error.weakPasswordReasons } };
    }
    return {};
  }
}

async function pkceGrant(ctx: ServerContext, params: Params, info: RequestInfo) {
  const authCode = stringParam(params, 'auth_code');
  const verifier = stringParam(params, 'code_verifier');
  return ctx.db.transaction(async (tx) => {
    const { userId, authMethod } = await exchangeAuthCode(tx, authCode, verifier);
    return startSession(ctx, tx, userId, authMethod as AuthMethod, info);
  });
}
