/**
 * A minor's purchase and the guardian (issue 35): the minor's checkout made a purchase
 * `awaiting_guardian` (schemas/store.sql store_begin_purchase); here the guardian named at the safe
 * sign-up (account_safety.guardian_email) is mailed through the same mailbox as the sign-up's
 * guardian mail (sync-server/auth/mailbox.ts storeNotice; the words in
 * supabase/functions/_shared/mail.ts guardianPurchaseMail). The link opens the APP's page
 * /guardian/purchase/{token} (src/screens/safety/GuardianPurchaseScreen.tsx, its words in Lingui),
 * as the sign-up's /guardian/{token} does; the page reads and answers through the JSON routes
 * below:
 *
 *   GET  /payments/v1/guardian-request/{token}            → 200 the request | 404 guardian_link_invalid
 *   POST /payments/v1/guardian-request/{token} {decision}  → 200 answered now | 409 already_answered
 *                                                            | 404 guardian_link_invalid | 400 validation
 *   GET  /payments/v1/guardian/{token}                     → 302 to the app's page (mails already sent)
 *
 * Honest by design: no countdown, no pressure, declining is as easy as confirming, ignoring the
 * mail charges nothing. Reading answers nothing (a mail scanner opening the link changes nothing).
 * The token is the link's secret (only its hash is kept); a forged, replaced, expired or replayed
 * link changes nothing. Unknown tokens are counted per client address (30 at once, then 30 per 5
 * minutes: 429 too_many_attempts), as wrong codes are for the sign-up's guardian link.
 */
import { Hono, type Context } from 'hono';
import { guardianPurchaseMail } from '../../supabase/functions/_shared/mail.ts';
import { TokenBuckets } from '../auth/rate-limit.ts';
import { remoteAddress } from '../auth/request.ts';
import { storeNotice } from '../auth/mailbox.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { formatPrice } from './page.ts';

const TOKEN = /^[0-9a-f]{64}$/;

/** What the guardian's page shows (no ids: the token is the only handle). */
export interface GuardianRequest {
  username: string;
  item_name: string;
  category: string;
  amount_cents: number;
  currency: string;
  status: string;
}

/** The app's page of a purchase link, in the mail's language (/en/… in English), as guardianLink does. */
export function guardianPurchaseLink(siteUrl: string, token: string, english: boolean): string {
  return `${new URL(siteUrl).origin}${english ? '/en' : ''}/guardian/purchase/${encodeURIComponent(token)}`;
}

async function readRequest(q: Queryable, token: string): Promise<GuardianRequest | null> {
  if (!TOKEN.test(token)) return null;
  const { rows } = await q.query<{ r: (GuardianRequest & { purchase_id?: string }) | null }>(
    `select private.guardian_purchase_request($1) as r`,
    [token],
  );
  const r = rows[0]?.r;
  if (!r) return null;
  return { username: r.username, item_name: r.item_name, category: r.category, amount_cents: r.amount_cents, currency: r.currency, status: r.status };
}

/**
 * After a minor's checkout asked the guardian (store_begin_purchase answered guardian_asked_now):
 * the link is issued and the mail goes to the mailbox, as the sign-up's guardian mail does.
 * Answers whether a mail was stored.
 */
export async function mailGuardianAboutPurchase(
  q: Queryable,
  purchaseId: string,
  options: { siteUrl: string; english: boolean },
): Promise<boolean> {
  const { rows } = await q.query<{
    guardian_email: string;
    username: string;
    item_name: string;
    amount_cents: number;
    currency: string;
    token: string;
  }>(`select guardian_email, username, item_name, amount_cents, currency, token from private.issue_purchase_guardian_link($1)`, [purchaseId]);
  const link = rows[0];
  if (!link) return false;
  const { rows: owner } = await q.query<{ user_id: string }>(`select user_id from public.store_purchases where id = $1`, [purchaseId]);
  await storeNotice(
    q,
    guardianPurchaseMail({
      to: link.guardian_email,
      userId: owner[0].user_id,
      username: link.username,
      itemName: link.item_name,
      totalPt: formatPrice(link.amount_cents, link.currency, 'pt-BR'),
      totalEn: formatPrice(link.amount_cents, link.currency, 'en-US'),
      pageUrl: guardianPurchaseLink(options.siteUrl, link.token, false),
      pageUrlEn: guardianPurchaseLink(options.siteUrl, link.token, true),
      english: options.english,
    }),
  );
  return true;
}

/** The old address of the link (mails already sent): to the app's page, in the link's language. */
export function guardianRedirectRoutes(ctx: ServerContext) {
  const app = new Hono();
  app.get('/:token', (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const english = c.req.query('lang') === 'en' || c.req.query('lang') === 'en-US';
    return c.redirect(guardianPurchaseLink(ctx.config.siteUrl, c.req.param('token'), english), 302);
  });
  return app;
}

/** The app's page reads (GET) and answers (POST {decision: confirm | refuse}) a request by its token. */
export function guardianRequestRoutes(ctx: ServerContext) {
  const app = new Hono();
  const wrongTokens = new TokenBuckets(30);
  const keyOf = (c: Context) => remoteAddress(c) ?? 'unknown';
  const unknown = (c: Context) => {
    wrongTokens.take(keyOf(c));
    return c.json({ code: 'guardian_link_invalid', message: 'This guardian link is unknown or expired.' }, 404);
  };
  /** Too many unknown tokens from this address: seconds to wait, else 0 (takes nothing). */
  const blocked = (c: Context): number => {
    const wait = wrongTokens.take(keyOf(c));
    if (wait === 0) wrongTokens.refund(keyOf(c));
    return wait;
  };
  const tooMany = (c: Context, wait: number) => {
    c.header('retry-after', String(wait));
    return c.json({ code: 'too_many_attempts', message: 'Too many unknown links. Try again later.', details: String(wait) }, 429);
  };
  app.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    await next();
  });

  app.get('/:token', async (c) => {
    const wait = blocked(c);
    if (wait > 0) return tooMany(c, wait);
    const request = await readRequest(ctx.db, c.req.param('token'));
    if (!request) return unknown(c);
    return c.json({ request });
  });

  app.post('/:token', async (c) => {
    const wait = blocked(c);
    if (wait > 0) return tooMany(c, wait);
    const token = c.req.param('token');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const decision = body?.decision;
    if (decision !== 'confirm' && decision !== 'refuse') {
      return c.json({ code: 'validation', message: 'decision must be confirm or refuse' }, 400);
    }
    if (!TOKEN.test(token)) return unknown(c);
    const { rows } = await ctx.db.query<{ r: { status: string; answered_now: boolean } | null }>(
      `select private.answer_guardian_purchase($1, $2) as r`,
      [token, decision === 'confirm'],
    );
    if (!rows[0]?.r) return unknown(c);
    const request = await readRequest(ctx.db, token);
    if (!rows[0].r.answered_now) return c.json({ code: 'already_answered', message: 'This request was already answered.', request }, 409);
    return c.json({ answered_now: true, request });
  });

  return app;
}
