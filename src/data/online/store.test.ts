import { describe, expect, it } from 'vitest';
import { emptyDraft, formatPrice, guardianStateOf, isPaid, storeProblem, validateDraft, type Purchase } from './store.ts';

describe('the store on the device', () => {
  it('formats prices for the language in the item currency', () => {
    expect(formatPrice(1290, 'BRL', 'pt-BR')).toBe(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(12.9));
    expect(formatPrice(1290, 'BRL', 'pt-BR')).toMatch(/^R\$\s12,90$/);
    expect(formatPrice(500, 'USD', 'en-US')).toBe('$5.00');
    expect(formatPrice(250, 'EUR', 'en-US')).toBe('€2.50');
  });

  it('checks spec §5 as the database does: a name, a price for exclusive items, none for free ones', () => {
    const base = { ...emptyDraft(), name: 'Tema', season_id: 'verao-2026', season_name: 'Verão' };
    expect(validateDraft(base)).toEqual({});
    expect(validateDraft({ ...base, name: '  ' })).toEqual({ name: 'required' });
    expect(validateDraft({ ...base, item_type: 'exclusive' })).toEqual({ price_cents: 'required' });
    expect(validateDraft({ ...base, item_type: 'exclusive', price_cents: 990 })).toEqual({});
    expect(validateDraft({ ...base, item_type: 'free', price_cents: 100 })).toEqual({ price_cents: 'invalid' });
    expect(validateDraft({ ...base, season_id: 'Verão 2026' })).toEqual({ season_id: 'invalid' });
    expect(validateDraft({ ...base, valid_from: '2026-12-01T00:00:00.000Z', valid_until: '2026-11-01T00:00:00.000Z' })).toEqual({ valid_until: 'invalid' });
    expect(isPaid({ price_cents: null })).toBe(false);
    expect(isPaid({ price_cents: 1 })).toBe(true);
  });

  it('turns the server refusals into codes, never sentences', () => {
    expect(storeProblem({ code: '42501', hint: 'guardian_required' })).toBe('guardian_required');
    expect(storeProblem({ code: '42501', hint: 'store_beta_only' })).toBe('store_beta_only');
    expect(storeProblem({ code: '42501', hint: 'something_else' })).toBe('not_allowed');
    expect(storeProblem({ code: '23514', hint: null })).toBe('validation');
    expect(storeProblem({ code: 'XX000' })).toBe('server');
  });

  it("says what the guardian answered of the item a minor asked for, from the latest question", () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    const purchase = (item_id: string, status: Purchase['status'], created_at: string, guardian_expires_at: string | null = '2026-12-06T12:00:00Z'): Purchase => ({
      id: `${item_id}-${created_at}`, item_id, item_name: 'Capa', amount_cents: 990, currency: 'BRL', status, created_at, settled_at: null, guardian_expires_at,
    });
    const asked = [
      purchase('a', 'refused', '2026-11-28T10:00:00Z'),
      purchase('a', 'awaiting_guardian', '2026-11-29T10:00:00Z'),
      purchase('b', 'pending', '2026-11-29T10:00:00Z'),
      purchase('c', 'awaiting_guardian', '2026-11-20T10:00:00Z', '2026-11-27T10:00:00Z'),
      purchase('d', 'refused', '2026-11-29T10:00:00Z'),
      purchase('e', 'paid', '2026-11-29T10:00:00Z'),
    ];
    expect(['a', 'b', 'c', 'd', 'e', 'z'].map((id) => guardianStateOf(asked, id, now))).toEqual(['asked', 'confirmed', 'expired', 'refused', null, null]);
  });
});
