import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerContext } from '../../context.ts';
import { sendConfirmation, sendGuardianRequest, type MailContext } from '../emails.ts';
import { AuthError, badRequest, DatabaseRefusal, fromDataException, unprocessable, validationFailed } from '../errors.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { createFlowState, readCodeChallenge, type CodeChallenge } from '../pkce.ts';
import { chooseRedirect } from '../redirect.ts';
import { readParams, requestInfo, stringParam, userMetadataParam, validateEmail } from '../request.ts';
import { startSession } from '../sessions.ts';
import { DEFAULT_AUD, findUserByEmail, insertUser, loadUserJson, type UserRow } from '../users.ts';

/**
 * POST /signup (GoTrue's Signup). With e-mail confirmation off (GoTrue's MAILER_AUTOCONFIRM) the
 * user is confirmed and signed in: the answer is a session. With it on, the answer is the user and
 * a confirmation mail lands in the mailbox; a repeated sign-up of a confirmed address then answers
 * a look-alike user so that the endpoint does not reveal which addresses are registered.
 */
export async function signup(c: Context, ctx: ServerContext): Promise<Response> {
  const params = await readParams(c, ctx.config.maxBodyBytes);
  const rawEmail = stringParam(params, 'email');
  const phone = stringParam(params, 'phone');
  const password = stringParam(params, 'password') ?? '';
  const data = userMetadataParam(params, 'data') ?? {};
  if (!rawEmail && !phone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password);
  if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const codeChallenge = readCodeChallenge(params);
  const email = validateEmail(rawEmail);

  const info = requestInfo(c, ctx);
  const autoconfirm = !ctx.config.emailConfirmation;
  const mail: MailContext = {
    info,
    redirectTo: chooseRedirect(c.req.query('redirect_to'), ctx.config.siteUrl, info),
    pkce: !!codeChallenge,
    minSecondsBetweenMails: ctx.config.authRateLimits.emailMaxFrequencySeconds,
  };

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) return c.json(await repeatedSignup(ctx, existing, email, data, mail, codeChallenge));

  const passwordHash = await hashPassword(password); // slow: never inside a transaction
  const result = await ctx.db
    .transaction(async (tx) => {
      const userId = await insertUser(tx, { email, passwordHash, userMetadata: data, emailConfirmed: autoconfirm });
      // A minor names a guardian at sign-up: the guardian is asked to confirm (issue 22).
      await sendGuardianRequest(tx, userId, mail);
      if (autoconfirm) return startSession(ctx, tx, userId, 'password', info);
      if (codeChallenge) await createFlowState(tx, userId, 'email/signup', codeChallenge);
      await sendConfirmation(tx, { id: userId, email }, mail);
      return loadUserJson(tx, userId);
    })
    .catch(translateInsertError);
  return c.json(result);
}

async function repeatedSignup(
  ctx: ServerContext,
  existing: UserRow,
  email: string,
  data: Record<string, unknown>,
  mail: MailContext,
  codeChallenge: CodeChallenge | undefined,
): Promise<Record<string, unknown>> {
  if (!ctx.config.emailConfirmation) {
    // GoTrue would confirm an unconfirmed leftover here without checking its password; refusing is safer.
    throw unprocessable('user_already_exists', 'User already registered');
  }
  if (existing.email_confirmed_at) return lookAlikeUser(email, data);
  // Not confirmed yet: send the confirmation again (GoTrue does), at most once a minute (SMTP_MAX_FREQUENCY).
  return ctx.db.transaction(async (tx) => {
    if (codeChallenge) await createFlowState(tx, existing.id, 'email/signup', codeChallenge);
    await sendConfirmation(tx, { id: existing.id, email }, mail);
    return loadUserJson(tx, existing.id);
  });
}

/** GoTrue's sanitizeUser: what a repeated sign-up of a confirmed address gets, indistinguishable from a new one. */
function lookAlikeUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  return {
    id: randomUUID(),
    aud: DEFAULT_AUD,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * What saving a new user can run into. The e-mail's unique index on auth.users: a concurrent
 * sign-up of the same address won. A username someone else has (the sign-up trigger's 23505
 * 'Username is already taken', or the profiles index in a race): GoTrue's own answer, 500
 * "Database error saving new user" (the Postgres error itself on the initial API) — the app checks
 * the name before signing up and asks again after such a failure, so it says why on Supabase too.
 * Any other integrity violation (class 23) is the trigger refusing the person's data in words meant
 * for people ('Username must be 3 to 20 characters…'): 422 with those words and the trigger's hint
 * as the code (issues 17, 22; GoTrue would answer 500 here as well). Also a refusal at commit (a
 * deferred constraint trigger: a sign-up without a date of birth). Anything else is the server
 * failing: 500.
 */
export function translateInsertError(error: unknown): never {
  if (error instanceof AuthError) throw error;
  const refusedInput = fromDataException(error);
  if (refusedInput) throw refusedInput;
  const { code, schema, table, message, hint, detail } = error as {
    code?: string; schema?: string; table?: string; message?: string; hint?: string; detail?: string;
  };
  if (code === '23505' && schema === 'auth' && table === 'users') throw unprocessable('user_already_exists', 'User already registered');
  if (code === '23505' && message) throw new DatabaseRefusal(SAVING_FAILED, { code, message, hint, detail });
  if (typeof code === 'string' && code.startsWith('23') && message) throw unprocessable(refusalCode(hint), message);
  console.error('[auth] database error saving new user:', error);
  throw new AuthError(500, 'unexpected_failure', SAVING_FAILED);
}

const SAVING_FAILED = 'Database error saving new user';

/**
 * The code of a refusal: the trigger's hint when it names one (`birth_date_required`, `under_age`
 * …, so the app can say it in the person's language), else GoTrue's validation_failed (also for
 * the generic hint 'validation' of the username rule).
 */
function refusalCode(hint: string | undefined): string {
  return hint && hint !== 'validation' && /^[a-z][a-z0-9_]*$/.test(hint) ? hint : 'validation_failed';
}
