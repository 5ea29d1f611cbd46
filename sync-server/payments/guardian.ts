/**
 * A minor's purchase and the guardian (issue 35): the minor's checkout made a purchase
 * `awaiting_guardian` (schemas/store.sql store_begin_purchase); here the guardian named at the safe
 * sign-up (account_safety.guardian_email) is mailed through the same mailbox as the sign-up's
 * guardian mail (sync-server/auth/mailbox.ts storeNotice; the words in
 * supabase/functions/_shared/mail.ts guardianPurchaseMail), and the link opens this page: who asks,
 * the item, its real total, "one payment, nothing recurring", and two buttons — confirm (the
 * purchase may then be paid, once, by the minor's checkout) or decline (nothing is ever charged).
 *
 * Honest by design: no countdown, no pressure, declining is as easy as confirming, ignoring the
 * mail charges nothing. The page needs no account and no script; GET only shows (a mail scanner
 * opening the link answers nothing), the answer is a POST. The token is the link's secret (only
 * its hash is kept); a forged, replaced, expired or replayed link changes nothing.
 */
import { Hono, type Context } from 'hono';
import { guardianPurchaseMail } from '../../supabase/functions/_shared/mail.ts';
import { storeNotice } from '../auth/mailbox.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { escapeHtml, formatPrice, type PageLanguage } from './page.ts';

const TOKEN = /^[0-9a-f]{64}$/;

interface Request {
  purchase_id: string;
  username: string;
  item_name: string;
  category: string;
  amount_cents: number;
  currency: string;
  status: string;
}

