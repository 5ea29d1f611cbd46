import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages as appPt } from '../../../locale/locales/pt-BR/messages.po';
import { messages as notebooksPt } from '../locales/pt-BR/messages.po';
import { messages as appEn } from '../../../locale/locales/en-US/messages.po';
import { messages as notebooksEn } from '../locales/en-US/messages.po';
import { PaperPicker } from './AppearanceControls.tsx';
import { NotebookPaper } from './NotebookPaper.tsx';
import type { CataloguePaper } from '../../../data/online/paper-catalogue.ts';
import { PAPER_STYLES } from './appearance.ts';

/**
 * The paper picker (issue 35): every paper of the server's catalogue; the store's papers the
 * person owns are chosen like the free ones, the others are marked "na loja" with a link to the
 * store (the theme picker's pattern); a notebook already on a store paper keeps it checked.
 */
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const wrap = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('PaperPicker', () => {
  it('offers the free papers and the owned store papers; the others "na loja" with the store link', () => {
    i18n.loadAndActivate({ locale: 'pt-BR', messages: { ...appPt, ...notebooksPt } });
    wrap(<PaperPicker value="lined-blue" onChange={() => {}} owned={['kraft']} />);
    expect(screen.getAllByRole('radio')).toHaveLength(PAPER_STYLES.length);
    expect((screen.getByRole('radio', { name: 'Pautado vermelho' }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('radio', { name: 'Papel kraft' }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('radio', { name: 'Papel antigo (na loja)' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('papers-in-store').querySelector('a')?.getAttribute('href')).toBe('/loja-sazonal');
  });

  it('owning every store paper leaves nothing marked; a store paper already set stays checked (English)', () => {
    i18n.loadAndActivate({ locale: 'en-US', messages: { ...appEn, ...notebooksEn } });
    wrap(<PaperPicker value="kraft" onChange={() => {}} owned={['kraft', 'vintage']} />);
    expect(screen.queryByTestId('papers-in-store')).toBeNull();
    cleanup();
    wrap(<PaperPicker value="vintage" onChange={() => {}} owned={[]} />);
    const vintage = screen.getByRole('radio', { name: 'Vintage paper (in the store)' }) as HTMLInputElement;
    expect(vintage.checked).toBe(true);
    expect(vintage.disabled).toBe(false);
    expect((screen.getByRole('radio', { name: 'Kraft paper (in the store)' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('papers-in-store').textContent).toBe('Papers marked “in the store” can be got in the seasonal store.');
  });

  it("offers the papers admins added (the catalogue's copy), store ones marked unless owned; a disabled paper leaves the list", () => {
    i18n.loadAndActivate({ locale: 'pt-BR', messages: { ...appPt, ...notebooksPt } });
    const catalogue: CataloguePaper[] = PAPER_STYLES.filter((id) => id !== 'dotted').map((id) => ({ id, name: id, is_premium: id === 'kraft' || id === 'vintage', image_url: null }));
    catalogue.push({ id: 'papel-de-carta', name: 'Papel de carta', is_premium: true, image_url: 'http://x/carta.png' });
    catalogue.push({ id: 'papel-livre', name: 'Papel livre', is_premium: false, image_url: null });
    wrap(<PaperPicker value="lined-blue" onChange={() => {}} owned={[]} catalogue={catalogue} />);
    expect(screen.queryByRole('radio', { name: 'Pontilhado' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Papel de carta (na loja)' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Papel livre' }) as HTMLInputElement).disabled).toBe(false);
    cleanup();
    wrap(<PaperPicker value="dotted" onChange={() => {}} owned={['papel-de-carta']} catalogue={catalogue} />);
    expect((screen.getByRole('radio', { name: 'Pontilhado' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Papel de carta' }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('NotebookPaper', () => {
  it("draws a paper an admin added from the device's copy of the catalogue (offline: the read fails)", () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    localStorage.setItem('cadernos-paper-catalogue', JSON.stringify([{ id: 'papel-de-carta', name: 'Papel de carta', is_premium: true, image_url: 'http://x/carta.png' }]));
    render(<NotebookPaper paper="papel-de-carta" theme="pink">Olá</NotebookPaper>);
    const sheet = screen.getByText('Olá').parentElement!;
    expect(sheet.dataset.paper).toBe('papel-de-carta');
    expect(sheet.style.backgroundImage).toContain('http://x/carta.png');
    cleanup();
    render(<NotebookPaper paper="desconhecido" theme="pink">Olá</NotebookPaper>);
    expect(screen.getByText('Olá').parentElement!.dataset.paper).toBe('lined-blue');
  });
});
