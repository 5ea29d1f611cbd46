import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderOnline } from '../../online/testing.tsx';
import { messages as appPt } from '../../../locale/locales/pt-BR/messages.po';
import { messages as notebooksPt } from '../locales/pt-BR/messages.po';
import { messages as appEn } from '../../../locale/locales/en-US/messages.po';
import { messages as notebooksEn } from '../locales/en-US/messages.po';
import { CoverStylePicker } from './AppearanceControls.tsx';
import { NotebookCover } from './NotebookCover.tsx';
import { tidyCover } from './stickers.ts';
import type { CatalogueCoverStyle } from '../../../data/online/cover-catalogue.ts';

/**
 * Cover styles (issue 35): the picker offers the plain cover and the styles admins added (the
 * device's copy of the cover_styles catalogue) by name — a premium one chosen by the people who own
 * it, marked "na loja" with the store's link for the others —; the cover draws its style's picture
 * over the theme's colour under the label, on a guest's or collaborator's device too, offline; an
 * unknown style draws the plain cover.
 */
const catalogs = { 'pt-BR': { ...appPt, ...notebooksPt }, 'en-US': { ...appEn, ...notebooksEn } };
const style = (id: string, name: string, is_premium: boolean, image: string | null): CatalogueCoverStyle => ({
  id,
  name,
  is_premium,
  image_url: image ? `http://backend/storage/v1/object/public/store-images/${image}` : null,
});
const CATALOGUE: CatalogueCoverStyle[] = [style('liso', 'Liso', false, null), style('xadrez', 'Xadrez', false, 'xadrez.png'), style('galaxia', 'Galáxia', true, 'galaxia.webp'), style('ondas', 'Ondas', true, 'ondas.png')];

beforeEach(() => {
  // offline: the catalogue comes from the device's copy alone
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
  localStorage.setItem('cadernos-cover-catalogue', JSON.stringify(CATALOGUE));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('CoverStylePicker', () => {
  it('offers the plain cover, the free styles and the owned ones; the others "na loja" with the store link', () => {
    const onChange = vi.fn();
    renderOnline(<CoverStylePicker value={undefined} onChange={onChange} owned={['galaxia']} catalogue={CATALOGUE} />, 'pt-BR', catalogs);
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['liso', 'xadrez', 'galaxia', 'ondas']);
    expect(radio('Capa lisa').checked).toBe(true);
    expect(radio('Ondas (na loja)').disabled).toBe(true);
    expect(screen.getByTestId('covers-in-store').querySelector('a')?.getAttribute('href')).toBe('/loja-sazonal');
    fireEvent.click(radio('Galáxia'));
    expect(onChange).toHaveBeenLastCalledWith('galaxia');
    fireEvent.click(radio('Xadrez'));
    expect(onChange).toHaveBeenLastCalledWith('xadrez');
  });

  it('a style the catalogue no longer lists stays checked while used; before the first read only the plain cover (English)', () => {
    renderOnline(<CoverStylePicker value="sumiu" onChange={() => {}} owned={[]} catalogue={CATALOGUE} />, 'en-US', catalogs);
    expect(radio('sumiu').checked).toBe(true);
    expect(radio('Galáxia (in the store)').disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Cover style' })).toBeTruthy();
    cleanup();
    renderOnline(<CoverStylePicker value="" onChange={() => {}} owned={[]} catalogue={null} />, 'en-US', catalogs);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(radio('Plain cover').checked).toBe(true);
  });

  it('the style is saved with the cover; the plain cover is no key at all', () => {
    expect(tidyCover({ title: 'Capa', style: 'galaxia' })).toEqual({ title: 'Capa', style: 'galaxia' });
    expect(tidyCover({ style: 'liso' })).toBeNull();
  });
});

describe('NotebookCover', () => {
  it("draws the style's picture from the device's copy (a guest's device, offline), the label still over it", () => {
    renderOnline(<NotebookCover title="Caderno" author="Ana" theme="purple" cover={{ style: 'galaxia' }} />, 'pt-BR', catalogs);
    const cover = screen.getByTestId('notebook-cover');
    expect(cover.style.backgroundImage).toBe('url("http://backend/storage/v1/object/public/store-images/galaxia.webp")');
    expect(cover.dataset.coverStyle).toBe('galaxia');
    expect(screen.getByTestId('cover-label').textContent).toContain('Caderno');
  });

  it('an unknown style, the plain cover and a cover without a style draw no picture; a colour stays under a picture', () => {
    for (const cover of [{ style: 'sumiu' }, { style: 'liso' }, {}]) {
      renderOnline(<NotebookCover title="Caderno" theme="purple" cover={cover} />, 'pt-BR', catalogs);
      expect(screen.getByTestId('notebook-cover').style.backgroundImage).toBe('');
      cleanup();
    }
    renderOnline(<NotebookCover title="Caderno" theme="purple" cover={{ style: 'xadrez', color: '#112233' }} />, 'pt-BR', catalogs);
    const cover = screen.getByTestId('notebook-cover');
    expect(cover.style.backgroundColor).toBe('rgb(17, 34, 51)');
    expect(cover.style.backgroundImage).toContain('xadrez.png');
  });
});
