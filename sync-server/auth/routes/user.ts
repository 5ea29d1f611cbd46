import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import { sendEmailChange } from '../emails.ts';
import { forbidden, unprocessable, validationFailed } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import { createFlowState, readCodeChallenge } from '../pkce.ts';
import { chooseRedirect } from '../redirect.ts';
import { assertMetadataSize, objectParam, readParams, requestInfo, stringParam, userMetadataParam, validateEmail } from '../request.ts';
import { endOtherSessions, logout as endSessions, type LogoutScope } from '../sessions.ts';
import { findUserByEmail, loadIdentities, loadUserJson, mergeUserMetadata, setPassword, userJson } from '../users.ts';

/** GET /user (GoTrue's UserGet). */
export async function getUser(c: Context, ctx: ServerContext): Promise<Response> {
  const { user } = await requireUser(c, ctx);
  return c.json(userJson(user, await loadIdentities(ctx.db, user.id)));
}

/**
 * PUT /user (GoTrue's UserUpdate): metadata merge, password change (refused when unchanged; signs
 * the user out of every other session), e-mail change (confirmed through a mail to the new address).
 */
export async function updateUser(c: Context, ctx: ServerContext): Promise<Response> {
  const { user, sessionId } = await requireUser(c, ctx);
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const rawEmail = stringParam(params, 'email');
  const password = stringParam(params, 'password');
  const data = userMetadataParam(params, 'data');
  const appData = objectParam(params, 'app_metadata');
  if (stringParam(params, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const email = rawEmail ? validateEmail(rawEmail) : undefined;
  if (password !== undefined) checkPasswordStrength(password);
  if (appData) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  const codeChallenge = readCodeChallenge(params);

  const changingEmail = !!email && email !== (user.email ?? '').toLowerCase();
  if (changingEmail && (await findUserByEmail(ctx.db, email))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  let passwordHash: string | undefined;
  if (password) {
    if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }

  const info = requestInfo(c, ctx);
  const body = await ctx.db.transaction(async (tx) => {
    if (passwordHash) {
      await setPassword(tx, user.id, passwordHash);
      await endOtherSessions(tx, user.id, sessionId);
    }
    if (data) {
      await mergeUserMetadata(tx, user.id, 'raw_user_meta_data', data);
      // Each update may be small and the sum still too large: the merged whole is what counts.
      const merged = await tx.query<{ metadata: Record<string, unknown> }>(
        `select coalesce(raw_user_meta_data, '{}'::jsonb) as metadata from auth.users where id = $1`,
        [user.id],
      );
      assertMetadataSize(merged.rows[0]?.metadata ?? {});
    }
    if (changingEmail && email) {
      if (codeChallenge) await createFlowState(tx, user.id, 'email_change', codeChallenge);
      const redirectTo = chooseRedirect(c.req.query('redirect_to'), ctx.config.siteUrl, info);
      await sendEmailChange(tx, { id: user.id, email: user.email ?? '' }, email, {
        info,
        redirectTo,
        pkce: !!codeChallenge,
        minSecondsBetweenMails: ctx.config.authRateLimits.emailMaxFrequencySeconds,
      });
    }
    return loadUserJson(tx, user.id);
  });
  return c.json(body);
}

/** POST /logout?scope=global|local|others (GoTrue's Logout): 204, the sessions' refresh tokens die with them. */
export async function logout(c: Context, ctx: ServerContext): Promise<Response> {
  const { user, sessionId } = await requireUser(c, ctx);
  const scope = c.req.query('scope') || 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  await endSessions(ctx.db, user.id, sessionId, scope as LogoutScope);
  return c.body(null, 204);
}
