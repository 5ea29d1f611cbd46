/**
 * Component tests of the theme pickers (Settings' default theme, the create screen's start): a
 * device that is offline, so the theme catalogue and the person's owned looks come from the
 * device's copies — what these pickers read first. Only tests import this module.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { CatalogueTheme } from '../../../data/online/theme-catalogue.ts';
import { useSessionStore } from '../../../state/session.ts';
import { THEME_PALETTES } from '../../../styles/theme-colors.ts';

export const THEME_TEST_USER = 'u-default-theme';

/** A free theme an admin added, and a store one (premium). */
export const menta: CatalogueTheme = { id: 'menta', name: 'Menta', is_premium: false, colors: { ...THEME_PALETTES.teal, cover: '#065f46' } };
export const noite: CatalogueTheme = {
  id: 'noite',
  name: 'Noite estrelada',
  is_premium: true,
  colors: { cover: '#1e3a8a', coverText: '#fefce8', accent: '#1d4ed8', accentSoft: '#dbeafe', spine: '#172554' },
};
const appThemes: CatalogueTheme[] = (['purple', 'pink', 'blue', 'teal', 'yellow', 'orange', 'galaxy', 'pastel', 'retro'] as const).map((id) => ({
  id,
  name: id,
  is_premium: ['galaxy', 'pastel', 'retro'].includes(id),
  colors: THEME_PALETTES[id],
}));

/** The device's copies: the app's themes, menta and noite; the store themes this person owns. */
export function themesOnDevice({ owned }: { owned: string[] }): void {
  localStorage.setItem('cadernos-theme-catalogue', JSON.stringify([...appThemes, menta, noite]));
  localStorage.setItem(`cadernos-owned-looks:${THEME_TEST_USER}`, JSON.stringify({ themes: owned, papers: [], stickers: [], covers: [] }));
}

/** Each test signed in as THEME_TEST_USER in pt-BR, offline (every read fails); cleaned after. */
export function offlineSignedInDevice(): void {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    useSessionStore.setState({ status: 'signed-in', userId: THEME_TEST_USER } as never);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

export const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
