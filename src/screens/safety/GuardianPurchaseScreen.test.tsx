/**
 * The guardian's purchase page (issue 35), in pt-BR and en-US: who asks, the item, its real total in
 * the page's language, one payment and nothing recurring, two buttons of equal weight; opening
 * answers nothing, a tap answers once, a second answer says it was already answered, an unknown
 * or expired link says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { messages as pt } from '../accounts/locales/pt-BR/messages.po';
import { messages as en } from '../accounts/locales/en-US/messages.po';
import { renderOnline } from '../online/testing.tsx';
import type * as Data from '../../data/online/guardian-purchase.ts';

const readGuardianPurchase = vi.fn<typeof Data.readGuardianPurchase>();
const answerGuardianPurchase = vi.fn<typeof Data.answerGuardianPurchase>();
vi.mock('../../data/online/guardian-purchase.ts', () => ({ readGuardianPurchase, answerGuardianPurchase }));

const { default: GuardianPurchaseScreen } = await import('./GuardianPurchaseScreen.tsx');

const TOKEN = 'ab'.repeat(32);
const REQUEST: Data.GuardianPurchaseRequest = {
  username: 'lia_15',
  item_name: 'Capa dourada',
  category: 'cover_style',
  amount_cents: 990,
  currency: 'BRL',
  status: 'awaiting_guardian',
};

function show(locale: 'pt-BR' | 'en-US', token = TOKEN) {
  return renderOnline(
    <Router hook={memoryLocation({ path: `/guardian/purchase/${token}` }).hook}>
      <Route path="/guardian/purchase/:token">
        <GuardianPurchaseScreen />
      </Route>
    </Router>,
    locale,
    { 'pt-BR': pt, 'en-US': en },
  );
}

beforeEach(() => {
  readGuardianPurchase.mockReset();
  answerGuardianPurchase.mockReset();
});
afterEach(cleanup);

const WORDS = {
  'pt-BR': {
    heading: 'lia_15 quer comprar um item',
    item: 'Capa dourada (Estilo de capa)',
    total: 'R$\u00a09,90',
    once: 'Pagamento único. Sem cobrança recorrente. Sem itens-surpresa.',
    confirm: 'Confirmar a compra',
    decline: 'Recusar a compra',
    confirmed: 'Compra confirmada. lia_15 já pode pagar no app; o valor é cobrado uma única vez.',
    declined: 'Compra recusada. Nada foi cobrado.',
    already: 'Este pedido já foi respondido.',
    unknown: 'Este link não existe ou expirou. Nada foi cobrado. Confira se o endereço do e-mail foi copiado inteiro.',
  },
  'en-US': {
    heading: 'lia_15 wants to buy an item',
    item: 'Capa dourada (Cover style)',
    total: 'R$9.90',
    once: 'One payment. No recurring charge. No surprise items.',
    confirm: 'Confirm the purchase',
    decline: 'Decline the purchase',
    confirmed: 'Purchase confirmed. lia_15 can now pay in the app; the amount is charged only once.',
    declined: 'Purchase declined. Nothing was charged.',
    already: 'This request was already answered.',
    unknown: 'This link does not exist or has expired. Nothing was charged. Check that the whole address from the e-mail was copied.',
  },
} as const;

describe.each(['pt-BR', 'en-US'] as const)('GuardianPurchaseScreen (%s)', (locale) => {
  const w = WORDS[locale];

  it('shows who asks, the item, the real total and one payment; opening answers nothing; confirm and decline weigh the same', async () => {
    readGuardianPurchase.mockResolvedValue({ ok: true, request: REQUEST });
    show(locale);
    expect(await screen.findByRole('heading', { level: 1, name: w.heading })).toBeTruthy();
    expect(readGuardianPurchase).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByTestId('guardian-item').textContent).toBe(w.item);
    expect(screen.getByTestId('guardian-total').textContent).toBe(w.total);
    expect(screen.getByText(w.once)).toBeTruthy();
    const confirm = screen.getByRole('button', { name: w.confirm });
    const decline = screen.getByRole('button', { name: w.decline });
    expect(confirm.className).toBe(decline.className);
    expect(answerGuardianPurchase).not.toHaveBeenCalled();
    // no countdown, no timer words
    expect(document.body.textContent).not.toMatch(/\d+:\d\d|segundos|seconds|minutos restantes|minutes left/);
  });

  it('confirming answers once and says so (focus on the answer)', async () => {
    readGuardianPurchase.mockResolvedValue({ ok: true, request: REQUEST });
    answerGuardianPurchase.mockResolvedValue({ ok: true, request: { ...REQUEST, status: 'pending' } });
    show(locale);
    fireEvent.click(await screen.findByRole('button', { name: w.confirm }));
    const state = await screen.findByTestId('guardian-state');
    expect(answerGuardianPurchase).toHaveBeenCalledWith(TOKEN, true);
    expect(state.textContent).toBe(w.confirmed);
    await waitFor(() => expect(document.activeElement).toBe(state));
    expect(screen.queryByRole('button', { name: w.decline })).toBeNull();
  });

  it('declining says nothing was charged', async () => {
    readGuardianPurchase.mockResolvedValue({ ok: true, request: REQUEST });
    answerGuardianPurchase.mockResolvedValue({ ok: true, request: { ...REQUEST, status: 'refused' } });
    show(locale);
    fireEvent.click(await screen.findByRole('button', { name: w.decline }));
    expect((await screen.findByTestId('guardian-state')).textContent).toBe(w.declined);
    expect(answerGuardianPurchase).toHaveBeenCalledWith(TOKEN, false);
  });

  it('a second answer (another tab, the other parent) says it was already answered', async () => {
    readGuardianPurchase.mockResolvedValue({ ok: true, request: REQUEST });
    answerGuardianPurchase.mockResolvedValue({ ok: false, problem: 'already_answered', request: { ...REQUEST, status: 'refused' } });
    show(locale);
    fireEvent.click(await screen.findByRole('button', { name: w.confirm }));
    expect((await screen.findByTestId('guardian-state')).textContent).toContain(w.already);
  });

  it('a link opened again after the answer shows the answer, without buttons', async () => {
    readGuardianPurchase.mockResolvedValue({ ok: true, request: { ...REQUEST, status: 'pending' } });
    show(locale);
    expect((await screen.findByTestId('guardian-state')).textContent).toContain(w.already);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('an unknown or expired link says so clearly', async () => {
    readGuardianPurchase.mockResolvedValue({ ok: false, problem: 'guardian_link_invalid' });
    show(locale, 'f'.repeat(64));
    expect((await screen.findByRole('alert')).textContent).toBe(w.unknown);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
