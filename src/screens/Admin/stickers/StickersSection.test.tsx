import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetSection, showSection, toasts, type } from '../testing.tsx';
import type * as Data from '../../../data/online/sticker-packs-admin.ts';
import type * as Images from '../../../data/online/admin-images.ts';

/**
 * /admin › Adesivos (issue 35): the packs with their stickers and a count, create a premium pack,
 * enable / disable it, add a sticker with an uploaded picture (the picture required, a GIF refused
 * before sending), edit in place, and the refusals' words.
 */
const listStickerPacks = vi.fn<typeof Data.listStickerPacks>();
const saveStickerPack = vi.fn<typeof Data.saveStickerPack>();
const setStickerPackActive = vi.fn<typeof Data.setStickerPackActive>();
const saveSticker = vi.fn<typeof Data.saveSticker>();
const uploadAdminImage = vi.fn<typeof Images.uploadAdminImage>();
vi.mock('../../../data/online/sticker-packs-admin.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listStickerPacks: () => listStickerPacks(),
  saveStickerPack: (...args: Parameters<typeof Data.saveStickerPack>) => saveStickerPack(...args),
  setStickerPackActive: (...args: Parameters<typeof Data.setStickerPackActive>) => setStickerPackActive(...args),
  saveSticker: (...args: Parameters<typeof Data.saveSticker>) => saveSticker(...args),
}));
vi.mock('../../../data/online/admin-images.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Images>()),
  uploadAdminImage: (...args: Parameters<typeof Images.uploadAdminImage>) => uploadAdminImage(...args),
  removeAdminImage: async () => undefined,
}));
const { default: StickersSection } = await import('./StickersSection.tsx');
const { StickerPackError } = await import('../../../data/online/sticker-packs-admin.ts');

const packs: Data.StickerPackRow[] = [
  { id: 'basicos', name: 'Adesivos básicos', is_premium: false, is_active: true, sort_order: 1 },
  { id: 'inverno', name: 'Inverno', is_premium: true, is_active: false, sort_order: 2 },
];
const stickers: Data.StickerRow[] = [
  { id: 'star', pack_id: 'basicos', name: 'Estrela', image_path: null, sort_order: 1 },
  { id: 'floco', pack_id: 'inverno', name: 'Floco', image_path: 'floco.png', sort_order: 1 },
];

const show = (locale?: 'pt-BR' | 'en-US') => showSection(<StickersSection />, locale);

beforeEach(() => {
  listStickerPacks.mockResolvedValue({ packs, stickers });
  saveStickerPack.mockImplementation(async (_id, draft) => ({ ...draft, name: draft.name.trim() }));
  setStickerPackActive.mockImplementation(async (id, active) => ({ ...packs.find((r) => r.id === id)!, is_active: active }));
  saveSticker.mockImplementation(async (_id, draft) => ({ ...draft, name: draft.name.trim() }));
  uploadAdminImage.mockResolvedValue('abc123.png');
});
afterEach(resetSection);

describe('StickersSection', () => {
  it('lists the packs and their stickers with counts; enables a pack; the app\'s own pack is never disabled', async () => {
    show();
    await screen.findByTestId('sticker-pack-inverno');
    expect(screen.getByTestId('sticker-packs-count').textContent).toBe('2 pacotes');
    expect(within(screen.getByTestId('sticker-pack-basicos')).getByText('basicos · 1 adesivo')).toBeTruthy();
    expect(within(screen.getByTestId('sticker-star')).getByText('star · desenhado pelo app')).toBeTruthy();
    expect(screen.getByTestId('sticker-floco').querySelector('img')?.getAttribute('src')).toContain('/storage/v1/object/public/store-images/floco.png');
    // the free pack of the app's own stickers: no way to disable it (the database refuses it too)
    expect(screen.queryByRole('button', { name: 'Desativar Adesivos básicos' })).toBeNull();
    expect(within(screen.getByTestId('sticker-pack-basicos')).getByText('Padrão')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ativar Inverno' }));
    await waitFor(() => expect(setStickerPackActive).toHaveBeenCalledWith('inverno', true));
  });

  it('creates a premium pack; a name is required', async () => {
    show();
    await screen.findByTestId('sticker-pack-inverno');
    fireEvent.click(screen.getByRole('button', { name: 'Novo pacote' }));
    type('Código', 'praia');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar pacote' }));
    expect(await screen.findByText('O nome é obrigatório.')).toBeTruthy();
    expect(saveStickerPack).not.toHaveBeenCalled();
    type('Nome', 'Praia');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar pacote' }));
    await waitFor(() => expect(saveStickerPack).toHaveBeenCalledWith(null, { id: 'praia', name: 'Praia', is_premium: true, is_active: true, sort_order: 3 }));
    await waitFor(() => expect(toasts()).toContain('Pacote salvo: Praia'));
  });

  it('adds a sticker to a pack with an uploaded picture: the picture is required and a GIF refused before sending', async () => {
    show();
    await screen.findByTestId('sticker-pack-inverno');
    fireEvent.click(screen.getByRole('button', { name: 'Novo adesivo em Inverno' }));
    type('Código', 'boneco');
    type('Nome', 'Boneco de neve');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar adesivo' }));
    expect(await screen.findByText('Envie a imagem do adesivo.')).toBeTruthy();
    expect(saveSticker).not.toHaveBeenCalled();
    const file = screen.getByLabelText('Imagem do adesivo') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(toasts().some((x) => x.includes('Escolha uma imagem PNG, JPG ou WebP.'))).toBe(true));
    expect(uploadAdminImage).not.toHaveBeenCalled();
    fireEvent.change(file, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'boneco.png', { type: 'image/png' })] } });
    await waitFor(() => expect(uploadAdminImage).toHaveBeenCalledWith('store-images', expect.any(File)));
    expect(((await screen.findByTestId('sticker-image-preview')) as HTMLImageElement).src).toContain('/storage/v1/object/public/store-images/abc123.png');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar adesivo' }));
    await waitFor(() => expect(saveSticker).toHaveBeenCalledWith(null, { id: 'boneco', pack_id: 'inverno', name: 'Boneco de neve', image_path: 'abc123.png', sort_order: 2 }));
    await waitFor(() => expect(toasts()).toContain('Adesivo salvo: Boneco de neve'));
  });

  it('edits a sticker in place (the code stays) and says why the server refused, in English', async () => {
    saveSticker.mockRejectedValueOnce(new StickerPackError('not_allowed'));
    show('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Floco' }));
    expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save sticker' }));
    await waitFor(() => expect(saveSticker).toHaveBeenCalledWith('floco', stickers[1]));
    await waitFor(() => expect(toasts().length).toBe(1));
    expect(screen.getByTestId('sticker-packs-count').textContent).toBe('2 packs');
  });

  it("edits one of the app's own drawings without a picture; an uploaded sticker keeps one", async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Estrela' }));
    type('Nome', 'Estrelinha');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar adesivo' }));
    await waitFor(() => expect(saveSticker).toHaveBeenCalledWith('star', { ...stickers[0], name: 'Estrelinha' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Floco' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tirar a imagem' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar adesivo' }));
    expect(await screen.findByText('Envie a imagem do adesivo.')).toBeTruthy();
    expect(saveSticker).toHaveBeenCalledTimes(1);
  });
});
