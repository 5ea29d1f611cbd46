/**
 * How a notebook's stored appearance fields (free text on the server: theme, paper_style,
 * sticker_border, cover) map onto the look. Unknown values fall back to the spec's defaults
 * (spec §9: purple, lined-blue) so a notebook written by a newer app still renders.
 */
import { ALL_NOTEBOOK_THEMES, STORE_THEMES, DEFAULT_NOTEBOOK_THEME, NOTEBOOK_THEMES, paperClass, type NotebookTheme } from '../../../styles/notebook.css.ts';
import { morePaperClass } from '../../../styles/paper-more.css.ts';
import { DEFAULT_PAPER_STYLE, PAPER_STYLES, STORE_PAPERS, type PaperStyle } from '../../../styles/paper-styles.ts';
import { FREE_STICKERS, type StickerId } from '../../../styles/sticker-ids.ts';

export { NOTEBOOK_THEMES, STORE_THEMES, PAPER_STYLES, STORE_PAPERS, DEFAULT_NOTEBOOK_THEME, DEFAULT_PAPER_STYLE };
export type { NotebookTheme, PaperStyle };

export function themeOf(value: string | null | undefined): NotebookTheme {
  return (ALL_NOTEBOOK_THEMES as readonly string[]).includes(value ?? '') ? (value as NotebookTheme) : DEFAULT_NOTEBOOK_THEME;
}

/** A theme the app draws by its class (an added one is drawn from the catalogue's colours). */
export function isAppTheme(value: string | null | undefined): value is NotebookTheme {
  return (ALL_NOTEBOOK_THEMES as readonly string[]).includes(value ?? '');
}

/** Each paper's class (the landing's papers and the others, paper-more.css.ts). */
export const paperClasses: Record<PaperStyle, string> = { ...paperClass, ...morePaperClass };

export function isPaperStyle(value: string | null | undefined): value is PaperStyle {
  return (PAPER_STYLES as readonly string[]).includes(value ?? '');
}

export function paperOf(value: string | null | undefined): PaperStyle {
  return isPaperStyle(value) ? value : DEFAULT_PAPER_STYLE;
}

/** The free cover style (issue 35): the cover as it always was, no picture; never disabled nor sold. */
export const DEFAULT_COVER_STYLE = 'liso';

/** Borders drawn around the cover (spec §2 edit: "borders"); null means none. */
export const STICKER_BORDERS = ['dashed', 'stitched', 'stars', 'hearts'] as const;
export type StickerBorder = (typeof STICKER_BORDERS)[number];

export function borderOf(value: string | null | undefined): StickerBorder | null {
  return (STICKER_BORDERS as readonly string[]).includes(value ?? '') ? (value as StickerBorder) : null;
}

/**
 * The free stickers every notebook may use (premium ones come from the store, spec §6). Each is
 * drawn by StickerArt.tsx as an SVG picture, hidden from screen readers.
 */
export { FREE_STICKERS, type StickerId } from '../../../styles/sticker-ids.ts';

export function isStickerId(id: string): id is StickerId {
  return (FREE_STICKERS as readonly string[]).includes(id);
}

/** Sticker sizes are in cover units (1% of a 3:4 cover's width, look.css.ts), so they scale with the cover. */
export const STICKER_SIZE = { min: 8, max: 40, default: 16 } as const;

export function clampStickerSize(size: number | null | undefined): number {
  if (typeof size !== 'number' || !Number.isFinite(size)) return STICKER_SIZE.default;
  return Math.min(STICKER_SIZE.max, Math.max(STICKER_SIZE.min, size));
}

/**
 * A sticker's place: its top-left corner, in % of the cover's face (0–90, so part of it always
 * shows; the cover also keeps the whole sticker inside its edges when drawing it).
 */
export const STICKER_PLACE = { min: 0, max: 90, step: 5 } as const;

/**
 * Where stickers go when nobody has placed them: the corners and edges above and below the
 * label, which stands in the middle of the cover, so no sticker covers the title.
 */
export const STICKER_SLOTS: readonly { x: number; y: number }[] = [
  { x: 3, y: 3 },
  { x: 77, y: 3 },
  { x: 3, y: 80 },
  { x: 77, y: 80 },
  { x: 40, y: 3 },
  { x: 40, y: 80 },
  { x: 21, y: 3 },
  { x: 59, y: 80 },
];

export function clampStickerPlace(n: number): number {
  return Math.min(STICKER_PLACE.max, Math.max(STICKER_PLACE.min, n));
}

/** Where a sticker sits: its stored place, or else the slot of its position in the list. */
export function stickerPosition(index: number, x?: number, y?: number): { x: number; y: number } {
  const slot = STICKER_SLOTS[index % STICKER_SLOTS.length];
  return {
    x: clampStickerPlace(typeof x === 'number' && Number.isFinite(x) ? x : slot.x),
    y: clampStickerPlace(typeof y === 'number' && Number.isFinite(y) ? y : slot.y),
  };
}

/** The first default slot no sticker sits on yet (a new sticker's place). */
export function freeStickerSlot(stickers: readonly { x?: number; y?: number }[]): { x: number; y: number } {
  const taken = stickers.map((sticker, index) => stickerPosition(index, sticker.x, sticker.y));
  const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.abs(a.x - b.x) < 10 && Math.abs(a.y - b.y) < 10;
  return STICKER_SLOTS.find((slot) => !taken.some((place) => near(place, slot))) ?? STICKER_SLOTS[stickers.length % STICKER_SLOTS.length];
}
