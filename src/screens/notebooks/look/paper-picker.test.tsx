import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages as appPt } from '../../../locale/locales/pt-BR/messages.po';
import { messages as notebooksPt } from '../locales/pt-BR/messages.po';
import { messages as appEn } from '../../../locale/locales/en-US/messages.po';
import { messages as notebooksEn } from '../locales/en-US/messages.po';
import { PaperPicker } from './AppearanceControls.tsx';
import { PAPER_STYLES } from './appearance.ts';

/**
 * The paper picker (issue 35): every paper of the server's catalogue; the store's papers the
 * person owns are chosen like the free ones, the others are marked "na loja" with a link to the
 * store (the theme picker's pattern); a notebook already on a store paper keeps it checked.
 */
afterEach(cleanup);

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
});
