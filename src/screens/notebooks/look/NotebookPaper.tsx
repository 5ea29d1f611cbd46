import type { CSSProperties, ReactNode } from 'react';
import { notebookThemeClass } from '../../../styles/notebook.css.ts';
import { isAppTheme, isPaperStyle, paperClasses, paperOf, themeOf } from './appearance.ts';
import { themeStyle } from './theme-style.ts';
import { usePaperCatalogue, useThemeCatalogue } from './usePaperCatalogue.ts';
import * as css from './look.css.ts';

export interface NotebookPaperProps {
  paper: string | null | undefined;
  theme: string | null | undefined;
  children: ReactNode;
  /** Write in the notebook's handwriting font (questions and answers), or in the body font. */
  handwriting?: boolean;
  /** The page-flip animation of the page that just turned (none when motion is reduced). */
  flip?: 'forward' | 'backward' | 'none';
  as?: 'div' | 'section' | 'article';
  className?: string;
  labelledBy?: string;
}

/**
 * A sheet of the notebook in its paper style (lined, grid, dotted, plain, kraft …), with the
 * theme's spiral spine. The paper stays light in the dark UI theme, like real paper. A paper the
 * app does not draw itself (one an admin added, issue 35) is drawn from the catalogue's picture
 * (usePaperCatalogue: the device's copy, offline too) — for guests and collaborators as well.
 */
export function NotebookPaper(props: NotebookPaperProps) {
  if (props.theme && !isAppTheme(props.theme)) return <CatalogueThemeSheet {...props} theme={props.theme} />;
  return props.paper && !isPaperStyle(props.paper) ? <CatalogueSheet {...props} paper={props.paper} /> : <Sheet {...props} />;
}

/** A theme an admin added: its colours from the catalogue (the device's copy, offline too). */
function CatalogueThemeSheet(props: NotebookPaperProps & { theme: string }) {
  const entry = useThemeCatalogue()?.find((t) => t.id === props.theme);
  const themeColors = entry ? themeStyle(entry.colors) : undefined;
  return props.paper && !isPaperStyle(props.paper) ? <CatalogueSheet {...props} paper={props.paper} themeColors={themeColors} /> : <Sheet {...props} themeColors={themeColors} />;
}

function CatalogueSheet(props: NotebookPaperProps & { paper: string; themeColors?: CSSProperties }) {
  const entry = usePaperCatalogue()?.find((p) => p.id === props.paper);
  return entry ? <Sheet {...props} picture={{ id: entry.id, url: entry.image_url }} /> : <Sheet {...props} />;
}

function Sheet({ paper, theme, children, handwriting, flip = 'none', as: Tag = 'div', className, labelledBy, picture, themeColors }: NotebookPaperProps & { picture?: { id: string; url: string | null }; themeColors?: CSSProperties }) {
  const paperStyle = picture ? 'plain' : paperOf(paper);
  const classes = [notebookThemeClass[themeOf(theme)], css.sheet, paperClasses[paperStyle], css.flip[flip], className ?? ''];
  const bodyClasses = [css.sheetBody, paperStyle === 'lined-blue' ? '' : css.sheetBodyNoMargin, handwriting ? css.handwriting : ''];
  const pictured: CSSProperties | undefined = picture?.url ? { backgroundImage: `url("${picture.url}")`, backgroundSize: 'cover', backgroundRepeat: 'repeat-y' } : undefined;
  const style = pictured || themeColors ? { ...themeColors, ...pictured } : undefined;
  return (
    <Tag className={classes.filter(Boolean).join(' ')} style={style} aria-labelledby={labelledBy} data-paper={picture?.id ?? paperStyle}>
      <div className={css.spiral} aria-hidden="true" />
      <div className={bodyClasses.filter(Boolean).join(' ')}>{children}</div>
    </Tag>
  );
}
