import type { Queryable } from '../db/types.ts';
import { generateOtp, sendMail, tokenHash, type MailKind } from './mailbox.ts';
import type { RequestInfo } from './request.ts';

/**
 * The e-mails GoTrue sends (internal/api/mail.go): each stores the hash of a fresh one-time code in
 * a users column and mails the code and a link carrying the hash. In the PKCE flow the stored
 * token carries a `pkce_` prefix, which is how GET /verify knows to answer with `?code=`.
 */

export interface MailContext {
  info: RequestInfo;
  redirectTo: string;
  pkce: boolean;
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

/** Sign-up confirmation (also used for invites, which confirm through the same token). */
export async function sendConfirmation(q: Queryable, user: Recipient, mail: MailContext, kind: 'signup' | 'invite' = 'signup') {
  const { otp, token } = prepare(user.email, mail.pkce);
  await q.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
            invited_at = case when $3::boolean then coalesce(invited_at, now()) else invited_at end
      where id = $1`,
    [user.id, token, kind === 'invite'],
  );
  await deliver(q, kind, user.email, user, otp, token, mail);
}

/** Password recovery and magic links share the recovery token, as in GoTrue. */
export async function sendRecovery(q: Queryable, user: Recipient, mail: MailContext, kind: 'recovery' | 'magiclink' = 'recovery') {
  const { otp, token } = prepare(user.email, mail.pkce);
  await q.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [user.id, token]);
  await deliver(q, kind, user.email, user, otp, token, mail);
}

/**
 * E-mail change: one mail to the new address (GoTrue with GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED
 * off — this server confirms with the new address only).
 */
export async function sendEmailChange(q: Queryable, user: Recipient, newEmail: string, mail: MailContext) {
  const { otp, token } = prepare(newEmail, mail.pkce);
  await q.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = '',
            email_change_sent_at = now(), email_change_confirm_status = 0
      where id = $1`,
    [user.id, newEmail.toLowerCase(), token],
  );
  await deliver(q, 'email_change', newEmail, user, otp, token, mail);
}
