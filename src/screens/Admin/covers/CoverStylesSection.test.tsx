import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetSection, showSection, toasts, type } from '../testing.tsx';
import type * as Data from '../../../data/online/cover-styles-admin.ts';
import type * as Images from '../../../data/online/admin-images.ts';

/**
 * /admin › Estilos de capa (issue 35): the list with its count, create with an uploaded picture
 * (required for every style but the plain cover; the profile images' checks before sending), edit,
 * enable / disable — never the plain cover, which is not sold either —, and the refusals' words.
 */
const listCoverStyles = vi.fn<typeof Data.listCoverStyles>();
const saveCoverStyle = vi.fn<typeof Data.saveCoverStyle>();
const setCoverStyleActive = vi.fn<typeof Data.setCoverStyleActive>();
const uploadAdminImage = vi.fn<typeof Images.uploadAdminImage>();
vi.mock('../../../data/online/cover-styles-admin.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listCoverStyles: () => listCoverStyles(),
  saveCoverStyle: (...args: Parameters<typeof Data.saveCoverStyle>) => saveCoverStyle(...args),
  setCoverStyleActive: (...args: Parameters<typeof Data.setCoverStyleActive>) => setCoverStyleActive(...args),
}));
vi.mock('../../../data/online/admin-images.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Images>()),
  uploadAdminImage: (...args: Parameters<typeof Images.uploadAdminImage>) => uploadAdminImage(...args),
  removeAdminImage: async () => undefined,
}));
const { default: CoverStylesSection } = await import('./CoverStylesSection.tsx');
const { CoverStyleError } = await import('../../../data/online/cover-styles-admin.ts');

const rows: Data.CoverStyleRow[] = [
  { id: 'liso', name: 'Liso', is_premium: false, is_active: true, sort_order: 1, image_path: null },
  { id: 'xadrez', name: 'Xadrez', is_premium: true, is_active: true, sort_order: 4, image_path: 'xadrez.png' },
  { id: 'bolinhas', name: 'Bolinhas', is_premium: false, is_active: false, sort_order: 3, image_path: 'bolinhas.png' },
];

const show = (locale?: 'pt-BR' | 'en-US') => showSection(<CoverStylesSection />, locale);

beforeEach(() => {
  listCoverStyles.mockResolvedValue(rows);
  saveCoverStyle.mockImplementation(async (_id, draft) => ({ ...draft, name: draft.name.trim() }));
  setCoverStyleActive.mockImplementation(async (id, active) => ({ ...rows.find((r) => r.id === id)!, is_active: active }));
  uploadAdminImage.mockResolvedValue('abc123.png');
});
afterEach(resetSection);

describe('CoverStylesSection', () => {
  it('lists the styles with a count in plural forms; the plain cover cannot be disabled', async () => {
    show();
    await screen.findByTestId('cover-style-xadrez');
    expect(within(screen.getByTestId('admin-covers')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('covers-count').textContent).toBe('3 estilos de capa · 1 desativado');
    expect(within(screen.getByTestId('cover-style-liso')).queryByRole('button', { name: /Desativar/ })).toBeNull();
    expect(within(screen.getByTestId('cover-style-liso')).getByText('Padrão')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Xadrez' }));
    await waitFor(() => expect(setCoverStyleActive).toHaveBeenCalledWith('xadrez', false));
    await waitFor(() => expect(toasts()).toContain('Estilo de capa desativado: Xadrez'));
    fireEvent.click(screen.getByRole('button', { name: 'Ativar Bolinhas' }));
    await waitFor(() => expect(setCoverStyleActive).toHaveBeenCalledWith('bolinhas', true));
  });

  it('creates a style with an uploaded picture; a name and a picture are required, a GIF is refused before sending', async () => {
    show();
    await screen.findByTestId('cover-style-xadrez');
    fireEvent.click(screen.getByRole('button', { name: 'Novo estilo de capa' }));
    type('Código', 'galaxia');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar estilo de capa' }));
    expect(await screen.findByText('O nome é obrigatório.')).toBeTruthy();
    expect(screen.getByText('Envie a imagem do estilo de capa.')).toBeTruthy();
    expect(saveCoverStyle).not.toHaveBeenCalled();
    const file = screen.getByLabelText('Imagem da capa') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(toasts().some((x) => x.includes('Escolha uma imagem PNG, JPG ou WebP.'))).toBe(true));
    expect(uploadAdminImage).not.toHaveBeenCalled();
    fireEvent.change(file, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'galaxia.png', { type: 'image/png' })] } });
    await waitFor(() => expect(uploadAdminImage).toHaveBeenCalledWith('store-images', expect.any(File)));
    expect(((await screen.findByTestId('cover-image-preview')) as HTMLImageElement).src).toContain('/storage/v1/object/public/store-images/abc123.png');
    type('Nome', 'Galáxia');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar estilo de capa' }));
    await waitFor(() =>
      expect(saveCoverStyle).toHaveBeenCalledWith(null, { id: 'galaxia', name: 'Galáxia', is_premium: true, is_active: true, sort_order: 5, image_path: 'abc123.png' }),
    );
    await waitFor(() => expect(toasts()).toContain('Estilo de capa salvo: Galáxia'));
  });

  it('edits in place (the code stays; the plain cover offers neither premium nor disabling) and says why the server refused, in English', async () => {
    saveCoverStyle.mockRejectedValueOnce(new CoverStyleError('id_taken'));
    show('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Liso' }));
    expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Premium/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save cover style' }));
    await waitFor(() => expect(toasts().some((x) => x.includes('A cover style with this code already exists.'))).toBe(true));
    expect(screen.getByTestId('covers-count').textContent).toBe('3 cover styles · 1 disabled');
  });
});
