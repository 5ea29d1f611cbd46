import type { Queryable } from '../db/types.ts';
import { emailRateLimited } from './errors.ts';
import { guardianMail } from '../../supabase/functions/_shared/mail.ts';
import { generateOtp, sendMail, storeNotice, tokenHash, type MailKind } from './mailbox.ts';
import type { RequestInfo } from './request.ts';

/**
 * The e-mails GoTrue sends (internal/api/mail.go): each stores the hash of a fresh one-time code in
 * a users column and mails the code and a link carrying the hash. In the PKCE flow the stored
 * token carries a `pkce_` prefix, which is how GET /verify knows to answer with `?code=`.
 * As in GoTrue (SMTP_MAX_FREQUENCY), a kind of mail goes to an account at most once per interval.
 */

export interface MailContext {
  info: RequestInfo;
  redirectTo: string;
  pkce: boolean;
  /** GoTrue's SMTP_MAX_FREQUENCY for requests from the public; 0 for the service role's (invites). */
  minSecondsBetweenMails: number;
}

interface Recipient {
  id: string;
  email: string;
}

function prepare(email: string, pkce: boolean): { otp: string; token: string } {
  const otp = generateOtp();
  const hash = tokenHash(email.toLowerCase(), otp);
  return { otp, token: pkce ? `pkce_${hash}` : hash };
}

async function deliver(q: Queryable, kind: MailKind, to: string, user: Recipient, otp: string, token: string, mail: MailContext) {
  await sendMail(q, {
    kind,
    to,
    userId: user.id,
    otp,
    token,
    redirectTo: mail.redirectTo,
    externalUrl: mail.info.externalUrl,
  });
}

type SentAtColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';

/**
 * Runs the update that records a new mail (`set …` of auth.users, $1 = the user's id) only when the
 * last mail of that kind is older than the interval; otherwise 429 over_email_send_rate_limit
 * (GoTrue's validateSentWithinFrequencyLimit). Checked and stamped in one statement, so two
 * requests at once cannot both send.
 */
async function recordMail(q: Queryable, userId: string, column: SentAtColumn, mail: MailContext, assignments: string, params: unknown[]) {
  // column comes from the fixed union above, never from the client.
  const { affectedRows } = await q.query(
    `update auth.users set ${assignments}, ${column} = now()
      where id = $1 and (${column} is null or ${column} + make_interval(secs => $${params.length + 2}::double precision) <= now())`,
    [userId, ...params, mail.minSecondsBetweenMails],
  );
  if (affectedRows > 0) return;
  const { rows } = await q.query<{ seconds_left: number }>(
    `select floor(extract(epoch from ${column} + make_interval(secs => $2::double precision) - now()))::int as seconds_left from auth.users where id = $1`,
    [userId, mail.minSecondsBetweenMails],
  );
  throw emailRateLimited(Math.max(0, rows[0]?.seconds_left ?? 0));
}

/** Sign-up confirmation (also used for invites, which confirm through the same token). */
export async function sendConfirmation(q: Queryable, user: Recipient, mail: MailContext, kind: 'signup' | 'invite' = 'signup') {
  const { otp, token } = prepare(user.email, mail.pkce);
  await recordMail(
    q,
    user.id,
    'confirmation_sent_at',
    mail,
    `confirmation_token = $2, invited_at = case when $3::boolean then coalesce(invited_at, now()) else invited_at end`,
    [token, kind === 'invite'],
  );
  await deliver(q, kind, user.email, user, otp, token, mail);
}

/** Password recovery and magic links share the recovery token, as in GoTrue. */
export async function sendRecovery(q: Queryable, user: Recipient, mail: MailContext, kind: 'recovery' | 'magiclink' = 'recovery') {
  const { otp, token } = prepare(user.email, mail.pkce);
  await recordMail(q, user.id, 'recovery_sent_at', mail, `recovery_token = $2`, [token]);
  await deliver(q, kind, user.email, user, otp, token, mail);
}

/**
 * E-mail change: one mail to the new address (GoTrue with GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED
 * off — this server confirms with the new address only).
 */
export async function sendEmailChange(q: Queryable, user: Recipient, newEmail: string, mail: MailContext) {
  const { otp, token } = prepare(newEmail, mail.pkce);
  await recordMail(
    q,
    user.id,
    'email_change_sent_at',
    mail,
    `email_change = $2, email_change_token_new = $3, email_change_token_current = '', email_change_confirm_status = 0`,
    [newEmail.toLowerCase(), token],
  );
  await deliver(q, 'email_change', newEmail, user, otp, token, mail);
}

/**
 * A minor's sign-up (issue 22): the database issues a link for their guardian
 * (public.issue_guardian_link: nothing when no guardian is awaited) and the mail goes to the
 * mailbox. The link opens the app's /guardian/{token} (/en/guardian/… when the sign-up came from
 * the English app), on the origin the sign-up asked to come back to. An address named by too many
 * accounts today gets nothing (the account stays; its guardian_mailed_at stays null).
 */
export async function sendGuardianRequest(q: Queryable, userId: string, mail: MailContext) {
  // A database whose migrations know no guardians (the server's own test fixtures) sends nothing.
  const { rows: known } = await q.query<{ known: boolean }>(
    `select to_regprocedure('public.issue_guardian_link(uuid)') is not null as known`,
  );
  if (!known[0]?.known) return;
  // Too many accounts named this address today (guardian_address_rate_limited): the account is
  // kept and nothing is mailed; the app says so and the minor sends it later (guardian-mail).
  await q.query('savepoint guardian_link');
  let rows: { guardian_email: string; username: string; token: string }[];
  try {
    ({ rows } = await q.query<{ guardian_email: string; username: string; token: string }>(
      `select guardian_email, username, token from public.issue_guardian_link($1)`,
      [userId],
    ));
  } catch (error) {
    if ((error as { hint?: string }).hint !== 'guardian_address_rate_limited') throw error;
    await q.query('rollback to savepoint guardian_link');
    return;
  }
  await q.query('release savepoint guardian_link');
  const request = rows[0];
  if (!request) return;
  await storeNotice(
    q,
    guardianMail({ to: request.guardian_email, userId, username: request.username, ...guardianLinkPlace(mail.redirectTo), token: request.token }),
  );
}

/** Where the guardian's links point: the app the sign-up came from, in its language. */
function guardianLinkPlace(redirectTo: string): { appUrl: string; english: boolean } {
  const back = new URL(redirectTo);
  return { appUrl: back.origin, english: /^\/en(\/|$)/.test(back.pathname) };
}
