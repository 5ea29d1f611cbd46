import type { CSSProperties, ReactNode } from 'react';
import type { CoverSticker, NotebookCover as CoverData } from '../../../data/schemas/notebooks.ts';
import { notebookThemeClass } from '../../../styles/notebook.css.ts';
import { borderOf, clampStickerSize, stickerGlyph, stickerPosition, themeOf } from './appearance.ts';
import * as css from './look.css.ts';

export interface NotebookCoverProps {
  title: string;
  /** The author label (spec §3, default 'Usuário'), shown as "por …" by the caller's text. */
  author?: ReactNode;
  theme: string | null | undefined;
  cover?: CoverData | null;
  stickerBorder?: string | null;
  /** 'full' stands like a notebook (view, preview); 'compact' fits a dashboard card. */
  size?: 'full' | 'compact';
  /** The heading level of the title, so the page's outline stays right. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
  className?: string;
}

/**
 * The cover of a school notebook: the theme's colour, a spiral spine, a white label with the
 * title, and stickers behind or in front of the label. Used by the view screen, the dashboard
 * cards and the create/edit live preview, so they all look the same.
 */
export function NotebookCover({ title, author, theme, cover, stickerBorder, size = 'full', titleAs = 'h2', className }: NotebookCoverProps) {
  const border = borderOf(stickerBorder);
  const classes = [
    notebookThemeClass[themeOf(cover?.theme ?? theme)],
    css.coverFrame,
    css.cover,
    size === 'compact' ? css.coverCompact : '',
    border ? css.border[border] : '',
    className ?? '',
  ];
  const TitleTag = titleAs;
  const stickers = cover?.stickers ?? [];
  const coverStyle: CSSProperties | undefined = cover?.color ? { background: cover.color } : undefined;
  return (
    <div className={classes.filter(Boolean).join(' ')} style={coverStyle} data-testid="notebook-cover">
      <div className={css.spiral} aria-hidden="true" />
      <div className={css.coverFace}>
        <Stickers stickers={stickers} layer="back" />
        <div className={css.coverLabel}>
          <TitleTag className={css.coverTitle}>{cover?.title || title}</TitleTag>
          {cover?.subtitle ? <p className={css.coverSubtitle}>{cover.subtitle}</p> : null}
          {author ? <p className={css.coverAuthor}>{author}</p> : null}
        </div>
        <Stickers stickers={stickers} layer="front" />
      </div>
    </div>
  );
}

function Stickers({ stickers, layer }: { stickers: CoverSticker[]; layer: 'front' | 'back' }) {
  const placed = stickers
    .map((sticker, index) => ({ sticker, index, glyph: stickerGlyph(sticker.id) }))
    .filter(({ sticker, glyph }) => glyph && (sticker.layer ?? 'front') === layer);
  if (placed.length === 0) return null;
  return (
    <div className={css.stickerLayer[layer]} aria-hidden="true">
      {placed.map(({ sticker, index, glyph }) => {
        const { x, y } = stickerPosition(index, sticker.x, sticker.y);
        return (
          <span
            key={`${sticker.id}-${index}`}
            className={css.sticker}
            data-sticker={sticker.id}
            style={{
              left: `${x}%`,
              top: `${y}%`,
              fontSize: `${clampStickerSize(sticker.size)}cqi`,
              transform: `rotate(${Number.isFinite(sticker.rotation) ? sticker.rotation : 0}deg)`,
            }}
          >
            {glyph}
          </span>
        );
      })}
    </div>
  );
}
