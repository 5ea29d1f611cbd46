import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { escapeHtml, type MailSender, type OutgoingMail as AppMail } from '../../supabase/functions/_shared/mail.ts';
import { isoTimestamp } from './users.ts';

/**
 * The local mailbox. Every e-mail GoTrue would send through SMTP is stored in auth.mailbox instead,
 * with the same link and one-time code, so the flows can be completed by hand (GET /auth/v1/mailbox)
 * and by tests (GET /auth/v1/mailbox.json?to=…).
 */

export type MailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

/** GoTrue's default subjects (internal/mailer). */
const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm Your Email',
  invite: 'You have been invited',
  magiclink: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
};

const INTROS: Record<MailKind, { heading: string; action: string; label: string }> = {
  signup: { heading: 'Confirm your signup', action: 'Follow this link to confirm your user:', label: 'Confirm your mail' },
  invite: {
    heading: 'You have been invited',
    action: 'You have been invited to create a user. Follow this link to accept the invite:',
    label: 'Accept the invite',
  },
  magiclink: { heading: 'Magic Link', action: 'Follow this link to login:', label: 'Log In' },
  recovery: { heading: 'Reset Password', action: 'Follow this link to reset the password for your user:', label: 'Reset Password' },
  email_change: {
    heading: 'Confirm Change of Email',
    action: 'Follow this link to confirm the update of your email:',
    label: 'Change Email',
  },
};

/** A 6-digit code, as GoTrue's crypto.GenerateOtp with the default OTP length. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** GoTrue's crypto.GenerateTokenHash: what is stored and what the link carries. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224').update(emailOrPhone + otp).digest('hex');
}

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  userId: string;
  otp: string;
  /** The stored token (hash, with the `pkce_` prefix in the PKCE flow): the link's `token`. */
  token: string;
  redirectTo: string;
  /** GoTrue's API_EXTERNAL_URL, e.g. http://127.0.0.1:54321/auth/v1 */
  externalUrl: string;
}

/** GoTrue's GetEmailActionLink: {external}/verify?token=…&type=…&redirect_to=… */
export function actionLink(mail: Pick<OutgoingMail, 'kind' | 'token' | 'redirectTo' | 'externalUrl'>): string {
  const query = new URLSearchParams({ token: mail.token, type: mail.kind, redirect_to: mail.redirectTo });
  return `${mail.externalUrl}/verify?${query.toString()}`;
}

export async function sendMail(q: Queryable, mail: OutgoingMail): Promise<void> {
  const link = actionLink(mail);
  const intro = INTROS[mail.kind];
  const text = `${intro.heading}\n\n${intro.action}\n${link}\n\nAlternatively, enter the code: ${mail.otp}\n`;
  const html =
    `<h2>${escapeHtml(intro.heading)}</h2>\n<p>${escapeHtml(intro.action)}</p>\n` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(intro.label)}</a></p>\n` +
    `<p>Alternatively, enter the code: ${escapeHtml(mail.otp)}</p>`;
  await storeMail(q, { ...mail, subject: SUBJECTS[mail.kind], text, html, link });
}

/**
 * The app's own mails (not GoTrue's): a minor's guardian is asked to confirm the account
 * (issue 22). Same mailbox, no one-time code: the link opens the app, which confirms by RPC. Their
 * words live in supabase/functions/_shared/mail.ts, shared with the edge function guardian-mail.
 */
export type NoticeKind = AppMail['kind'];

/** The edge functions' mail sender on this server: into the mailbox (never onto the network). */
export function mailboxSender(q: Queryable): MailSender {
  return { send: (mail) => storeNotice(q, mail) };
}

export async function storeNotice(q: Queryable, mail: AppMail): Promise<void> {
  await storeMail(q, { ...mail, otp: null, token: null, redirectTo: null });
}

async function storeMail(
  q: Queryable,
  mail: {
    kind: MailKind | NoticeKind;
    to: string;
    userId: string;
    subject: string;
    text: string;
    html: string;
    link: string;
    otp: string | null;
    token: string | null;
    redirectTo: string | null;
  },
): Promise<void> {
  await q.query(
    `insert into auth.mailbox (recipient, kind, subject, body_text, body_html, link, otp, token_hash, redirect_to, user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [mail.to, mail.kind, mail.subject, mail.text, mail.html, mail.link, mail.otp, mail.token, mail.redirectTo, mail.userId],
  );
}

export interface StoredMail {
  id: number;
  to: string;
  type: MailKind | NoticeKind;
  subject: string;
  text: string;
  html: string;
  link: string;
  /** The one-time code the mail shows (verifyOtp({ email, token, type })). */
  token: string;
  /** The token hash the link carries (verifyOtp({ token_hash, type })). */
  token_hash: string;
  redirect_to: string;
  created_at: string;
}

export async function listMail(q: Queryable, to: string | undefined, limit: number): Promise<StoredMail[]> {
  const { rows } = await q.query<StoredMail & { id: string }>(
    `select id::text as id, recipient as "to", kind as type, subject, body_text as text, body_html as html,
            link, otp as token, token_hash, redirect_to, ${isoTimestamp('created_at', 'created_at')}
       from auth.mailbox
      where $1::text is null or lower(recipient) = lower($1)
      order by id desc
      limit $2`,
    [to ?? null, limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function clearMail(q: Queryable, to: string | undefined): Promise<void> {
  await q.query(`delete from auth.mailbox where $1::text is null or lower(recipient) = lower($1)`, [to ?? null]);
}

export { escapeHtml };

/** The page a developer opens: newest first, each mail with its link and code. */
export function mailboxPage(mails: StoredMail[], to: string | undefined): string {
  const items = mails
    .map(
      (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong> → ${escapeHtml(mail.to)}
    <time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(mail.created_at.replace('T', ' ').slice(0, 19))} UTC</time></header>
  <div class="body">${mail.html}</div>
  <p class="link"><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>
</article>`,
    )
    .join('\n');
  const title = to ? `Mailbox — ${escapeHtml(to)}` : 'Mailbox';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ccc; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  header { display: flex; gap: .5rem; flex-wrap: wrap; align-items: baseline; }
  time { color: #666; font-size: .875rem; margin-left: auto; }
  .link { font-size: .8rem; word-break: break-all; color: #666; }
</style></head>
<body>
<h1>${title}</h1>
<p>Every e-mail the local server would have sent, newest first. <a href="?">All recipients</a></p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
