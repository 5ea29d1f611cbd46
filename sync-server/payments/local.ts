import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isUuid, OUTCOMES, type Checkout, type Outcome, type PaymentProvider, type VerifiedCallback } from './provider.ts';

/** The callback's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'x-payment-signature';
/** A signature older (or newer) than this is refused: a callback captured long ago is worth nothing. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The local provider's key, derived from the server's JWT secret (so nothing new to configure, and
 * it is never the JWT secret itself): a token cannot sign a callback, nor a callback a token.
 */
export function localPaymentsKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('cadernos local payments callback v1').digest();
}

export function signCallback(key: Buffer, rawBody: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  const v1 = createHmac('sha256', key).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export function callbackBody(purchaseId: string, outcome: Outcome, providerRef = `local_${randomBytes(9).toString('hex')}`): string {
  return JSON.stringify({ purchase_id: purchaseId, outcome, provider_ref: providerRef });
}

export class LocalProvider implements PaymentProvider {
  readonly name = 'local';
  constructor(private readonly key: Buffer, private readonly now: () => number = Date.now) {}

  checkoutUrl(checkout: Checkout, options: { serverOrigin: string; returnTo: string; language: 'pt-BR' | 'en-US' }): string {
    const url = new URL(`/payments/v1/local/checkout/${checkout.purchaseId}`, options.serverOrigin);
    url.searchParams.set('return_to', options.returnTo);
    url.searchParams.set('lang', options.language);
    return url.toString();
  }

  /** Signs what the checkout page decided, as a real provider's webhook would be signed. */
  sign(rawBody: string): string {
    return signCallback(this.key, rawBody, this.now());
  }

  verifyCallback(rawBody: string, headers: Headers): VerifiedCallback | null {
    const header = headers.get(SIGNATURE_HEADER);
    const match = header ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim()) : null;
    if (!match) return null;
    const t = Number(match[1]);
    if (Math.abs(this.now() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return null;
    const expected = createHmac('sha256', this.key).update(`${t}.${rawBody}`).digest();
    const given = Buffer.from(match[2], 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return null;
    }
    if (!body || typeof body !== 'object') return null;
    const { purchase_id, outcome, provider_ref } = body as Record<string, unknown>;
    if (!isUuid(purchase_id) || !OUTCOMES.includes(outcome as Outcome)) return null;
    const ref = typeof provider_ref === 'string' && provider_ref.length <= 200 ? provider_ref : null;
    return { purchaseId: purchase_id, outcome: outcome as Outcome, providerRef: ref };
  }
}
