import { styleVariants } from '@vanilla-extract/css';
import { ink, lineGap } from './paper-lines.ts';

/**
 * The papers of the catalogue the landing does not draw (issue 35: the server's paper_styles rows
 * the app lacked), apart from notebook.css.ts's paperClass so the landing's chunk does not grow.
 * NotebookPaper joins both (`paperClasses` in look/appearance.ts).
 */
export type MorePaper = 'lined-pink' | 'lined-green' | 'vintage';

export const morePaperClass = styleVariants<Record<MorePaper, { background: string; color: string }>>({
  'lined-pink': {
    color: '#1f1b2d',
    background: `repeating-linear-gradient(#fff7fb 0 calc(${lineGap} - 1px), ${ink.pink} calc(${lineGap} - 1px) ${lineGap})`,
  },
  'lined-green': {
    color: '#1f1b2d',
    background: `repeating-linear-gradient(#fbfff7 0 calc(${lineGap} - 1px), ${ink.green} calc(${lineGap} - 1px) ${lineGap})`,
  },
  vintage: {
    color: '#3b2a14',
    background: `repeating-linear-gradient(#f3e6c8 0 calc(${lineGap} - 1px), #d8c39a calc(${lineGap} - 1px) ${lineGap})`,
  },
});
