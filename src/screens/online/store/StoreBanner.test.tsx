/**
 * The store's banner (issue 36): the words an admin wrote in /admin › Traduções, in the page's
 * language; the static words while they are on their way and when the function cannot answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { messages as onlinePt } from '../locales/pt-BR/messages.po';
import { messages as onlineEn } from '../locales/en-US/messages.po';
import { renderOnline } from '../testing.tsx';
import { forgetDynamicTranslations, STORAGE_KEY } from '../../../i18n/dynamic-translations.ts';
import { StoreBanner } from './StoreBanner.tsx';

const written = [
  { id: '1', key: 'store.banner.title', pt_br: 'Loja de Natal', en_us: 'Christmas store' },
  { id: '2', key: 'store.banner.subtitle', pt_br: '', en_us: '' },
];

function renderBanner(locale: 'pt-BR' | 'en-US') {
  renderOnline(<StoreBanner />, locale, { 'pt-BR': onlinePt, 'en-US': onlineEn });
}

beforeEach(() => {
  forgetDynamicTranslations();
  localStorage.removeItem(STORAGE_KEY);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StoreBanner', () => {
  it("shows the admin's title in the page's language, and the static line where the admin left it empty", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(written), { status: 200 })));
    renderBanner('en-US');
    expect(await screen.findByRole('heading', { name: 'Christmas store' })).toBeTruthy();
    expect(screen.getByText('New themes, stickers and papers every season.')).toBeTruthy();
  });

  it('keeps the static words when translations-manager refuses the read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    renderBanner('pt-BR');
    expect(screen.getByRole('heading', { name: 'Loja sazonal' })).toBeTruthy();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Loja sazonal' })).toBeTruthy();
    expect(screen.getByText('Temas, adesivos e papéis novos a cada estação.')).toBeTruthy();
  });
});
