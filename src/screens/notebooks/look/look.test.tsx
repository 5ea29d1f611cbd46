import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { notebookThemeClass, paperClass } from '../../../styles/notebook.css.ts';
import { NotebookCover } from './NotebookCover.tsx';
import { NotebookPaper } from './NotebookPaper.tsx';
import { STICKER_SLOTS, borderOf, clampStickerSize, isStickerId, paperOf, stickerPosition, themeOf } from './appearance.ts';

afterEach(cleanup);

describe('appearance values', () => {
  it('keeps known themes and papers and falls back to the spec defaults (purple, lined-blue)', () => {
    expect(themeOf('teal')).toBe('teal');
    expect(themeOf('neon')).toBe('purple');
    expect(themeOf(null)).toBe('purple');
    expect(paperOf('kraft')).toBe('kraft');
    expect(paperOf('papyrus')).toBe('lined-blue');
    expect(paperOf(undefined)).toBe('lined-blue');
    expect(borderOf('stars')).toBe('stars');
    expect(borderOf('nope')).toBeNull();
  });

  it('draws only known stickers, at sizes and places that stay on the cover', () => {
    expect(isStickerId('star')).toBe(true);
    expect(isStickerId('toString')).toBe(false);
    expect(clampStickerSize(500)).toBe(40);
    expect(clampStickerSize(1)).toBe(8);
    expect(clampStickerSize(Number.NaN)).toBe(16);
    // Unplaced stickers (stored before they had places) take the slots above and below the label.
    const spread = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => stickerPosition(i));
    expect(spread).toEqual(STICKER_SLOTS);
    for (const { y } of spread) expect(y < 20 || y > 70).toBe(true);
    expect(stickerPosition(0, 150, -3)).toEqual({ x: 90, y: 0 });
  });
});

describe('NotebookCover', () => {
  it('shows the title, the cover subtitle and author, in the theme of the cover', () => {
    render(
      <NotebookCover
        title="Caderno da turma"
        author="por Ana"
        theme="pink"
        cover={{ subtitle: '3º ano', theme: 'blue', stickers: [] }}
        titleAs="h1"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Caderno da turma' })).toBeTruthy();
    expect(screen.getByText('3º ano')).toBeTruthy();
    expect(screen.getByText('por Ana')).toBeTruthy();
    expect(screen.getByTestId('notebook-cover').className).toContain(notebookThemeClass.blue);
  });

  it('puts back stickers behind the label and front stickers over it, hidden from screen readers', () => {
    const { container } = render(
      <NotebookCover
        title="Figurinhas"
        theme="teal"
        cover={{ stickers: [{ id: 'star', size: 20, rotation: 15, layer: 'back' }, { id: 'heart', size: 12, rotation: -5, layer: 'front' }, { id: 'unknown', size: 10, rotation: 0, layer: 'front' }] }}
      />,
    );
    const face = container.querySelector('[data-testid="notebook-cover"]')!;
    const layers = [...face.querySelectorAll('[aria-hidden="true"]')].filter((el) => el.querySelector('[data-sticker]'));
    expect(layers.map((layer) => [...layer.querySelectorAll('[data-sticker]')].map((s) => s.getAttribute('data-sticker')))).toEqual([['star'], ['heart']]);
    const star = face.querySelector<HTMLElement>('[data-sticker="star"]')!;
    expect(star.style.transform).toBe('rotate(15deg)');
    expect(star.style.width).toMatch(/^calc\(var\(--[^)]+\) \* 20\)$/);
    expect(star.querySelector('svg')).not.toBeNull();
  });
});

describe('NotebookPaper', () => {
  it('applies the paper style and theme, falling back to lined-blue', () => {
    const { container, rerender } = render(
      <NotebookPaper paper="grid" theme="orange">
        <p>Qual é a sua cor favorita?</p>
      </NotebookPaper>,
    );
    const sheet = container.firstElementChild!;
    expect(sheet.className).toContain(paperClass.grid);
    expect(sheet.className).toContain(notebookThemeClass.orange);
    rerender(
      <NotebookPaper paper="???" theme="orange">
        <p>x</p>
      </NotebookPaper>,
    );
    expect(container.firstElementChild!.getAttribute('data-paper')).toBe('lined-blue');
  });
});
