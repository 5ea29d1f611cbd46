/**
 * /faq (issue 36): the admins' questions when the backend answers (and a copy kept for offline
 * visits), the copy kept when it does not, today's static FAQ when there is neither — never an
 * error on the page.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { FAQ_STORAGE_KEY, type FaqItem } from '../../i18n/faq-content.ts';

const { default: FaqScreen } = await import('./FaqScreen.tsx');

const item = (over: Partial<FaqItem>): FaqItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  group_position: 0,
  group_pt_br: 'Cadernos',
  group_en_us: 'Notebooks',
  position: 0,
  question_pt_br: 'Posso imprimir um caderno?',
  question_en_us: 'Can I print a notebook?',
  answer_pt_br: 'Ainda não.\n\nEm breve.',
  answer_en_us: 'Not yet.\n\nSoon.',
  image_path: null,
  ...over,
});

const renderPage = () =>
  render(
    <I18nProvider i18n={i18n}>
      <FaqScreen />
    </I18nProvider>,
  );

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FaqScreen', () => {
  it("shows the admins' questions in their groups and order, and keeps them for offline visits", async () => {
    const items = [
      item({ id: '00000000-0000-4000-8000-000000000002', position: 1, question_pt_br: 'Segunda pergunta?', image_path: 'foto_1.png' }),
      item({}),
      item({ id: '00000000-0000-4000-8000-000000000003', group_position: 1, group_pt_br: 'Conta', question_pt_br: 'Pergunta da conta?' }),
    ];
    const fetch = vi.fn(async () => new Response(JSON.stringify(items), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByText('Posso imprimir um caderno?')).toBeTruthy();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/rest/v1/faq_items?');
    const questions = screen.getAllByText(/\?$/, { selector: 'summary span' }).map((x) => x.textContent);
    expect(questions).toEqual(['Posso imprimir um caderno?', 'Segunda pergunta?', 'Pergunta da conta?']);
    expect(screen.getByRole('heading', { name: 'Conta' })).toBeTruthy();
    expect(screen.getAllByText('Em breve.')[0].tagName).toBe('P');
    expect(document.querySelector('img')?.getAttribute('src')).toContain('/storage/v1/object/public/faq-images/foto_1.png');
    expect(screen.queryByText('O que é um caderno no Cadernos?')).toBeNull();
    expect(JSON.parse(localStorage.getItem(FAQ_STORAGE_KEY)!).items).toHaveLength(3);
  });

  it('offline with a kept copy: the kept questions, at once', async () => {
    localStorage.setItem(FAQ_STORAGE_KEY, JSON.stringify({ savedAt: 1, items: [item({ question_pt_br: 'Pergunta guardada?' })] }));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByText('Pergunta guardada?')).toBeTruthy();
  });

  it('backend unreachable and nothing kept: the static FAQ, and no error shown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage();
    expect(screen.getByText('O que é um caderno no Cadernos?')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400)); // the first retry has happened
    expect(screen.getByText('O que é um caderno no Cadernos?')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the backend answers an empty FAQ: the static FAQ stays', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
    renderPage();
    await waitFor(() => expect(localStorage.getItem(FAQ_STORAGE_KEY)).not.toBeNull());
    expect(screen.getByText('O que é um caderno no Cadernos?')).toBeTruthy();
  });
});
