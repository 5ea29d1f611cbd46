import { createThemeContract } from '@vanilla-extract/css';

/**
 * The notebook theme contract (cover, coverText, accent, accentSoft, spine): an app theme's class
 * sets it (notebook.css.ts), an added theme's colours set it inline (notebooks/look/theme-style.ts).
 * Its own file so the one runtime reader (theme-style.ts, in the look's chunk) does not put the
 * contract into the landing's notebook.css chunk (issue 36's budget: the landing does not grow).
 */
export const notebookVars = createThemeContract({
  cover: null,
  coverText: null,
  accent: null,
  accentSoft: null,
  spine: null,
});