const WORDS = {
  'pt-BR': {
    title: 'Pedido de compra — Cadernos',
    heading: (who: string) => `${who} quer comprar um item`,
    intro: (who: string) =>
      `${who} tem menos de 18 anos e pediu a sua confirmação para esta compra na loja do Cadernos. Nada foi cobrado.`,
    item: 'Item',
    total: 'Total',
    once: 'Pagamento único. Sem cobrança recorrente. Sem itens-surpresa.',
    after: (who: string) => `Se você confirmar, ${who} poderá pagar este valor uma vez, no app. Se recusar, nada será cobrado.`,
    confirm: 'Confirmar a compra',
    refuse: 'Recusar',
    confirmed: (who: string) => `Compra confirmada. ${who} já pode pagar no app; o valor é cobrado uma única vez.`,
    refused: 'Compra recusada. Nada foi cobrado.',
    paid: 'Esta compra já foi paga.',
    expired: 'Este pedido expirou ou foi substituído por outro e-mail. Nada foi cobrado.',
    closed: 'Este pedido já foi encerrado. Nada foi cobrado.',
    missing: 'Pedido não encontrado. Confira se o endereço do e-mail foi copiado inteiro.',
    categories: { theme: 'Tema', paper_style: 'Estilo de papel', sticker_pack: 'Pacote de adesivos', cover_style: 'Estilo de capa' } as Record<string, string>,
  },
  'en-US': {
    title: 'Purchase request — Cadernos',
    heading: (who: string) => `${who} wants to buy an item`,
    intro: (who: string) => `${who} is under 18 and asked for your confirmation of this purchase in the Cadernos store. Nothing has been charged.`,
    item: 'Item',
    total: 'Total',
    once: 'One payment. No recurring charge. No surprise items.',
    after: (who: string) => `If you confirm, ${who} can pay this amount once, in the app. If you decline, nothing is charged.`,
    confirm: 'Confirm the purchase',
    refuse: 'Decline',
    confirmed: (who: string) => `Purchase confirmed. ${who} can now pay in the app; the amount is charged only once.`,
    refused: 'Purchase declined. Nothing was charged.',
    paid: 'This purchase has already been paid.',
    expired: 'This request expired or was replaced by a newer e-mail. Nothing was charged.',
    closed: 'This request is closed. Nothing was charged.',
    missing: 'Request not found. Check that the whole address from the e-mail was copied.',
    categories: { theme: 'Theme', paper_style: 'Paper style', sticker_pack: 'Sticker pack', cover_style: 'Cover style' } as Record<string, string>,
  },
} as const;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f5f3ff;color:#1e1b4b}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 12px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{font-weight:600}
dd{margin:0}.total{font-size:1.4rem;font-weight:700}
form{display:flex;flex-direction:column;gap:10px;margin-top:16px}
button{font:inherit;min-height:44px;border-radius:8px;border:1px solid #7c3aed;padding:8px 12px;cursor:pointer;background:#fff;color:#4c1d95}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

function page(language: PageLanguage, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${escapeHtml(WORDS[language].title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function statusLine(language: PageLanguage, request: Request): string {
  const w = WORDS[language];
  switch (request.status) {
    case 'pending':
      return `<p role="status" data-testid="guardian-state">${escapeHtml(w.confirmed(request.username))}</p>`;
    case 'refused':
      return `<p role="status" data-testid="guardian-state">${escapeHtml(w.refused)}</p>`;
    case 'paid':
      return `<p role="status" data-testid="guardian-state">${escapeHtml(w.paid)}</p>`;
    case 'expired':
      return `<p role="status" data-testid="guardian-state">${escapeHtml(w.expired)}</p>`;
    default:
      return `<p role="status" data-testid="guardian-state">${escapeHtml(w.closed)}</p>`;
  }
}

export function guardianPage(language: PageLanguage, token: string, request: Request | null): string {
  const w = WORDS[language];
  if (!request) return page(language, `<h1>${escapeHtml(w.title)}</h1><p role="alert">${escapeHtml(w.missing)}</p>`);
  const details = `<dl><dt>${escapeHtml(w.item)}</dt><dd data-testid="guardian-item">${escapeHtml(request.item_name)} (${escapeHtml(w.categories[request.category] ?? request.category)})</dd>
<dt>${escapeHtml(w.total)}</dt><dd class="total" data-testid="guardian-total">${escapeHtml(formatPrice(request.amount_cents, request.currency, language))}</dd></dl>
<p>${escapeHtml(w.once)}</p>`;
  const heading = `<h1>${escapeHtml(w.heading(request.username))}</h1>`;
  if (request.status !== 'awaiting_guardian') return page(language, `${heading}${details}${statusLine(language, request)}`);
  const action = `/payments/v1/guardian/${escapeHtml(token)}${language === 'en-US' ? '?lang=en' : ''}`;
  return page(
    language,
    `${heading}<p>${escapeHtml(w.intro(request.username))}</p>${details}<p>${escapeHtml(w.after(request.username))}</p>
<form method="post" action="${action}">
<button type="submit" name="decision" value="confirm">${escapeHtml(w.confirm)}</button>
<button type="submit" name="decision" value="refuse">${escapeHtml(w.refuse)}</button>
</form>`,
  );
}

function languageOf(value: string | undefined): PageLanguage {
  return value === 'en' || value === 'en-US' ? 'en-US' : 'pt-BR';
}

async function readRequest(q: Queryable, token: string): Promise<Request | null> {
  if (!TOKEN.test(token)) return null;
  const { rows } = await q.query<{ r: Request | null }>(`select private.guardian_purchase_request($1) as r`, [token]);
  return rows[0]?.r ?? null;
}

/**
 * After a minor's checkout asked the guardian (store_begin_purchase answered guardian_asked_now):
 * the link is issued and the mail goes to the mailbox, as the sign-up's guardian mail does.
 * Answers whether a mail was stored.
 */
export async function mailGuardianAboutPurchase(
  q: Queryable,
  purchaseId: string,
  options: { serverOrigin: string; english: boolean },
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
      pageUrl: `${options.serverOrigin}/payments/v1/guardian/${link.token}`,
      english: options.english,
    }),
  );
  return true;
}

/** GET shows the request; POST {decision: confirm | refuse} answers it. */
export function guardianRoutes(ctx: ServerContext) {
  const app = new Hono();
  const headers = (c: Context) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  };

  app.get('/:token', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const token = c.req.param('token');
    const request = await readRequest(ctx.db, token);
    headers(c);
    return c.html(guardianPage(language, token, request), request ? 200 : 404);
  });

  app.post('/:token', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const token = c.req.param('token');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const decision = form.decision;
    headers(c);
    if (decision !== 'confirm' && decision !== 'refuse') {
      const request = await readRequest(ctx.db, token);
      return c.html(guardianPage(language, token, request), 400);
    }
    if (!TOKEN.test(token)) return c.html(guardianPage(language, token, null), 404);
    const { rows } = await ctx.db.query<{ r: { status: string; answered_now: boolean } | null }>(
      `select private.answer_guardian_purchase($1, $2) as r`,
      [token, decision === 'confirm'],
    );
    if (!rows[0]?.r) return c.html(guardianPage(language, token, null), 404);
    const request = await readRequest(ctx.db, token);
    return c.html(guardianPage(language, token, request), rows[0].r.answered_now ? 200 : 409);
  });

  return app;
}
