/**
 * Mail from the edge functions, through one interface (issue 22): the guardian's confirmation
 * mail is its first user. Two senders:
 *
 * - on the sync-server, the local mailbox (GET /auth/v1/mailbox): the server hands its own sender
 *   to the handler in `env.mail`; nothing on the network can reach it;
 * - on hosted Supabase, an HTTP mail API in the shape of Resend's `POST /emails`
 *   (`httpMailSender`), configured by the function's secrets MAIL_API_URL, MAIL_API_KEY and
 *   MAIL_FROM (supabase/README.md, "Hosted deployment").
 *
 * The texts of the mails live here too, so that the sync-server's sign-up and the function send
 * the same words (the sync-server may import from supabase/functions/_shared; never the reverse).
 */

/** One mail, ready to send. `kind`, `userId` and `link` are for the local mailbox's listing. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: 'guardian_consent' | 'guardian_purchase';
  userId: string;
  link: string;
}

export interface MailSender {
  /** Resolves when the mail was accepted for delivery; rejects with MailDeliveryError otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

/** What a function that mails needs: a sender and the app's address (links in mails open it). */
export interface MailSettings {
  sender: MailSender;
  /** The app's origin, e.g. https://cadernos.app — never taken from the caller. */
  appUrl: string;
}

export class MailDeliveryError extends Error {}

/** Resend's `POST https://api.resend.com/emails` (any service that takes the same body). */
export const DEFAULT_MAIL_API_URL = 'https://api.resend.com/emails';

