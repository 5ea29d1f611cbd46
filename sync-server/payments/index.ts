import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { asRequester } from '../db/request-context.ts';
import { bearerToken, JwtError, type JwtClaims } from '../jwt.ts';
import { callbackBody, LocalProvider, localPaymentsKey } from './local.ts';
import { guardianRedirectRoutes, guardianRequestRoutes, mailGuardianAboutPurchase } from './guardian.ts';
import { checkoutPage, missingPage, type PageLanguage } from './page.ts';
import { isUuid, OUTCOMES, type Outcome, type PaymentProvider } from './provider.ts';

/** The most a callback's body may be: a purchase id, an outcome and a reference. */
const MAX_CALLBACK_BYTES = 4096;

/** SQLSTATE → HTTP status for the store's refusals (the hint is the app's code). */
const STATUS_OF_SQLSTATE: Record<string, 400 | 403 | 409 | 429> = { '42501': 403, '22023': 400, '23505': 409, '22P02': 400 };
/** Raised by the database with a hint the app knows (P0001 is any raise: only these hints). */
const STATUS_OF_HINT: Record<string, 429> = { guardian_mail_rate_limited: 429, guardian_address_rate_limited: 429 };

interface SqlError {
  code?: string;
  hint?: string;
}

interface BegunPurchase {
  purchase_id: string;
  item_id: string;
  item_name: string;
  amount_cents: number;
  currency: 'BRL' | 'USD' | 'EUR';
  /** pending (pay now) or awaiting_guardian (a minor's: the guardian confirms first) */
  status: 'pending' | 'awaiting_guardian';
  /** a new question to the guardian: the mail goes now */
  guardian_asked_now: boolean;
}

export interface SettleAnswer {
  purchase_id: string;
  status: string;
  granted: boolean;
  settled_now: boolean;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

function languageOf(value: unknown): PageLanguage {
  return value === 'en-US' || value === 'en' ? 'en-US' : 'pt-BR';
}

/**
 * Where the person goes back to: the app's store (/loja-sazonal or /en/loja-sazonal) on this
 * server's origin, the site's, or a loopback address (the dev server) — never anywhere else
 * (an open redirect).
 */
function storeReturn(value: unknown, c: Context, ctx: ServerContext): string {
  const site = new URL('/loja-sazonal', ctx.config.siteUrl).toString();
  if (typeof value !== 'string' || value.length > 500) return site;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return site;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return site;
  const ownOrigin = new URL(c.req.url).origin;
  const allowed = url.origin === ownOrigin || url.origin === new URL(ctx.config.siteUrl).origin || LOOPBACK.test(url.hostname);
  if (!allowed || !/^(\/en)?\/loja-sazonal\/?$/.test(url.pathname)) return site;
  return `${url.origin}${url.pathname.replace(/\/$/, '')}`;
}

/** Where the checkout ends: the success page for a paid purchase, the store (with the outcome) otherwise. */
function afterCheckout(returnTo: string, purchaseId: string, status: string): string {
  const url = new URL(status === 'paid' ? `${returnTo}/sucesso` : returnTo);
  url.searchParams.set('purchase', purchaseId);
  if (status !== 'paid') url.searchParams.set('result', status);
  return url.toString();
}

/**
 * The one place a verified callback settles a purchase (private.settle_purchase, as the database
 * owner: no API role may call it). Only purchases begun with this provider.
 */
export async function settleVerified(ctx: ServerContext, provider: PaymentProvider, purchaseId: string, outcome: Outcome, providerRef: string | null): Promise<SettleAnswer | null> {
  const { rows } = await ctx.db.query<{ r: SettleAnswer | null }>(
    `select case when p.provider = $4 then private.settle_purchase(p.id, $2, $3) end as r
       from public.store_purchases p where p.id = $1`,
    [purchaseId, outcome, providerRef, provider.name],
  );
  return rows[0]?.r ?? null;
}

export function createPaymentsApp(ctx: ServerContext, provider: LocalProvider = new LocalProvider(localPaymentsKey(ctx.config.jwtSecret))) {
  const app = new Hono();

  async function signedIn(c: Context): Promise<JwtClaims | null> {
    const token = bearerToken(c.req.raw.headers);
    if (!token) return null;
    try {
      const claims = await ctx.jwt.verify(token);
      return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims : null;
    } catch (error) {
      if (error instanceof JwtError) return null;
      throw error;
    }
  }

  // The app starts a purchase: {item_id, return_to, language} with the person's token →
  // {purchase_id, item_name, amount_cents, currency, checkout_url}.
  app.post('/checkout', async (c) => {
    const claims = await signedIn(c);
    if (!claims) return c.json({ code: 'not_authenticated', message: 'sign in to buy' }, 401);
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || !isUuid(body.item_id)) return c.json({ code: 'validation', message: 'item_id must be a uuid' }, 400);
    let begun: BegunPurchase;
    try {
      begun = await asRequester(ctx.db, claims, async (tx) => {
        const { rows } = await tx.query<{ r: BegunPurchase }>(`select public.store_begin_purchase($1, $2) as r`, [body.item_id, provider.name]);
        return rows[0].r;
      });
    } catch (error) {
      const { code, hint } = error as SqlError;
      const status = (hint ? STATUS_OF_HINT[hint] : undefined) ?? (code ? STATUS_OF_SQLSTATE[code] : undefined);
      if (!status) throw error;
      return c.json({ code: hint ?? 'validation', message: 'the purchase cannot begin' }, status);
    }
    const serverOrigin = new URL(c.req.url).origin;
    const { guardian_asked_now: askedNow, ...purchase } = begun;
    if (begun.status === 'awaiting_guardian') {
      // A minor's purchase (issue 35): the guardian of the safe sign-up is asked by mail; it can be
      // paid only after they confirm (then this same route answers its checkout).
      if (askedNow) await mailGuardianAboutPurchase(ctx.db, begun.purchase_id, { siteUrl: ctx.config.siteUrl, english: languageOf(body.language) === 'en-US' });
      return c.json(purchase, 202);
    }
    const checkoutUrl = provider.checkoutUrl(
      { purchaseId: begun.purchase_id, itemName: begun.item_name, amountCents: begun.amount_cents, currency: begun.currency },
      { serverOrigin, returnTo: storeReturn(body.return_to, c, ctx), language: languageOf(body.language) },
    );
    return c.json({ ...purchase, checkout_url: checkoutUrl });
  });

