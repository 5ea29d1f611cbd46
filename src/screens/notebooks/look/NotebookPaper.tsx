import type { ReactNode } from 'react';
import { notebookThemeClass, paperClass } from '../../../styles/notebook.css.ts';
import { paperOf, themeOf } from './appearance.ts';
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
 * A sheet of the notebook in its paper style (lined, grid, dotted, plain, kraft), with the
 * theme's spiral spine. The paper stays light in the dark UI theme, like real paper.
 */
export function NotebookPaper({ paper, theme, children, handwriting, flip = 'none', as: Tag = 'div', className, labelledBy }: NotebookPaperProps) {
  const paperStyle = paperOf(paper);
  const classes = [notebookThemeClass[themeOf(theme)], css.sheet, paperClass[paperStyle], css.flip[flip], className ?? ''];
  const bodyClasses = [css.sheetBody, paperStyle === 'lined-blue' ? '' : css.sheetBodyNoMargin, handwriting ? css.handwriting : ''];
  return (
    <Tag className={classes.filter(Boolean).join(' ')} aria-labelledby={labelledBy} data-paper={paperStyle}>
      <div className={css.spiral} aria-hidden="true" />
      <div className={bodyClasses.filter(Boolean).join(' ')}>{children}</div>
    </Tag>
  );
}
