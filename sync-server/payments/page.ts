/**
 * The local provider's checkout page: what is bought, the real total (one payment, nothing
 * recurring), and three buttons — pay, a payment that fails, cancel. Server-rendered HTML in the
 * page's two languages (the app's Lingui catalogs are the app's; this page belongs to the
 * "provider", as a hosted provider's page would), no script, usable at 360 px and by keyboard.
 */

export type PageLanguage = 'pt-BR' | 'en-US';

const WORDS = {
  'pt-BR': {
    title: 'Pagamento — Cadernos (provedor local)',
    heading: 'Confirmar pagamento',
    note: 'Provedor de pagamento local, para testes: nenhum dinheiro real é cobrado.',
    item: 'Item',
    total: 'Total',
    once: 'Pagamento único. Sem cobrança recorrente.',
    pay: 'Pagar',
    fail: 'Simular pagamento recusado',
    cancel: 'Cancelar',
    settled: 'Este pagamento já foi concluído.',
    missing: 'Pagamento não encontrado.',
    back: 'Voltar à loja',
  },
  'en-US': {
    title: 'Payment — Cadernos (local provider)',
    heading: 'Confirm payment',
    note: 'Local payment provider, for testing: no real money is charged.',
    item: 'Item',
    total: 'Total',
    once: 'One payment. No recurring charge.',
    pay: 'Pay',
    fail: 'Simulate a declined payment',
    cancel: 'Cancel',
    settled: 'This payment is already finished.',
    missing: 'Payment not found.',
    back: 'Back to the store',
  },
} as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function formatPrice(cents: number, currency: string, language: PageLanguage): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f5f3ff;color:#1e1b4b}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 12px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{font-weight:600}
dd{margin:0}.total{font-size:1.4rem;font-weight:700}p.note{font-size:.9rem;color:#4c1d95}
form{display:flex;flex-direction:column;gap:10px;margin-top:16px}
button,a.button{font:inherit;min-height:44px;border-radius:8px;border:1px solid #7c3aed;padding:8px 12px;cursor:pointer;text-align:center}
button[value=paid]{background:#7c3aed;color:#fff}button[value=failed],button[value=cancelled]{background:#fff;color:#4c1d95}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

function shell(language: PageLanguage, body: string): string {
  const w = WORDS[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(w.title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface PagePurchase {
  id: string;
  itemName: string;
  amountCents: number;
  currency: string;
  status: string;
}

export function checkoutPage(purchase: PagePurchase, options: { language: PageLanguage; returnTo: string }): string {
  const w = WORDS[options.language];
  if (purchase.status !== 'pending') {
    return shell(options.language, `<h1>${escapeHtml(w.heading)}</h1><p role="status">${escapeHtml(w.settled)}</p>
<a class="button" href="${escapeHtml(options.returnTo)}">${escapeHtml(w.back)}</a>`);
  }
  return shell(
    options.language,
    `<h1>${escapeHtml(w.heading)}</h1><p class="note">${escapeHtml(w.note)}</p>
<dl><dt>${escapeHtml(w.item)}</dt><dd>${escapeHtml(purchase.itemName)}</dd>
<dt>${escapeHtml(w.total)}</dt><dd class="total" data-testid="checkout-total">${escapeHtml(formatPrice(purchase.amountCents, purchase.currency, options.language))}</dd></dl>
<p>${escapeHtml(w.once)}</p>
<form method="post" action="/payments/v1/local/checkout/${escapeHtml(purchase.id)}">
<input type="hidden" name="return_to" value="${escapeHtml(options.returnTo)}"><input type="hidden" name="lang" value="${options.language}">
<button type="submit" name="outcome" value="paid">${escapeHtml(w.pay)}</button>
<button type="submit" name="outcome" value="failed">${escapeHtml(w.fail)}</button>
<button type="submit" name="outcome" value="cancelled">${escapeHtml(w.cancel)}</button>
</form>`,
  );
}

export function missingPage(language: PageLanguage, returnTo: string): string {
  const w = WORDS[language];
  return shell(language, `<h1>${escapeHtml(w.heading)}</h1><p role="alert">${escapeHtml(w.missing)}</p>
<a class="button" href="${escapeHtml(returnTo)}">${escapeHtml(w.back)}</a>`);
}
