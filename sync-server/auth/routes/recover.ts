import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import { sendConfirmation, sendEmailChange, sendRecovery, type MailContext } from '../emails.ts';
import { unprocessable, validationFailed } from '../errors.ts';
import { createFlowState, readCodeChallenge } from '../pkce.ts';
import { chooseRedirect } from '../redirect.ts';
import { booleanParam, readParams, requestInfo, stringParam, userMetadataParam, validateEmail, type Params } from '../request.ts';
import { findUserByEmail, insertUser } from '../users.ts';
import { translateInsertError } from './signup.ts';

async function mailContext(c: Context, ctx: ServerContext, params: Params) {
  const codeChallenge = readCodeChallenge(params);
  const info = requestInfo(c, ctx);
  const requested = c.req.query('redirect_to') ?? stringParam(params, 'redirect_to');
  const mail: MailContext = {
    info,
    redirectTo: chooseRedirect(requested, ctx.config.siteUrl, info),
    pkce: !!codeChallenge,
    minSecondsBetweenMails: ctx.config.authRateLimits.emailMaxFrequencySeconds,
  };
  return { codeChallenge, mail };
}

/**
 * POST /recover (GoTrue's Recover): mails a recovery link and code. Always 200 {} for a well-formed
 * address, registered or not, so the endpoint does not tell which addresses have accounts.
 */
export async function recover(c: Context, ctx: ServerContext): Promise<Response> {
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const email = validateEmail(stringParam(params, 'email'));
  const { codeChallenge, mail } = await mailContext(c, ctx, params);
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    await ctx.db.transaction(async (tx) => {
      if (codeChallenge) await createFlowState(tx, user.id, 'recovery', codeChallenge);
      await sendRecovery(tx, { id: user.id, email: user.email ?? email }, mail);
    });
  }
  return c.json({});
}

/**
 * POST /otp with an e-mail (signInWithOtp, GoTrue's MagicLink): a magic link for a confirmed user,
 * the sign-up confirmation for an unconfirmed one, and a new password-less user when create_user
 * (default true) allows it.
 */
export async function otp(c: Context, ctx: ServerContext): Promise<Response> {
  const params = await readParams(c, ctx.config.maxBodyBytes);
  if (stringParam(params, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(stringParam(params, 'email'));
  const createUser = booleanParam(params, 'create_user') ?? true;
  const data = userMetadataParam(params, 'data') ?? {};
  const { codeChallenge, mail } = await mailContext(c, ctx, params);

  const existing = await findUserByEmail(ctx.db, email);
  if (!existing && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  await ctx.db
    .transaction(async (tx) => {
      const confirmed = existing ? !!existing.email_confirmed_at : !ctx.config.emailConfirmation;
      const userId =
        existing?.id ?? (await insertUser(tx, { email, passwordHash: null, userMetadata: data, emailConfirmed: confirmed }));
      const recipient = { id: userId, email: existing?.email ?? email };
      if (confirmed) {
        if (codeChallenge) await createFlowState(tx, userId, 'magiclink', codeChallenge);
        await sendRecovery(tx, recipient, mail, 'magiclink');
      } else {
        if (codeChallenge) await createFlowState(tx, userId, 'email/signup', codeChallenge);
        await sendConfirmation(tx, recipient, mail);
      }
    })
    .catch(translateInsertError);
  return c.json({});
}

/** POST /resend (GoTrue's Resend) for type signup or email_change; 200 {} whether or not there was anything to send. */
export async function resend(c: Context, ctx: ServerContext): Promise<Response> {
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const type = stringParam(params, 'type');
  if (type === 'sms' || type === 'phone_change') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (type !== 'signup' && type !== 'email_change') throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  const email = validateEmail(stringParam(params, 'email'));
  const { mail } = await mailContext(c, ctx, params);
  await ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      const user = await findUserByEmail(tx, email);
      if (user && !user.email_confirmed_at) await sendConfirmation(tx, { id: user.id, email: user.email ?? email }, mail);
      return;
    }
    const { rows } = await tx.query<{ id: string; email: string; email_change: string }>(
      `select id, email, email_change from auth.users where lower(email) = lower($1) and email_change <> '' and deleted_at is null`,
      [email],
    );
    const user = rows[0];
    if (user) await sendEmailChange(tx, { id: user.id, email: user.email }, user.email_change, mail);
  });
  return c.json({});
}