  // The local provider's checkout page.
  app.get('/local/checkout/:id', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const returnTo = storeReturn(c.req.query('return_to'), c, ctx);
    const id = c.req.param('id');
    const { rows } = isUuid(id)
      ? await ctx.db.query<{ id: string; item_name: string; amount_cents: number; currency: string; status: string }>(
          `select id, item_name, amount_cents, currency, status from public.store_purchases where id = $1 and provider = $2`,
          [id, provider.name],
        )
      : { rows: [] };
    const purchase = rows[0];
    c.header('cache-control', 'no-store');
    c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    if (!purchase) return c.html(missingPage(language, returnTo), 404);
    return c.html(
      checkoutPage(
        { id: purchase.id, itemName: purchase.item_name, amountCents: purchase.amount_cents, currency: purchase.currency, status: purchase.status },
        { language, returnTo },
      ),
    );
  });

  // The page's buttons: the "provider" decides and sends its signed callback, then the person
  // goes back to the app.
  app.post('/local/checkout/:id', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const id = c.req.param('id');
    const outcome = form.outcome as Outcome;
    const returnTo = storeReturn(form.return_to, c, ctx);
    if (!isUuid(id) || !OUTCOMES.includes(outcome)) return c.html(missingPage(languageOf(form.lang), returnTo), 400);
    const raw = callbackBody(id, outcome);
    const verified = provider.verifyCallback(raw, new Headers({ 'x-payment-signature': provider.sign(raw) }));
    const settled = verified && (await settleVerified(ctx, provider, verified.purchaseId, verified.outcome, verified.providerRef));
    if (!settled) return c.html(missingPage(languageOf(form.lang), returnTo), 404);
    return c.redirect(afterCheckout(returnTo, id, settled.status), 303);
  });

  // A minor's purchase: the app's guardian page reads and answers here; the link of mails sent
  // before the page moved into the app goes to it.
  app.route('/guardian-request', guardianRequestRoutes(ctx));
  app.route('/guardian', guardianRedirectRoutes(ctx));

  // The provider's signed callback (a real provider's webhook comes here the same way).
  app.post('/local/callback', async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_CALLBACK_BYTES) return c.json({ code: 'too_large', message: 'callback too large' }, 413);
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > MAX_CALLBACK_BYTES) return c.json({ code: 'too_large', message: 'callback too large' }, 413);
    const verified = provider.verifyCallback(raw, c.req.raw.headers);
    if (!verified) return c.json({ code: 'bad_signature', message: 'unsigned, forged or malformed callback' }, 401);
    const settled = await settleVerified(ctx, provider, verified.purchaseId, verified.outcome, verified.providerRef);
    if (!settled) return c.json({ code: 'not_found', message: 'no such purchase' }, 404);
    return c.json(settled);
  });

  return app;
}
