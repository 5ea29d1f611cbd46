/**
 * The store shows an item on a real notebook (issue 35): a theme on a cover in that theme, a paper
 * as a sheet of it, a sticker pack's stickers on a cover (from the device's copy of the sticker
 * catalogue, here offline); a cover style on a cover in that style (the cover styles' copy), or the
 * admin's preview picture while the copy does not know it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { messages as onlinePt } from '../locales/pt-BR/messages.po';
import { messages as onlineEn } from '../locales/en-US/messages.po';
import { renderOnline } from '../testing.tsx';
import type { SeasonalItem } from '../../../data/online/store.ts';
import type { CatalogueSticker } from '../../../data/online/sticker-catalogue.ts';
import type { CatalogueCoverStyle } from '../../../data/online/cover-catalogue.ts';
import { notebookThemeClass } from '../../../styles/notebook.css.ts';
import { StorePreview } from './StorePreview.tsx';

const item = (over: Partial<SeasonalItem>): SeasonalItem => ({
  id: 'i', name: 'Item', category: 'theme', grants_ref: null, season_id: 'verao', season_name: 'Verão', item_type: 'promo',
  price_cents: 990, currency: 'BRL', valid_from: null, valid_until: null, is_active: true, is_featured: false,
  image_url: null, preview_url: null, ...over,
});
const STICKERS: CatalogueSticker[] = [
  { id: 'floco', name: 'Floco', pack_id: 'inverno', pack_name: 'Inverno', is_premium: true, image_url: 'http://backend/storage/v1/object/public/store-images/floco.png' },
  { id: 'gelo', name: 'Gelo', pack_id: 'inverno', pack_name: 'Inverno', is_premium: true, image_url: 'http://backend/storage/v1/object/public/store-images/gelo.png' },
  { id: 'onda', name: 'Onda', pack_id: 'praia', pack_name: 'Praia', is_premium: true, image_url: 'http://backend/storage/v1/object/public/store-images/onda.png' },
];
const COVERS: CatalogueCoverStyle[] = [
  { id: 'liso', name: 'Liso', is_premium: false, image_url: null },
  { id: 'galaxia', name: 'Galáxia', is_premium: true, image_url: 'http://backend/storage/v1/object/public/store-images/galaxia.png' },
];
const show = (shown: SeasonalItem) => renderOnline(<StorePreview item={shown} />, 'pt-BR', { 'pt-BR': onlinePt, 'en-US': onlineEn });

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
  localStorage.setItem('cadernos-sticker-catalogue', JSON.stringify(STICKERS));
  localStorage.setItem('cadernos-cover-catalogue', JSON.stringify(COVERS));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('StorePreview', () => {
  it('a theme on a notebook cover in that theme', () => {
    const { container } = show(item({ name: 'Galáxia', category: 'theme', grants_ref: 'galaxy' }));
    const cover = screen.getByTestId('notebook-cover');
    expect(cover.className).toContain(notebookThemeClass.galaxy);
    expect(cover.textContent).toContain('Galáxia');
    expect(container.querySelector('[data-preview="theme"]')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('a paper style as a sheet of that paper', () => {
    const { container } = show(item({ name: 'Papel kraft', category: 'paper_style', grants_ref: 'kraft' }));
    expect(container.querySelector('[data-paper="kraft"]')?.textContent).toContain('Papel kraft');
  });

  it("a sticker pack's stickers on a cover, drawn from their pictures", () => {
    const { container } = show(item({ name: 'Inverno', category: 'sticker_pack', grants_ref: 'inverno' }));
    const drawn = [...container.querySelectorAll('[data-sticker-art]')].map((el) => el.getAttribute('data-sticker-art'));
    expect(drawn).toEqual(['floco', 'gelo']);
    expect(container.querySelector('img[data-sticker-art="floco"]')?.getAttribute('src')).toContain('floco.png');
  });

  it('a cover style on a notebook cover drawn in that style', () => {
    const { container } = show(item({ name: 'Capa Galáxia', category: 'cover_style', grants_ref: 'galaxia', preview_url: 'http://backend/storage/v1/object/public/store-images/capa.png' }));
    const cover = screen.getByTestId('notebook-cover');
    expect(cover.style.backgroundImage).toContain('galaxia.png');
    expect(cover.textContent).toContain('Capa Galáxia');
    expect(container.querySelector('[data-preview="cover-style"]')?.getAttribute('aria-hidden')).toBe('true');
  });

  it("a cover style the device's copy does not know shows the admin's preview picture; an item naming nothing, its kind's icon", () => {
    const { container, unmount } = show(item({ category: 'cover_style', grants_ref: 'desconhecido', preview_url: 'http://backend/storage/v1/object/public/store-images/capa.png' }));
    expect(container.querySelector('img')?.getAttribute('src')).toContain('capa.png');
    expect(screen.queryByTestId('notebook-cover')).toBeNull();
    unmount();
    const other = show(item({ category: 'sticker_pack', grants_ref: 'vazio' }));
    expect(other.container.querySelector('[data-icon="star"]')).not.toBeNull();
  });
});
