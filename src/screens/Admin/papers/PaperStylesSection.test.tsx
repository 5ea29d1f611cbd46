import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetSection, showSection, toasts, type } from '../testing.tsx';
import type * as Data from '../../../data/online/paper-styles-admin.ts';
import type * as Images from '../../../data/online/admin-images.ts';

/**
 * /admin › Estilos de papel (issue 35): the list with its count, create with an uploaded picture
 * (the profile images' checks before sending), edit, enable / disable — never the default paper —,
 * and the refusals' words.
 */
const listPaperStyles = vi.fn<typeof Data.listPaperStyles>();
const savePaperStyle = vi.fn<typeof Data.savePaperStyle>();
const setPaperStyleActive = vi.fn<typeof Data.setPaperStyleActive>();
const uploadAdminImage = vi.fn<typeof Images.uploadAdminImage>();
vi.mock('../../../data/online/paper-styles-admin.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listPaperStyles: () => listPaperStyles(),
  savePaperStyle: (...args: Parameters<typeof Data.savePaperStyle>) => savePaperStyle(...args),
  setPaperStyleActive: (...args: Parameters<typeof Data.setPaperStyleActive>) => setPaperStyleActive(...args),
}));
vi.mock('../../../data/online/admin-images.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Images>()),
  uploadAdminImage: (...args: Parameters<typeof Images.uploadAdminImage>) => uploadAdminImage(...args),
  removeAdminImage: async () => undefined,
}));
const { default: PaperStylesSection } = await import('./PaperStylesSection.tsx');
const { PaperStyleError } = await import('../../../data/online/paper-styles-admin.ts');

const rows: Data.PaperStyleRow[] = [
  { id: 'lined-blue', name: 'Pautado azul', is_premium: false, is_active: true, sort_order: 1, image_path: null },
  { id: 'kraft', name: 'Kraft', is_premium: true, is_active: true, sort_order: 8, image_path: null },
  { id: 'vintage', name: 'Papel antigo', is_premium: true, is_active: false, sort_order: 7, image_path: null },
];

const show = (locale?: 'pt-BR' | 'en-US') => showSection(<PaperStylesSection />, locale);

beforeEach(() => {
  listPaperStyles.mockResolvedValue(rows);
  savePaperStyle.mockImplementation(async (_id, draft) => ({ ...draft, name: draft.name.trim() }));
  setPaperStyleActive.mockImplementation(async (id, active) => ({ ...rows.find((r) => r.id === id)!, is_active: active }));
  uploadAdminImage.mockResolvedValue('abc123.png');
});
afterEach(resetSection);

describe('PaperStylesSection', () => {
  it('lists the papers with a count in plural forms; the default paper cannot be disabled', async () => {
    show();
    await screen.findByTestId('paper-style-kraft');
    expect(within(screen.getByTestId('admin-papers')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('papers-count').textContent).toBe('3 estilos de papel · 1 desativado');
    expect(within(screen.getByTestId('paper-style-lined-blue')).queryByRole('button', { name: /Desativar/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Kraft' }));
    await waitFor(() => expect(setPaperStyleActive).toHaveBeenCalledWith('kraft', false));
    fireEvent.click(screen.getByRole('button', { name: 'Ativar Papel antigo' }));
    await waitFor(() => expect(setPaperStyleActive).toHaveBeenCalledWith('vintage', true));
  });

  it('creates a paper with an uploaded picture; a name is required and a GIF is refused before sending', async () => {
    show();
    await screen.findByTestId('paper-style-kraft');
    fireEvent.click(screen.getByRole('button', { name: 'Novo papel' }));
    type('Código', 'papel-de-carta');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar papel' }));
    expect(await screen.findByText('O nome é obrigatório.')).toBeTruthy();
    expect(savePaperStyle).not.toHaveBeenCalled();
    const file = screen.getByLabelText('Imagem do papel (opcional)') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(toasts().some((x) => x.includes('Escolha uma imagem PNG, JPG ou WebP.'))).toBe(true));
    expect(uploadAdminImage).not.toHaveBeenCalled();
    fireEvent.change(file, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'carta.png', { type: 'image/png' })] } });
    await waitFor(() => expect(uploadAdminImage).toHaveBeenCalledWith('store-images', expect.any(File)));
    expect(((await screen.findByTestId('paper-image-preview')) as HTMLImageElement).src).toContain('/storage/v1/object/public/store-images/abc123.png');
    type('Nome', 'Papel de carta');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar papel' }));
    await waitFor(() =>
      expect(savePaperStyle).toHaveBeenCalledWith(null, { id: 'papel-de-carta', name: 'Papel de carta', is_premium: true, is_active: true, sort_order: 9, image_path: 'abc123.png' }),
    );
    await waitFor(() => expect(toasts()).toContain('Papel salvo: Papel de carta'));
  });

  it('edits in place (the code stays) and says why the server refused, in English', async () => {
    savePaperStyle.mockRejectedValueOnce(new PaperStyleError('default_stays_active'));
    show('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Pautado azul' }));
    expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save paper' }));
    await waitFor(() => expect(toasts().some((x) => x.includes('The default paper (blue lined) cannot be disabled.'))).toBe(true));
    expect(screen.getByTestId('papers-count').textContent).toBe('3 paper styles · 1 disabled');
  });
});
