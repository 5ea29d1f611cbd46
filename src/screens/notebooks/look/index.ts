/** The school-notebook look, shared by the view screen, the dashboard and the create/edit preview. */
export { NotebookCover, type NotebookCoverProps } from './NotebookCover.tsx';
export { NotebookPaper, type NotebookPaperProps } from './NotebookPaper.tsx';
export {
  DEFAULT_NOTEBOOK_THEME,
  DEFAULT_PAPER_STYLE,
  FREE_STICKERS,
  NOTEBOOK_THEMES,
  PAPER_STYLES,
  STICKER_BORDERS,
  STICKER_SIZE,
  borderOf,
  clampStickerSize,
  paperOf,
  stickerGlyph,
  stickerPosition,
  themeOf,
  type NotebookTheme,
  type PaperStyle,
  type StickerBorder,
  type StickerId,
} from './appearance.ts';