/** The HTTP mail API of a hosted deployment. */
export function httpMailSender(options: { url: string; apiKey: string; from: string }): MailSender {
  return {
    async send(mail) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ from: options.from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html }),
        });
      } catch (error) {
        throw new MailDeliveryError(`mail API unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new MailDeliveryError(`mail API answered ${response.status}: ${await response.text()}`);
    },
  };
}

/**
 * The mail settings from a hosted function's secrets, or undefined when they are not all set
 * (the function then answers 503 mail_not_configured instead of pretending to send).
 */
export function mailSettingsFromEnv(get: (name: string) => string | undefined): MailSettings | undefined {
  const apiKey = get('MAIL_API_KEY');
  const from = get('MAIL_FROM');
  const appUrl = get('APP_URL');
  if (!apiKey || !from || !appUrl) return undefined;
  return { sender: httpMailSender({ url: get('MAIL_API_URL') || DEFAULT_MAIL_API_URL, apiKey, from }), appUrl };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The app's page that confirms: {app}/guardian/{token}, or {app}/en/guardian/{token} in English. */
export function guardianLink(appUrl: string, token: string, english: boolean): string {
  return `${new URL(appUrl).origin}${english ? '/en' : ''}/guardian/${encodeURIComponent(token)}`;
}

/**
 * The guardian's mail (issue 22), in both languages: the guardian may not read the minor's. The
 * one home of these words: the sync-server's sign-up and the function guardian-mail send it.
 */
export function guardianMail(options: {
  to: string;
  userId: string;
  username: string;
  /** The app's address (its origin is used) and the link's token. */
  appUrl: string;
  token: string;
  /** The sign-up's language: its link is the one the mailbox lists. */
  english: boolean;
}): OutgoingMail {
  const who = options.username;
  // Each part opens the page in its own language (the English part opened the Portuguese page).
  const ptLink = guardianLink(options.appUrl, options.token, false);
  const enLink = guardianLink(options.appUrl, options.token, true);
  const text =
    `Confirme a conta de ${who} no Cadernos\n\n` +
    `${who} criou uma conta no Cadernos, o app de cadernos de perguntas, e disse que você é o responsável. ` +
    `Adolescentes de 13 a 17 anos usam o Cadernos com a supervisão de um responsável. Até você confirmar, a conta ` +
    `fica com as configurações mais seguras (perfil privado, conexões privadas).\n` +
    `Para confirmar que você acompanha o uso, abra:\n${ptLink}\n\n` +
    `Se você não conhece ${who}, ignore este e-mail.\n\n` +
    `— English —\n${who} created a Cadernos account and named you as their guardian. Until you confirm, the ` +
    `account keeps the safest settings. To confirm that you supervise it, open:\n${enLink}\n` +
    `If you do not know ${who}, ignore this e-mail.\n`;
  const ptHref = escapeHtml(ptLink);
  const enHref = escapeHtml(enLink);
  const name = escapeHtml(who);
  const html =
    `<h2>Confirme a conta de ${name} no Cadernos</h2>\n` +
    `<p>${name} criou uma conta no Cadernos e disse que você é o responsável. Adolescentes de 13 a 17 anos usam o ` +
    `Cadernos com a supervisão de um responsável. Até você confirmar, a conta fica com as configurações mais ` +
    `seguras (perfil privado, conexões privadas).</p>\n` +
    `<p><a href="${ptHref}">Confirmar que acompanho a conta</a></p>\n` +
    `<p>Se você não conhece ${name}, ignore este e-mail.</p>\n` +
    `<p lang="en">${name} created a Cadernos account and named you as their guardian. ` +
    `<a href="${enHref}">Confirm that you supervise it</a>, or ignore this e-mail if you do not know them.</p>`;
  return {
    kind: 'guardian_consent',
    to: options.to,
    userId: options.userId,
    subject: `Confirme a conta de ${who} no Cadernos`,
    text,
    html,
    link: options.english ? enLink : ptLink,
  };
}

/**
 * A minor's purchase asks the guardian (issue 35), in both languages: the item, its real total,
 * one payment and nothing recurring, and the app's page that confirms or refuses
 * (`{app}/guardian/purchase/{token}`, `{app}/en/guardian/purchase/{token}` in English). No
 * countdown, no pressure: the guardian may simply ignore it, and nothing is charged.
 */
export function guardianPurchaseMail(options: {
  to: string;
  userId: string;
  username: string;
  itemName: string;
  /** The real total, already formatted in each language. */
  totalPt: string;
  totalEn: string;
  /** The app's guardian page in Portuguese and in English. */
  pageUrl: string;
  pageUrlEn: string;
  english: boolean;
}): OutgoingMail {
  const who = options.username;
  const ptLink = options.pageUrl;
  const enLink = options.pageUrlEn;
  const text =
    `${who} quer comprar "${options.itemName}" no Cadernos\n\n` +
    `${who} pediu para comprar "${options.itemName}" na loja do Cadernos, por ${options.totalPt} no total. ` +
    `É um pagamento único, sem cobrança recorrente. Como ${who} tem menos de 18 anos, a compra só pode ser paga ` +
    `depois que você confirmar. Nada foi cobrado.\n` +
    `Para ver o pedido e confirmar ou recusar, abra:\n${ptLink}\n\n` +
    `Se você não conhece ${who}, ignore este e-mail: sem a sua confirmação nada é cobrado.\n\n` +
    `— English —\n${who} asked to buy "${options.itemName}" in the Cadernos store, ${options.totalEn} in total: ` +
    `one payment, nothing recurring. It can only be paid after you confirm; nothing has been charged. ` +
    `To see the request and confirm or decline it, open:\n${enLink}\n`;
  const name = escapeHtml(who);
  const item = escapeHtml(options.itemName);
  const html =
    `<h2>${name} quer comprar “${item}” no Cadernos</h2>\n` +
    `<p>${name} pediu para comprar “${item}” na loja do Cadernos, por <strong>${escapeHtml(options.totalPt)}</strong> no total. ` +
    `É um pagamento único, sem cobrança recorrente. Como ${name} tem menos de 18 anos, a compra só pode ser paga ` +
    `depois que você confirmar. Nada foi cobrado.</p>\n` +
    `<p><a href="${escapeHtml(ptLink)}">Ver o pedido e confirmar ou recusar</a></p>\n` +
    `<p>Se você não conhece ${name}, ignore este e-mail: sem a sua confirmação nada é cobrado.</p>\n` +
    `<p lang="en">${name} asked to buy “${item}” in the Cadernos store, <strong>${escapeHtml(options.totalEn)}</strong> in total: ` +
    `one payment, nothing recurring. Nothing has been charged. <a href="${escapeHtml(enLink)}">See the request and confirm or decline it</a>.</p>`;
  return {
    kind: 'guardian_purchase',
    to: options.to,
    userId: options.userId,
    subject: `${who} quer comprar "${options.itemName}" no Cadernos`,
    text,
    html,
    link: options.english ? enLink : ptLink,
  };
}
