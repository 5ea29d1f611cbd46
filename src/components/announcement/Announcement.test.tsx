/**
 * Announcements (issue 36): the admins' dynamic text for the page's slot, in its language;
 * dismissed, it stays hidden on this device until the text changes; nothing at all (and no error)
 * when no text was written or the backend cannot be reached; a slot that appears later (the
 * dashboard after its data) is filled too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { forgetDynamicTranslations } from '../../i18n/dynamic-translations.ts';
import { AnnouncementHost, SLOT_ID } from './AnnouncementHost.tsx';

await import('./Announcement.tsx'); // compiled once here, so the slot's import is quick

const reply = (rows: unknown) => vi.fn(async () => new Response(JSON.stringify(rows), { status: 200 }));
const rows = [
  { id: '1', key: 'announcement.landing', pt_br: 'Férias: o app segue funcionando!', en_us: 'Holidays: the app keeps working!' },
  { id: '2', key: 'announcement.dashboard', pt_br: '', en_us: '' },
];

async function show(textKey: 'announcement.landing' | 'announcement.dashboard', locale = 'pt-BR') {
  forgetDynamicTranslations(); // a new visit: the loader's 5-minute memory is per visit
  i18n.loadAndActivate({ locale, messages: {} });
  return render(
    <I18nProvider i18n={i18n}>
      <main>
        <div id={SLOT_ID} data-announcement={textKey} />
        <p>conteúdo</p>
      </main>
      <AnnouncementHost />
    </I18nProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AnnouncementHost', () => {
  it('shows the text in the page language, takes no focus, and a dismissed text stays hidden until it changes', async () => {
    vi.stubGlobal('fetch', reply(rows));
    await show('announcement.landing');
    expect(await screen.findByText('Férias: o app segue funcionando!')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByTestId('announcement')).toBeNull();
    cleanup();

    vi.stubGlobal('fetch', reply(rows));
    await show('announcement.landing'); // the next visit: still dismissed
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('announcement')).toBeNull();
    cleanup();

    vi.stubGlobal('fetch', reply([{ ...rows[0], pt_br: 'Nova versão no ar!', en_us: 'A new version is out!' }]));
    await show('announcement.landing', 'en-US');
    expect(await screen.findByText('A new version is out!')).toBeTruthy();
  });

  it('shows nothing for an empty text, and nothing (no error) when the backend is unreachable', async () => {
    vi.stubGlobal('fetch', reply(rows));
    await show('announcement.dashboard');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('announcement')).toBeNull();
    cleanup();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await show('announcement.landing');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId('announcement')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('conteúdo')).toBeTruthy();
    expect(warn).not.toHaveBeenCalled(); // still retrying (350 ms …): nothing said, nothing shown
  });
});

describe('AnnouncementHost without a slot', () => {
  it('reads nothing on a page without a slot, and fills a slot that appears later', async () => {
    vi.stubGlobal('fetch', reply(rows));
    forgetDynamicTranslations();
    i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
    render(
      <I18nProvider i18n={i18n}>
        <AnnouncementHost />
      </I18nProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    const slot = document.createElement('div');
    slot.id = SLOT_ID;
    slot.dataset.announcement = 'announcement.landing';
    document.body.append(slot);
    expect(await screen.findByText('Férias: o app segue funcionando!')).toBeTruthy();
    slot.remove();
  });
});
