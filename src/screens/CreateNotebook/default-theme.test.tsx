import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { of } from 'rxjs';
import type { DataLayer } from '../../data/data-layer.ts';
import type { CatalogueTheme } from '../../data/online/theme-catalogue.ts';
import { useSessionStore } from '../../state/session.ts';
import { THEME_PALETTES } from '../../styles/theme-colors.ts';
import { CreateForm } from './CreateNotebookScreen.tsx';

/**
 * The default theme of new notebooks (issue 35): a notebook created with a store default is
 * saved with it only while the person owns it (else the server refuses it: "30 a store theme is
 * owned"), purple otherwise; a free theme admins added is a default as the app's own.
 * Settings › Cadernos' picker: src/screens/Settings/default-theme.test.tsx.
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

describe('a new notebook with a store default', () => {
  function create(theme: string) {
    const made = vi.fn(async (_input: { theme?: string }) => ({ ok: true as const, value: { id: 'n1' } }));
    const layer = {
      api: { queries: { notebookDefaults: () => of({ theme, preModeration: false, author: 'Usuário' }) }, notebooks: { create: made } },
    } as unknown as DataLayer;
    render(
      <I18nProvider i18n={i18n}>
        <CreateForm layer={layer} />
      </I18nProvider>,
    );
    return made;
  }

  async function submit(made: ReturnType<typeof create>) {
    fireEvent.input(screen.getByLabelText('Título'), { target: { value: 'Meu caderno novo' } });
    await act(async () => fireEvent.submit(screen.getByLabelText('Título').closest('form')!));
    await waitFor(() => expect(made).toHaveBeenCalled());
    return made.mock.calls[0][0].theme;
  }

  it('starts with it while the person owns it', async () => {
    device({ owned: ['noite'] });
    const made = create('noite');
    await waitFor(() => expect(radio('Noite estrelada').checked).toBe(true));
    expect(await submit(made)).toBe('noite');
  });

  it('starts purple when the person no longer owns it (the server would refuse the notebook)', async () => {
    device({ owned: [] });
    const made = create('noite');
    await waitFor(() => expect(radio('Roxo').checked).toBe(true));
    expect(await submit(made)).toBe('purple');
  });

  it('starts with a free theme an admin added', async () => {
    device({ owned: [] });
    const made = create('menta');
    await waitFor(() => expect(radio('Menta').checked).toBe(true));
    expect(await submit(made)).toBe('menta');
  });
});
