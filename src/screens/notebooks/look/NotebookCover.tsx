import type { CSSProperties, PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { UserText } from '../../../components/UserText.tsx';
import type { CoverSticker, NotebookCover as CoverData } from '../../../data/schemas/notebooks.ts';
import { notebookThemeClass } from '../../../styles/notebook.css.ts';
import { borderOf, clampStickerPlace, clampStickerSize, DEFAULT_COVER_STYLE, isAppTheme, isStickerId, stickerPosition, themeOf } from './appearance.ts';
import { themeStyle } from './theme-style.ts';
import { useCoverCatalogue, useStickerCatalogue, useThemeCatalogue } from './usePaperCatalogue.ts';
import { StickerArt } from './StickerArt.tsx';
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
  /** Makes the stickers draggable (the editor's preview): told each sticker's new place. */
  onStickerMove?: (index: number, place: { x: number; y: number }) => void;
}

/**
 * The cover of a school notebook: the theme's colour, a spiral spine, a white label with the
 * title, and stickers behind or in front of the label. Used by the view screen, the dashboard
 * cards and the create/edit live preview, so they all look the same.
 */
export function NotebookCover(props: NotebookCoverProps) {
  const theme = props.cover?.theme ?? props.theme;
  const style = props.cover?.style;
  if (style && style !== DEFAULT_COVER_STYLE) return <StyledCover {...props} style={style} />;
  return theme && !isAppTheme(theme) ? <CatalogueCover {...props} added={theme} /> : <Cover {...props} />;
}

/** A theme an admin added (issue 35): drawn from the catalogue's colours (the device's copy, offline too). */
function CatalogueCover(props: NotebookCoverProps & { added: string; picture?: string | null }) {
  const entry = useThemeCatalogue()?.find((t) => t.id === props.added);
  return <Cover {...props} themeColors={entry ? themeStyle(entry.colors) : undefined} />;
}

/**
 * A cover style (issue 35): its picture (the device's copy of the cover_styles catalogue, offline
 * too) over the theme's colour, under the label and the stickers; an id the copy does not know —
 * or a style without a picture — draws the plain cover.
 */
function StyledCover({ style, ...props }: NotebookCoverProps & { style: string }) {
  const picture = useCoverCatalogue()?.find((s) => s.id === style)?.image_url;
  const theme = props.cover?.theme ?? props.theme;
  return theme && !isAppTheme(theme) ? <CatalogueCover {...props} added={theme} picture={picture} /> : <Cover {...props} picture={picture} />;
}

function Cover({ title, author, theme, cover, stickerBorder, size = 'full', titleAs = 'h2', className, onStickerMove, themeColors, picture }: NotebookCoverProps & { themeColors?: CSSProperties; picture?: string | null }) {
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
  // longhands only: the picture stays when the colour changes (and the colour under a picture)
  const coverStyle: CSSProperties | undefined =
    cover?.color || themeColors || picture
      ? { ...themeColors, ...(cover?.color ? { backgroundColor: cover.color } : null), ...(picture ? { backgroundImage: `url("${picture}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : null) }
      : undefined;
  return (
    <div className={classes.filter(Boolean).join(' ')} style={coverStyle} data-testid="notebook-cover" data-cover-style={picture ? cover?.style : undefined}>
      <div className={css.spiral} aria-hidden="true" />
      <div className={css.coverFace}>
        <Stickers stickers={stickers} layer="back" onMove={onStickerMove} />
        <div className={css.coverLabel} data-testid="cover-label">
          <TitleTag className={css.coverTitle}>
            <UserText>{cover?.title || title}</UserText>
          </TitleTag>
          {cover?.subtitle ? (
            <p className={css.coverSubtitle}>
              <UserText>{cover.subtitle}</UserText>
            </p>
          ) : null}
          {author ? <p className={css.coverAuthor}>{author}</p> : null}
        </div>
        <Stickers stickers={stickers} layer="front" onMove={onStickerMove} />
      </div>
    </div>
  );
}

interface StickersProps {
  stickers: CoverSticker[];
  layer: 'front' | 'back';
  onMove?: (index: number, place: { x: number; y: number }) => void;
}

function Stickers({ stickers, layer, onMove }: StickersProps) {
  // the app's drawings and the uploaded stickers of the catalogue's copy (a guest's device too)
  const catalogue = useStickerCatalogue();
  const known = (id: string) => isStickerId(id) || !!catalogue?.some((s) => s.id === id);
  const placed = stickers
    .map((sticker, index) => ({ sticker, index }))
    .filter(({ sticker }) => known(sticker.id) && (sticker.layer ?? 'front') === layer);
  if (placed.length === 0) return null;
  return (
    <div className={css.stickerLayer[layer]} aria-hidden="true">
      {placed.map(({ sticker, index }) => {
        const { x, y } = stickerPosition(index, sticker.x, sticker.y);
        const size = clampStickerSize(sticker.size);
        const length = `calc(${css.coverUnit} * ${size})`;
        // x is the left edge in % of a 3:4 face; the sticker's centre keeps its share of the face's
        // width, the same on the wider compact cover (see look.css.ts).
        const centre = x + (size / 2 / css.FACE_WIDTH) * 100;
        return (
          <span
            key={`${sticker.id}-${index}`}
            className={onMove ? `${css.sticker} ${css.stickerMovable}` : css.sticker}
            data-sticker={sticker.id}
            onPointerDown={onMove ? (event) => dragSticker(event, index, onMove) : undefined}
            style={{
              // Sized in cover units like the label (look.css.ts), and wholly on the cover.
              left: `min(calc(${centre}% - ${length} / 2), calc(100% - ${length}))`,
              top: `min(${y}%, calc(100% - ${length}))`,
              width: length,
              height: length,
              transform: `rotate(${Number.isFinite(sticker.rotation) ? sticker.rotation : 0}deg)`,
            }}
          >
            <StickerArt id={sticker.id} />
          </span>
        );
      })}
    </div>
  );
}

/**
 * Drag with a finger or a mouse (the editor's preview): the sticker follows the pointer and its
 * place is reported in % of the cover's face. The editor's arrow buttons do the same by keyboard.
 */
function dragSticker(event: ReactPointerEvent<HTMLElement>, index: number, onMove: NonNullable<StickersProps['onMove']>) {
  const sticker = event.currentTarget;
  const face = sticker.parentElement?.getBoundingClientRect();
  if (!face || face.width === 0 || face.height === 0) return;
  event.preventDefault();
  const start = sticker.getBoundingClientRect();
  const grab = { x: event.clientX - start.left, y: event.clientY - start.top };
  sticker.setPointerCapture(event.pointerId);
  const move = (e: PointerEvent) => {
    const x = ((e.clientX - grab.x - face.left) / face.width) * 100;
    const y = ((e.clientY - grab.y - face.top) / face.height) * 100;
    onMove(index, { x: Math.round(clampStickerPlace(x)), y: Math.round(clampStickerPlace(y)) });
  };
  const stop = () => {
    sticker.removeEventListener('pointermove', move);
    sticker.removeEventListener('pointerup', stop);
    sticker.removeEventListener('pointercancel', stop);
  };
  sticker.addEventListener('pointermove', move);
  sticker.addEventListener('pointerup', stop);
  sticker.addEventListener('pointercancel', stop);
}
