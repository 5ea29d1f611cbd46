import { afterEach, describe, expect, it } from 'vitest';
import { cachedOwnedLooks, ownedLooksOf } from './owned-looks.ts';

describe('owned looks', () => {
  afterEach(() => localStorage.clear());

  it('groups the owned looks by what the editor offers', () => {
    expect(
      ownedLooksOf([
        { category: 'theme', grants_ref: 'galaxy' },
        { category: 'paper_style', grants_ref: 'kraft' },
        { category: 'theme', grants_ref: 'galaxy' },
        { category: 'sticker_pack', grants_ref: 'summer' },
        { category: 'unknown', grants_ref: 'x' },
      ]),
    ).toEqual({ themes: ['galaxy'], papers: ['kraft'], stickers: ['summer'], covers: [] });
  });

  it("reads the device's copy of one person only, and survives a damaged copy", () => {
    localStorage.setItem('cadernos-owned-looks:ana', JSON.stringify({ themes: ['galaxy', 3], papers: 'x' }));
    expect(cachedOwnedLooks('ana')).toEqual({ themes: ['galaxy'], papers: [], stickers: [], covers: [] });
    expect(cachedOwnedLooks('bruno')).toBeNull();
    localStorage.setItem('cadernos-owned-looks:bruno', '{not json');
    expect(cachedOwnedLooks('bruno')).toBeNull();
  });
});
