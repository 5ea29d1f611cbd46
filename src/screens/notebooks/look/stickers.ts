/**
 * Editing a cover's stickers (spec §3: stickers with size, rotation, front/back layer) as pure
 * steps, so the editor's buttons and the tests share one set of rules.
 */
import type { CoverSticker, NotebookCover } from '../../../data/schemas/notebooks.ts';
import { DEFAULT_COVER_STYLE, STICKER_PLACE, STICKER_SIZE, clampStickerPlace, clampStickerSize, freeStickerSlot, stickerPosition } from './appearance.ts';

/** A cover holds a few stickers; more would hide the title on a phone. */
export const MAX_STICKERS = 8;
export const ROTATION_STEP = 15;
export const SIZE_STEP = 4;

/** A new sticker takes the first free place around the label, and keeps it (stored x, y). */
export function addSticker(stickers: readonly CoverSticker[], id: string): CoverSticker[] {
  if (stickers.length >= MAX_STICKERS) return [...stickers];
  return [...stickers, { id, size: STICKER_SIZE.default, rotation: 0, layer: 'front', ...freeStickerSlot(stickers) }];
}

/** One step (of STICKER_PLACE.step %) in a direction; a sticker never placed starts from where it is shown. */
export function moveSticker(stickers: readonly CoverSticker[], index: number, dx: -1 | 0 | 1, dy: -1 | 0 | 1): CoverSticker[] {
  return stickers.map((s, i) => {
    if (i !== index) return s;
    const from = stickerPosition(i, s.x, s.y);
    return { ...s, x: clampStickerPlace(from.x + dx * STICKER_PLACE.step), y: clampStickerPlace(from.y + dy * STICKER_PLACE.step) };
  });
}

/** A place given by dragging on the preview. */
export function placeSticker(stickers: readonly CoverSticker[], index: number, place: { x: number; y: number }): CoverSticker[] {
  return stickers.map((s, i) => (i === index ? { ...s, x: clampStickerPlace(place.x), y: clampStickerPlace(place.y) } : s));
}

export function removeSticker(stickers: readonly CoverSticker[], index: number): CoverSticker[] {
  return stickers.filter((_, i) => i !== index);
}

export function resizeSticker(stickers: readonly CoverSticker[], index: number, delta: number): CoverSticker[] {
  return stickers.map((s, i) => (i === index ? { ...s, size: clampStickerSize(s.size + delta) } : s));
}

/** Rotation stays within -180…180 degrees. */
export function rotateSticker(stickers: readonly CoverSticker[], index: number, delta: number): CoverSticker[] {
  const wrap = (deg: number) => ((((deg + 180) % 360) + 360) % 360) - 180;
  return stickers.map((s, i) => (i === index ? { ...s, rotation: wrap((s.rotation ?? 0) + delta) } : s));
}

export function flipLayer(stickers: readonly CoverSticker[], index: number): CoverSticker[] {
  return stickers.map((s, i) => (i === index ? { ...s, layer: s.layer === 'back' ? 'front' : 'back' } : s));
}

/**
 * A cover with nothing in it is stored as null, as a new notebook's is. Keys this version does not
 * know (a cover from a newer device or an import, spec §3) are kept as they came.
 */
export function tidyCover(cover: NotebookCover & Record<string, unknown>): NotebookCover | null {
  const { title, subtitle, color, theme, style, stickers, ...others } = cover;
  const tidy: NotebookCover & Record<string, unknown> = {};
  if (title?.trim()) tidy.title = title.trim();
  if (subtitle?.trim()) tidy.subtitle = subtitle.trim();
  if (color) tidy.color = color;
  if (theme) tidy.theme = theme;
  if (style && style !== DEFAULT_COVER_STYLE) tidy.style = style;
  if (stickers && stickers.length > 0) tidy.stickers = stickers;
  for (const [key, value] of Object.entries(others)) if (value !== undefined) tidy[key] = value;
  return Object.keys(tidy).length > 0 ? tidy : null;
}
