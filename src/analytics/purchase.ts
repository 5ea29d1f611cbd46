import { track } from './analytics.ts';
import type { EventProps } from './events.ts';

/** A purchase (spec §3: currency BRL) — the seasonal store calls this once a purchase in BRL is
 * confirmed. Its own module so that the landing's entry does not carry it. */
export function trackPurchase(purchase: { value_cents: number; item_category?: EventProps<'purchase'>['item_category'] }): void {
  track('purchase', { currency: 'BRL', value_cents: Math.round(purchase.value_cents), item_category: purchase.item_category });
}
