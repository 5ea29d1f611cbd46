/**
 * The one payments interface of the seasonal store (issue 35). A purchase begins in the database
 * (public.store_begin_purchase, as the person: the item, its real total, the provider's name); the
 * provider says where the person pays (checkoutUrl) and, later, tells the server the outcome by a
 * callback the provider signs (verifyCallback). Only a verified callback settles a purchase
 * (private.settle_purchase: once, granting a paid item once).
 *
 * Here: the local provider (local.ts), a checkout page this server serves that can succeed, fail
 * or be cancelled. A hosted deployment plugs a real provider behind the same two methods (its
 * checkout session's URL; its webhook signature) — see supabase/README.md.
 */

/** A purchase begun by store_begin_purchase: what the person pays, fixed before paying. */
export interface Checkout {
  purchaseId: string;
  itemName: string;
  amountCents: number;
  currency: 'BRL' | 'USD' | 'EUR';
}

export type Outcome = 'paid' | 'failed' | 'cancelled';

/** A callback whose signature checked out. */
export interface VerifiedCallback {
  purchaseId: string;
  outcome: Outcome;
  providerRef: string | null;
}

export interface PaymentProvider {
  /** The name stored with each purchase (store_purchases.provider). */
  readonly name: string;
  /** Where the person pays; the provider sends them back to `returnTo` (the app's store) afterwards. */
  checkoutUrl(checkout: Checkout, options: { serverOrigin: string; returnTo: string; language: 'pt-BR' | 'en-US' }): string;
  /**
   * The outcome a callback carries, when its signature is the provider's; null for an unsigned,
   * forged or malformed callback (which settles nothing).
   */
  verifyCallback(rawBody: string, headers: Headers): VerifiedCallback | null;
}

export const OUTCOMES: readonly Outcome[] = ['paid', 'failed', 'cancelled'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
