/**
 * The store for a minor (issue 35): "Comprar" asks the guardian (the checkout answers 202, no page
 * to open) and the item says so; then what the guardian answered — confirmed (pay), declined or not
 * answered in time (nothing charged, ask again) — in pt-BR and en-US. The server's side:
 * supabase/tests/store.test.ts and sync-server/payments/payments.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages as onlinePt } from '../locales/pt-BR/messages.po';
import { messages as onlineEn } from '../locales/en-US/messages.po';
import { renderOnline } from '../testing.tsx';
import type * as Data from '../../../data/online/store.ts';

const listGuardianPurchases = vi.fn<typeof Data.listGuardianPurchases>();
const startCheckout = vi.fn<typeof Data.startCheckout>();
vi.mock('../../../data/online/store.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listStoreItems: async () => [item],
  listOwnedItemIds: async () => [],
  readStoreAccess: async () => true,
  listGuardianPurchases: () => listGuardianPurchases(),
  startCheckout: (...args: Parameters<typeof Data.startCheckout>) => startCheckout(...args),
}));
const { StoreView } = await import('./StoreView.tsx');

const item: Data.SeasonalItem = {
  id: 'item-1', name: 'Capa estrelada', category: 'cover_style', grants_ref: null, season_id: 'verao', season_name: 'Verão',
  item_type: 'promo', price_cents: 990, currency: 'BRL', valid_from: null, valid_until: null, is_active: true, is_featured: false,
  image_url: null, preview_url: null,
};
const purchase = (status: Data.Purchase['status'], expires = '2999-01-01T00:00:00Z'): Data.Purchase => ({
  id: `p-${status}`, item_id: item.id, item_name: item.name, amount_cents: 990, currency: 'BRL', status,
  created_at: '2026-11-29T10:00:00Z', settled_at: null, guardian_expires_at: expires,
});

function show(locale: 'pt-BR' | 'en-US' = 'pt-BR') {
  renderOnline(<StoreView userId="teen" />, locale, { 'pt-BR': onlinePt, 'en-US': onlineEn });
}
const card = async () => within(await screen.findByTestId('store-item-Capa estrelada'));

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 }))); // the banner's dynamic words
  listGuardianPurchases.mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("a minor's store", () => {
  it("'Comprar' asks the guardian: no checkout opens, the item says nothing was charged and waits", async () => {
    startCheckout.mockResolvedValue({ purchase_id: 'p1', item_name: item.name, amount_cents: 990, currency: 'BRL', status: 'awaiting_guardian' });
    show();
    const c = await card();
    listGuardianPurchases.mockResolvedValue([purchase('awaiting_guardian')]);
    fireEvent.click(c.getByRole('button', { name: /^Comprar por R\$\s9,90$/ }));
    await waitFor(() =>
      expect(c.getByTestId('store-guardian').textContent).toBe(
        'Pedimos a confirmação do seu responsável por e-mail. Nada foi cobrado. Quando ele confirmar, você poderá pagar aqui.',
      ),
    );
    expect(c.queryByRole('button')).toBeNull();
    expect(startCheckout).toHaveBeenCalledTimes(1);
  });

  it('confirmed: pay the same purchase; declined or unanswered: nothing charged, ask again (English)', async () => {
    listGuardianPurchases.mockResolvedValue([purchase('pending')]);
    show('en-US');
    let c = await card();
    expect((await c.findByTestId('store-guardian')).textContent).toBe('Your guardian confirmed this purchase. You can pay whenever you like.');
    expect(c.getByRole('button', { name: 'Pay R$9.90' })).toBeTruthy();
    cleanup();

    listGuardianPurchases.mockResolvedValue([purchase('refused')]);
    show('en-US');
    c = await card();
    expect((await c.findByTestId('store-guardian')).textContent).toBe('Your guardian declined this purchase. Nothing was charged.');
    expect(c.getByRole('button', { name: 'Ask your guardian again' })).toBeTruthy();
    cleanup();

    listGuardianPurchases.mockResolvedValue([purchase('awaiting_guardian', '2020-01-01T00:00:00Z')]);
    show('en-US');
    c = await card();
    expect((await c.findByTestId('store-guardian')).textContent).toBe('Your guardian did not answer the request in time. Nothing was charged.');
  });
});
