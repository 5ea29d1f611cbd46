import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages as adminPt } from '../locales/pt-BR/messages.po';
import { messages as adminEn } from '../locales/en-US/messages.po';
import { renderOnline } from '../../online/testing.tsx';
import type * as Data from '../../../data/online/content-admin.ts';
import { useToastStore } from '../../../state/toast.ts';

/**
 * /admin › Traduções (issue 36): the list and its search, a preview in both languages while
 * typing, add / edit / delete through translations-manager's calls, and the refusal's words.
 */
const listTranslations = vi.fn<typeof Data.listTranslations>();
const saveTranslation = vi.fn<typeof Data.saveTranslation>();
const deleteTranslation = vi.fn<typeof Data.deleteTranslation>();
vi.mock('../../../data/online/content-admin.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listTranslations: () => listTranslations(),
  saveTranslation: (...args: Parameters<typeof Data.saveTranslation>) => saveTranslation(...args),
  deleteTranslation: (...args: Parameters<typeof Data.deleteTranslation>) => deleteTranslation(...args),
}));
const { default: TranslationsSection } = await import('./TranslationsSection.tsx');
const { TranslationError } = await import('../../../data/online/content-admin.ts');

const rows = [
  { id: 'a', key: 'home.announcement', pt_br: 'Bem-vindo aos Cadernos!', en_us: 'Welcome to Cadernos!' },
  { id: 'b', key: 'store.banner.title', pt_br: 'Loja sazonal', en_us: 'Seasonal store' },
];

function show(locale: 'pt-BR' | 'en-US' = 'pt-BR') {
  renderOnline(<TranslationsSection />, locale, { 'pt-BR': adminPt, 'en-US': adminEn });
}
// preact/compat hears a field's onChange as 'input'
const type = (label: string | RegExp, value: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
};

beforeEach(() => {
  listTranslations.mockResolvedValue(rows);
  saveTranslation.mockImplementation(async (id, draft) => ({ id: id ?? 'new', ...draft }));
  deleteTranslation.mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('TranslationsSection', () => {
  it('lists the texts and searches keys and both languages', async () => {
    show();
    const list = await screen.findByTestId('admin-translations');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    type('Buscar por chave ou texto', 'seasonal');
    expect(within(screen.getByTestId('admin-translations')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('store.banner.title')).toBeTruthy();
  });

  it('previews both languages while typing, adds, and refuses a malformed key before sending', async () => {
    show();
    await screen.findByTestId('admin-translations');
    type('Chave', 'tem espaço');
    expect((screen.getByRole('button', { name: 'Adicionar' }) as HTMLButtonElement).disabled).toBe(true);
    type('Chave', 'anuncio.natal');
    type('Texto em português (pt-BR)', 'Feliz Natal');
    type('Texto em inglês (en-US)', 'Merry Christmas');
    const preview = within(screen.getByTestId('translation-preview'));
    expect(preview.getByText(/Feliz Natal/)).toBeTruthy();
    expect(preview.getByText(/Merry Christmas/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(saveTranslation).toHaveBeenCalledWith(null, { key: 'anuncio.natal', pt_br: 'Feliz Natal', en_us: 'Merry Christmas' }));
    await waitFor(() => expect(listTranslations).toHaveBeenCalledTimes(2));
  });

  it('edits an item in place and deletes after a confirmation', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar home.announcement' }));
    expect((screen.getByLabelText('Chave') as HTMLInputElement).value).toBe('home.announcement');
    type('Texto em português (pt-BR)', 'Olá, turma!');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saveTranslation).toHaveBeenCalledWith('a', { key: 'home.announcement', pt_br: 'Olá, turma!', en_us: 'Welcome to Cadernos!' }));

    fireEvent.click(screen.getByRole('button', { name: 'Excluir store.banner.title' }));
    const dialog = within(await screen.findByTestId('admin-dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleteTranslation).toHaveBeenCalledWith('b'));
  });

  it('says why a save was refused, in English too', async () => {
    saveTranslation.mockRejectedValue(new TranslationError('key_taken'));
    show('en-US');
    await screen.findByTestId('admin-translations');
    type('Key', 'home.announcement');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(saveTranslation).toHaveBeenCalled());
    await waitFor(() => expect(JSON.stringify(useToastStore.getState())).toContain('A text with this key already exists.'));
  });
});
