import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import type { MySettings } from '../../data/online/profile.ts';
import type { CatalogueTheme } from '../../data/online/theme-catalogue.ts';
import { useSessionStore } from '../../state/session.ts';
import { THEME_PALETTES } from '../../styles/theme-colors.ts';
import { NotebookDefaultsSection } from './ProfileSections.tsx';

/**
 * The default theme of new notebooks (issue 35): Settings › Cadernos offers what the notebook
 * editor's picker offers — the themes admins added (the device's copy of the catalogue) and the
 * store's the person owns, the others «na loja» with the store's link. The create screen's start:
 * src/screens/CreateNotebook/default-theme.test.tsx.
 */
const USER = 'u-default-theme';
const menta: CatalogueTheme = { id: 'menta', name: 'Menta', is_premium: false, colors: { ...THEME_PALETTES.teal, cover: '#065f46' } };
const noite: CatalogueTheme = { id: 'noite', name: 'Noite estrelada', is_premium: true, colors: { cover: '#1e3a8a', coverText: '#fefce8', accent: '#1d4ed8', accentSoft: '#dbeafe', spine: '#172554' } };
const appThemes = (['purple', 'pink', 'blue', 'teal', 'yellow', 'orange', 'galaxy', 'pastel', 'retro'] as const).map((id) => ({ id, name: id, is_premium: ['galaxy', 'pastel', 'retro'].includes(id), colors: THEME_PALETTES[id] }));

function device({ owned }: { owned: string[] }) {
  localStorage.setItem('cadernos-theme-catalogue', JSON.stringify([...appThemes, menta, noite]));
  localStorage.setItem(`cadernos-owned-looks:${USER}`, JSON.stringify({ themes: owned, papers: [], stickers: [], covers: [] }));
}

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
  // offline: the catalogue and the owned looks come from the device's copies
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
  useSessionStore.setState({ status: 'signed-in', userId: USER } as never);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe("Settings' default theme", () => {
  it("offers the added themes and the owned store's; the others «na loja» with the store's link", () => {
    device({ owned: ['noite'] });
    const settings = { notebook_theme: 'purple', notebook_pre_moderation: false, notebook_author: null } as unknown as MySettings;
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <NotebookDefaultsSection userId={USER} settings={settings} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(radio('Menta').disabled).toBe(false);
    expect(radio('Noite estrelada').disabled).toBe(false);
    expect(radio('Galáxia (na loja)').disabled).toBe(true);
    expect(screen.getByTestId('themes-in-store').querySelector('a')?.getAttribute('href')).toBe('/loja-sazonal');
    fireEvent.click(radio('Noite estrelada'));
    expect(radio('Noite estrelada').checked).toBe(true);
  });
});

