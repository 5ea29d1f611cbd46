import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetSection, showSection, toasts, type } from '../testing.tsx';
import type * as Data from '../../../data/online/notebook-themes-admin.ts';
import { THEME_PALETTES } from '../../../styles/theme-colors.ts';

/**
 * /admin › Temas (issue 35): the list with its count in plural forms, create with colour inputs
 * (the cover's text contrast ≥ 4.5:1 checked before sending), edit, enable / disable — never the
 * default theme (purple) —, and the refusals' words in both languages.
 */
const listNotebookThemes = vi.fn<typeof Data.listNotebookThemes>();
const saveNotebookTheme = vi.fn<typeof Data.saveNotebookTheme>();
const setNotebookThemeActive = vi.fn<typeof Data.setNotebookThemeActive>();
vi.mock('../../../data/online/notebook-themes-admin.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Data>()),
  listNotebookThemes: () => listNotebookThemes(),
  saveNotebookTheme: (...args: Parameters<typeof Data.saveNotebookTheme>) => saveNotebookTheme(...args),
  setNotebookThemeActive: (...args: Parameters<typeof Data.setNotebookThemeActive>) => setNotebookThemeActive(...args),
}));
const { default: ThemesSection } = await import('./ThemesSection.tsx');
const { NotebookThemeError } = await import('../../../data/online/notebook-themes-admin.ts');

const rows: Data.NotebookThemeRow[] = [
  { id: 'purple', name: 'Roxo', colors: THEME_PALETTES.purple, is_premium: false, is_active: true, sort_order: 1 },
  { id: 'galaxy', name: 'Galáxia', colors: THEME_PALETTES.galaxy, is_premium: true, is_active: true, sort_order: 7 },
  { id: 'retro', name: 'Anos 90', colors: THEME_PALETTES.retro, is_premium: true, is_active: false, sort_order: 9 },
];

const show = (locale?: 'pt-BR' | 'en-US') => showSection(<ThemesSection />, locale);

beforeEach(() => {
  listNotebookThemes.mockResolvedValue(rows);
  saveNotebookTheme.mockImplementation(async (_id, draft) => ({ ...draft, name: draft.name.trim() }));
  setNotebookThemeActive.mockImplementation(async (id, active) => ({ ...rows.find((r) => r.id === id)!, is_active: active }));
});
afterEach(resetSection);

describe('ThemesSection', () => {
  it('lists the themes with a count in plural forms; the default theme cannot be disabled', async () => {
    show();
    await screen.findByTestId('notebook-theme-galaxy');
    expect(within(screen.getByTestId('admin-themes')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('themes-count').textContent).toBe('3 temas · 1 desativado');
    expect(within(screen.getByTestId('notebook-theme-purple')).queryByRole('button', { name: /Desativar/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar Galáxia' }));
    await waitFor(() => expect(setNotebookThemeActive).toHaveBeenCalledWith('galaxy', false));
    fireEvent.click(screen.getByRole('button', { name: 'Ativar Anos 90' }));
    await waitFor(() => expect(setNotebookThemeActive).toHaveBeenCalledWith('retro', true));
  });

  it('creates a premium theme with colour inputs; a name is required and a cover text below 4.5:1 is refused before sending', async () => {
    show();
    await screen.findByTestId('notebook-theme-galaxy');
    fireEvent.click(screen.getByRole('button', { name: 'Novo tema' }));
    type('Código', 'noite');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar tema' }));
    expect(await screen.findByText('O nome é obrigatório.')).toBeTruthy();
    type('Nome', 'Noite estrelada');
    type('Capa', '#0d9488');
    type('Texto da capa', '#ffffff');
    expect(screen.getByTestId('theme-contrast').textContent).toBe('Contraste do texto da capa: 3,7:1 — baixo demais: escolha cores com pelo menos 4,5:1.');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar tema' }));
    expect(saveNotebookTheme).not.toHaveBeenCalled();
    type('Capa', '#1E3A8A');
    type('Espiral e lombada', '#172554');
    expect(screen.getByTestId('theme-contrast').textContent).toBe('Contraste do texto da capa: 10,3:1 (mínimo 4,5:1).');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar tema' }));
    await waitFor(() =>
      expect(saveNotebookTheme).toHaveBeenCalledWith(null, {
        id: 'noite',
        name: 'Noite estrelada',
        colors: { ...THEME_PALETTES.purple, cover: '#1e3a8a', coverText: '#ffffff', spine: '#172554' },
        is_premium: true,
        is_active: true,
        sort_order: 10,
      }),
    );
    await waitFor(() => expect(toasts()).toContain('Tema salvo: Noite estrelada'));
  });

  it('edits in place (the code stays) and says why the server refused, in English', async () => {
    saveNotebookTheme.mockRejectedValueOnce(new NotebookThemeError('default_stays_active'));
    show('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Roxo' }));
    expect((screen.getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('theme-contrast').textContent).toBe('Cover text contrast: 5.6:1 (minimum 4.5:1).');
    fireEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(toasts().some((x) => x.includes('The default theme (purple) cannot be disabled.'))).toBe(true));
    expect(screen.getByTestId('themes-count').textContent).toBe('3 themes · 1 disabled');
  });
});
