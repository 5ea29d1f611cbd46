/**
 * A guardian's address asked enough today (issue 35): the checkout answers 429
 * guardian_address_rate_limited — ten questions a day to one address, whichever minors' accounts
 * ask — and the minor's store says so, in pt-BR and en-US, with nothing charged. The server's side:
 * sync-server/payments/guardian-address-limit.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { messages as onlinePt } from '../locales/pt-BR/messages.po';
import { messages as onlineEn } from '../locales/en-US/messages.po';
import { renderOnline } from '../testing.tsx';
import type * as Data from '../../../data/online/store.ts';

const startCheckout = vi.fn<typeof Data.startCheckout>();
vi.mock('../../../data/online/store.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listStoreItems: async () => [item],
  listOwnedItemIds: async () => [],
  readStoreAccess: async () => true,
  listGuardianPurchases: async () => [],
  startCheckout: (...args: Parameters<typeof Data.startCheckout>) => startCheckout(...args),
}));
const { StoreView } = await import('./StoreView.tsx');
const { StoreError } = await import('../../../data/online/store.ts');

const item: Data.SeasonalItem = {
  id: 'item-1', name: 'Tema estrelado', category: 'theme', grants_ref: null, season_id: 'verao', season_name: 'Verão',
  item_type: 'promo', price_cents: 990, currency: 'BRL', valid_from: null, valid_until: null, is_active: true, is_featured: false,
  image_url: null, preview_url: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 }))); // the banner's dynamic words
  startCheckout.mockRejectedValue(new StoreError('guardian_address_rate_limited'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("a guardian's address asked enough today", () => {
  it.each([
    ['pt-BR', /^Comprar por R\$\s9,90$/, 'O e-mail do seu responsável já recebeu o máximo de pedidos de compra por hoje. Tente de novo amanhã; nada foi cobrado.'],
    ['en-US', 'Buy for R$9.90', "Your guardian's email has received the most purchase requests allowed for today. Try again tomorrow; nothing was charged."],
  ] as const)('the minor reads why (%s)', async (locale, buy, words) => {
    renderOnline(<StoreView userId="teen" />, locale, { 'pt-BR': onlinePt, 'en-US': onlineEn });
    const card = within(await screen.findByTestId('store-item-Tema estrelado'));
    fireEvent.click(card.getByRole('button', { name: buy }));
    expect((await screen.findByTestId('store-problem')).textContent).toBe(words);
    expect(startCheckout).toHaveBeenCalledTimes(1);
  });
});
