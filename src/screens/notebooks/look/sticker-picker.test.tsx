import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderOnline } from '../../online/testing.tsx';
import { messages as appPt } from '../../../locale/locales/pt-BR/messages.po';
import { messages as notebooksPt } from '../locales/pt-BR/messages.po';
import { messages as appEn } from '../../../locale/locales/en-US/messages.po';
import { messages as notebooksEn } from '../locales/en-US/messages.po';
import { StickerEditor } from './AppearanceControls.tsx';
import { NotebookCover } from './NotebookCover.tsx';
import { FREE_STICKERS } from './appearance.ts';
import type { CatalogueSticker } from '../../../data/online/sticker-catalogue.ts';

/**
 * The cover's sticker picker (issue 35): the free stickers and the stickers of the packs admins
 * added (the device's copy of the sticker catalogue); a premium pack's stickers are added by the
 * people who own the pack, marked "na loja" with the store's link for the others; an uploaded
 * sticker is drawn from its picture — on a guest's or collaborator's device too, offline.
 */
const catalogs = { 'pt-BR': { ...appPt, ...notebooksPt }, 'en-US': { ...appEn, ...notebooksEn } };
const sticker = (id: string, name: string, pack_id: string, is_premium: boolean, image: string | null): CatalogueSticker => ({
  id,
  name,
  pack_id,
  pack_name: pack_id,
  is_premium,
  image_url: image ? `http://backend/storage/v1/object/public/store-images/${image}` : null,
});
const CATALOGUE: CatalogueSticker[] = [
  ...FREE_STICKERS.map((id) => sticker(id, id, 'basicos', false, null)),
  sticker('floco', 'Floco de neve', 'inverno', true, 'floco.png'),
  sticker('onda', 'Onda', 'praia', true, 'onda.png'),
  sticker('folha', 'Folha', 'outono', false, 'folha.webp'),
];

beforeEach(() => {
  // offline: the catalogue comes from the device's copy alone
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
  localStorage.setItem('cadernos-sticker-catalogue', JSON.stringify(CATALOGUE));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('StickerEditor', () => {
  it('offers the free stickers and the owned packs; the others "na loja" with the store link', () => {
    const onChange = vi.fn();
    renderOnline(<StickerEditor stickers={[]} onChange={onChange} owned={['inverno']} />, 'pt-BR', catalogs);
    expect(screen.getAllByRole('button', { name: /^Adicionar adesivo/ })).toHaveLength(FREE_STICKERS.length + 3);
    expect((screen.getByRole('button', { name: 'Adicionar adesivo: Estrela' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Adicionar adesivo: Folha' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Adicionar adesivo: Onda (na loja)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('stickers-in-store').querySelector('a')?.getAttribute('href')).toBe('/loja-sazonal');
    const floco = screen.getByRole('button', { name: 'Adicionar adesivo: Floco de neve' }) as HTMLButtonElement;
    expect(floco.disabled).toBe(false);
    expect(floco.querySelector('img')?.getAttribute('src')).toBe('http://backend/storage/v1/object/public/store-images/floco.png');
    fireEvent.click(floco);
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ id: 'floco', layer: 'front', rotation: 0 })]);
  });

  it('owning every pack leaves nothing marked; without the owned list (a new notebook) premium packs are not offered (English)', () => {
    renderOnline(<StickerEditor stickers={[]} onChange={() => {}} owned={['inverno', 'praia']} />, 'en-US', catalogs);
    expect(screen.queryByTestId('stickers-in-store')).toBeNull();
    expect((screen.getByRole('button', { name: 'Add sticker: Onda' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    renderOnline(<StickerEditor stickers={[]} onChange={() => {}} owned={[]} />, 'en-US', catalogs);
    expect((screen.getByRole('button', { name: 'Add sticker: Onda (in the store)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('stickers-in-store').textContent).toBe('Dimmed stickers are “in the store”: they can be got in the seasonal store.');
    cleanup();
    renderOnline(<StickerEditor stickers={[]} onChange={() => {}} />, 'en-US', catalogs);
    expect(screen.queryByRole('button', { name: /Onda|Floco/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add sticker: Folha' })).toBeTruthy();
  });

  it('a premium sticker already on the cover is listed with its picture and can be removed', () => {
    const onChange = vi.fn();
    renderOnline(<StickerEditor stickers={[{ id: 'onda', size: 16, rotation: 0, layer: 'front' }]} onChange={onChange} owned={[]} />, 'pt-BR', catalogs);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Onda' }));
    expect(onChange).toHaveBeenCalledWith([]);
  });
});

describe('NotebookCover', () => {
  it("draws an uploaded sticker from the device's copy of the catalogue (a guest's device, offline); an unknown one is left out", () => {
    const { container } = renderOnline(
      <NotebookCover
        title="Caderno"
        author="Ana"
        theme="purple"
        cover={{ stickers: [{ id: 'onda', size: 16, rotation: 0, layer: 'front' }, { id: 'star', size: 16, rotation: 0, layer: 'back' }, { id: 'sumiu', size: 16, rotation: 0, layer: 'front' }] }}
      />,
      'pt-BR',
      catalogs,
    );
    expect(container.querySelector('img[data-sticker-art="onda"]')?.getAttribute('src')).toBe('http://backend/storage/v1/object/public/store-images/onda.png');
    expect(container.querySelector('svg[data-sticker-art="star"]')).not.toBeNull();
    expect(container.querySelector('[data-sticker="sumiu"]')).toBeNull();
  });
});
