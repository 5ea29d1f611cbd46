import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { messages as adminPt } from './locales/pt-BR/messages.po';
import { messages as adminEn } from './locales/en-US/messages.po';
import { renderOnline } from '../online/testing.tsx';
import type * as Images from '../../data/online/admin-images.ts';
import { useToastStore } from '../../state/toast.ts';

/**
 * The store catalogue's pictures (issue 35): a seasonal item's main and preview images are uploads
 * to store-images, checked as the profile images are before anything is sent; the row keeps the
 * file's public address.
 */
const uploadAdminImage = vi.fn<typeof Images.uploadAdminImage>();
vi.mock('../../data/online/admin-images.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Images>()),
  uploadAdminImage: (...args: Parameters<typeof Images.uploadAdminImage>) => uploadAdminImage(...args),
}));
const { StoreImageField } = await import('./StoreImageField.tsx');
const { AdminImageError } = await import('../../data/online/admin-images.ts');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useToastStore.setState({ toasts: [] });
});
const toasts = () => useToastStore.getState().toasts.map((x) => `${x.title} ${x.description ?? ''}`.trim());

describe('StoreImageField', () => {
  it('refuses a GIF and a file over 5 MB before sending; uploads a PNG and keeps its public address', async () => {
    uploadAdminImage.mockResolvedValue('abc123.png');
    const onChange = vi.fn();
    renderOnline(<StoreImageField label="Imagem principal (opcional)" value={null} onChange={onChange} testId="img" />, 'pt-BR', { 'pt-BR': adminPt, 'en-US': adminEn });
    const input = screen.getByLabelText('Imagem principal (opcional)');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    await waitFor(() => expect(toasts().some((x) => x.includes('Escolha uma imagem PNG, JPG ou WebP.'))).toBe(true));
    useToastStore.setState({ toasts: [] });
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'b.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(toasts().some((x) => x.includes('A imagem pode ter até 5 MB.'))).toBe(true));
    expect(uploadAdminImage).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'c.png', { type: 'image/png' })] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/storage/v1/object/public/store-images/abc123.png'));
    expect(uploadAdminImage).toHaveBeenCalledWith('store-images', expect.any(File));
  });

  it("says why an upload failed, in English, and shows and takes away the row's picture", async () => {
    uploadAdminImage.mockRejectedValue(new AdminImageError('upload_timeout'));
    const onChange = vi.fn();
    renderOnline(<StoreImageField label="Preview" value="/storage/v1/object/public/store-images/x.png" onChange={onChange} testId="img" />, 'en-US', { 'pt-BR': adminPt, 'en-US': adminEn });
    expect(screen.getByTestId('img').getAttribute('src')).toBe('/storage/v1/object/public/store-images/x.png');
    fireEvent.change(screen.getByLabelText('Preview'), { target: { files: [new File([new Uint8Array([1])], 'c.png', { type: 'image/png' })] } });
    await waitFor(() => expect(toasts().some((x) => x.includes('The image upload took too long. Try again.'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the image' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
