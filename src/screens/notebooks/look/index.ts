/** The school-notebook look, shared by the view screen, the dashboard and the create/edit preview. */
export { NotebookCover, type NotebookCoverProps } from './NotebookCover.tsx';
export { NotebookPaper, type NotebookPaperProps } from './NotebookPaper.tsx';
export { StickerArt } from './StickerArt.tsx';
export {
  DEFAULT_NOTEBOOK_THEME,
  DEFAULT_PAPER_STYLE,
  FREE_STICKERS,
  NOTEBOOK_THEMES,
  PAPER_STYLES,
  STICKER_BORDERS,
  STICKER_PLACE,
  STICKER_SIZE,
  STICKER_SLOTS,
  borderOf,
  clampStickerPlace,
  clampStickerSize,
  freeStickerSlot,
  isStickerId,
  paperOf,
  stickerPosition,
  themeOf,
  type NotebookTheme,
  type PaperStyle,
  type StickerBorder,
  type StickerId,
} from './appearance.ts';
