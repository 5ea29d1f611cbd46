/**
 * Editing a cover's stickers (spec §3: stickers with size, rotation, front/back layer) as pure
 * steps, so the editor's buttons and the tests share one set of rules.
 */
import type { CoverSticker, NotebookCover } from '../../data/schemas/notebooks.ts';
import { STICKER_SIZE, clampStickerSize, type StickerId } from '../notebooks/look/index.ts';

/** A cover holds a few stickers; more would hide the title on a phone. */
export const MAX_STICKERS = 8;
export const ROTATION_STEP = 15;
export const SIZE_STEP = 4;

export function addSticker(stickers: readonly CoverSticker[], id: StickerId): CoverSticker[] {
  if (stickers.length >= MAX_STICKERS) return [...stickers];
  return [...stickers, { id, size: STICKER_SIZE.default, rotation: 0, layer: 'front' }];
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

/** A cover with nothing in it is stored as null, as a new notebook's is. */
export function tidyCover(cover: NotebookCover): NotebookCover | null {
  const tidy: NotebookCover = {};
  if (cover.title?.trim()) tidy.title = cover.title.trim();
  if (cover.subtitle?.trim()) tidy.subtitle = cover.subtitle.trim();
  if (cover.color) tidy.color = cover.color;
  if (cover.theme) tidy.theme = cover.theme;
  if (cover.stickers && cover.stickers.length > 0) tidy.stickers = cover.stickers;
  return Object.keys(tidy).length > 0 ? tidy : null;
}
