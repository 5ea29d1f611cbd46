/**
 * How a notebook's stored appearance fields (free text on the server: theme, paper_style,
 * sticker_border, cover) map onto the look. Unknown values fall back to the spec's defaults
 * (spec §9: purple, lined-blue) so a notebook written by a newer app still renders.
 */
import {
  DEFAULT_NOTEBOOK_THEME,
  DEFAULT_PAPER_STYLE,
  NOTEBOOK_THEMES,
  PAPER_STYLES,
  type NotebookTheme,
  type PaperStyle,
} from '../../../styles/notebook.css.ts';

export { NOTEBOOK_THEMES, PAPER_STYLES, DEFAULT_NOTEBOOK_THEME, DEFAULT_PAPER_STYLE };
export type { NotebookTheme, PaperStyle };

export function themeOf(value: string | null | undefined): NotebookTheme {
  return (NOTEBOOK_THEMES as readonly string[]).includes(value ?? '') ? (value as NotebookTheme) : DEFAULT_NOTEBOOK_THEME;
}

export function paperOf(value: string | null | undefined): PaperStyle {
  return (PAPER_STYLES as readonly string[]).includes(value ?? '') ? (value as PaperStyle) : DEFAULT_PAPER_STYLE;
}

/** Borders drawn around the cover (spec §2 edit: "borders"); null means none. */
export const STICKER_BORDERS = ['dashed', 'stitched', 'stars', 'hearts'] as const;
export type StickerBorder = (typeof STICKER_BORDERS)[number];

export function borderOf(value: string | null | undefined): StickerBorder | null {
  return (STICKER_BORDERS as readonly string[]).includes(value ?? '') ? (value as StickerBorder) : null;
}

/**
 * The free stickers every notebook may use (premium ones come from the store, spec §6). A
 * sticker is a picture, so it is drawn with an emoji and hidden from screen readers.
 */
export const FREE_STICKERS = {
  star: '⭐',
  heart: '💖',
  flower: '🌸',
  rainbow: '🌈',
  pencil: '✏️',
  music: '🎵',
  sun: '☀️',
  cat: '🐱',
  rocket: '🚀',
  smile: '😊',
} as const;
export type StickerId = keyof typeof FREE_STICKERS;

export function stickerGlyph(id: string): string | null {
  return Object.hasOwn(FREE_STICKERS, id) ? FREE_STICKERS[id as StickerId] : null;
}

/** Sticker sizes are percentages of the cover's width, kept within what fits on a 360 px cover. */
export const STICKER_SIZE = { min: 8, max: 40, default: 16 } as const;

export function clampStickerSize(size: number | null | undefined): number {
  if (typeof size !== 'number' || !Number.isFinite(size)) return STICKER_SIZE.default;
  return Math.min(STICKER_SIZE.max, Math.max(STICKER_SIZE.min, size));
}

/** Where a sticker sits (0–100 % of the cover); missing positions spread along a diagonal. */
export function stickerPosition(index: number, x?: number, y?: number): { x: number; y: number } {
  const clamp = (n: number) => Math.min(90, Math.max(0, n));
  return {
    x: clamp(typeof x === 'number' ? x : 10 + ((index * 23) % 75)),
    y: clamp(typeof y === 'number' ? y : 12 + ((index * 31) % 70)),
  };
}
