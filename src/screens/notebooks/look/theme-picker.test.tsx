import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages as appPt } from '../../../locale/locales/pt-BR/messages.po';
import { messages as notebooksPt } from '../locales/pt-BR/messages.po';
import { ThemePicker } from './AppearanceControls.tsx';
import { NotebookCover } from './NotebookCover.tsx';
import { NotebookPaper } from './NotebookPaper.tsx';
import type { CatalogueTheme } from '../../../data/online/theme-catalogue.ts';
import { THEME_PALETTES } from '../../../styles/theme-colors.ts';
import { notebookVars } from '../../../styles/notebook-vars.css.ts';

/**
 * Themes admins add (issue 35): the editor's picker offers them by name and colour — a premium one
 * "na loja" unless owned (the store marks' pattern) —, leaves out a disabled one unless the
 * notebook uses it, and every cover and sheet is drawn from the theme's colours: the device's copy
 * of the catalogue, so a guest or collaborator offline sees the owner's theme.
 */
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const wrap = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
const noite: CatalogueTheme = { id: 'noite', name: 'Noite estrelada', is_premium: true, colors: { cover: '#1e3a8a', coverText: '#fefce8', accent: '#1d4ed8', accentSoft: '#dbeafe', spine: '#172554' } };
const menta: CatalogueTheme = { id: 'menta', name: 'Menta', is_premium: false, colors: { ...THEME_PALETTES.teal, cover: '#065f46' } };
const app = (ids: string[]): CatalogueTheme[] => ids.map((id) => ({ id, name: id, is_premium: false, colors: THEME_PALETTES.purple }));
const property = (name: keyof typeof notebookVars) => notebookVars[name].replace(/^var\((--[^,)]+).*$/, '$1');

describe('ThemePicker with the catalogue', () => {
  it('offers an added theme by its name; a premium one "na loja" unless owned; a disabled app theme left out', () => {
    i18n.loadAndActivate({ locale: 'pt-BR', messages: { ...appPt, ...notebooksPt } });
    const catalogue = [...app(['purple', 'pink', 'blue', 'teal', 'yellow', 'galaxy', 'pastel', 'retro']), noite, menta];
    wrap(<ThemePicker value="purple" onChange={() => {}} owned={[]} catalogue={catalogue} />);
    expect(screen.queryByRole('radio', { name: 'Laranja' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Noite estrelada (na loja)' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Menta' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByTestId('themes-in-store')).toBeTruthy();
    cleanup();
    wrap(<ThemePicker value="noite" onChange={() => {}} owned={['noite']} catalogue={catalogue} />);
    const owned = screen.getByRole('radio', { name: 'Noite estrelada' }) as HTMLInputElement;
    expect(owned.disabled).toBe(false);
    expect(owned.checked).toBe(true);
  });
});

describe('ThemePicker when creating a notebook (no store)', () => {
  it("offers an added free theme with the app's own; a premium one is left to the editor", () => {
    i18n.loadAndActivate({ locale: 'pt-BR', messages: { ...appPt, ...notebooksPt } });
    wrap(<ThemePicker value="purple" onChange={() => {}} catalogue={[...app(['purple', 'pink', 'blue', 'teal', 'yellow', 'orange']), noite, menta]} />);
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['purple', 'pink', 'blue', 'teal', 'yellow', 'orange', 'menta']);
    expect(screen.queryByTestId('themes-in-store')).toBeNull();
  });
});

describe('a notebook on an added theme', () => {
  it("is drawn from the theme's colours in the device's copy (offline: the read fails), cover and sheet", () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    localStorage.setItem('cadernos-theme-catalogue', JSON.stringify([noite]));
    render(<NotebookCover title="Diário" theme="noite" />);
    const cover = screen.getByTestId('notebook-cover');
    expect(cover.style.getPropertyValue(property('cover'))).toBe('#1e3a8a');
    expect(cover.style.getPropertyValue(property('coverText'))).toBe('#fefce8');
    expect(cover.style.getPropertyValue(property('spine'))).toBe('#172554');
    render(<NotebookPaper paper="grid" theme="noite">Olá</NotebookPaper>);
    const sheet = screen.getByText('Olá').parentElement!;
    expect(sheet.dataset.paper).toBe('grid');
    expect(sheet.style.getPropertyValue(property('accent'))).toBe('#1d4ed8');
    cleanup();
    // a theme the device never heard of: the default look, nothing inline
    render(<NotebookCover title="Diário" theme="desconhecido" />);
    expect(screen.getByTestId('notebook-cover').style.getPropertyValue(property('cover'))).toBe('');
  });
});
