import { createTheme, styleVariants } from '@vanilla-extract/css';
import type { PaperStyle } from './paper-styles.ts';
import type { MorePaper } from './paper-more.css.ts';
import { ink, lineGap } from './paper-lines.ts';
import { ALL_NOTEBOOK_THEMES, THEME_PALETTES, type NotebookTheme } from './theme-colors.ts';
import { notebookVars } from './notebook-vars.css.ts';

/**
 * Tokens for how a notebook looks: its colour theme (spec §3: purple, pink, blue, teal, yellow,
 * orange; default purple) and its paper style (default lined-blue). Screens apply
 * `notebookThemeClass[theme]` and `paperClass[paper]` to a notebook's root and style its parts
 * with `notebookVars`.
 */
export { NOTEBOOK_THEMES, STORE_THEMES, ALL_NOTEBOOK_THEMES, DEFAULT_NOTEBOOK_THEME } from './theme-colors.ts';
export type { StoreTheme, NotebookTheme } from './theme-colors.ts';

/** The theme contract (notebook-vars.css.ts): an app theme's class sets it, an added theme's colours inline. */
export { notebookVars };

export const notebookThemeClass = Object.fromEntries(
  ALL_NOTEBOOK_THEMES.map((name) => [name, createTheme(notebookVars, THEME_PALETTES[name], `notebook-${name}`)]),
) as Record<NotebookTheme, string>;


/**
 * Paper backgrounds: light paper in both UI themes, like a real notebook page. The papers the
 * landing does not draw (lined-pink, lined-green, vintage) are in paper-more.css.ts, so the landing
 * loads only these; `paperClasses` (NotebookPaper) joins both.
 */
export const paperClass = styleVariants<Record<Exclude<PaperStyle, MorePaper>, { background: string; backgroundSize?: string; color: string }>>({
  'lined-blue': {
    color: '#1f1b2d',
    background: `linear-gradient(to right, transparent 47px, #f2a7a7 47px, #f2a7a7 49px, transparent 49px), repeating-linear-gradient(#fffdf7 0 calc(${lineGap} - 1px), ${ink.blue} calc(${lineGap} - 1px) ${lineGap})`,
  },
  'lined-red': {
    color: '#1f1b2d',
    background: `repeating-linear-gradient(#fffdf7 0 calc(${lineGap} - 1px), ${ink.red} calc(${lineGap} - 1px) ${lineGap})`,
  },
  grid: {
    color: '#1f1b2d',
    background: `linear-gradient(${ink.grey} 1px, transparent 1px) 0 0 / 20px 20px, linear-gradient(90deg, ${ink.grey} 1px, #ffffff 1px) 0 0 / 20px 20px`,
  },
  dotted: {
    color: '#1f1b2d',
    background: `radial-gradient(${ink.grey} 1.2px, #ffffff 1.2px) 0 0 / 18px 18px`,
  },
  plain: { color: '#1f1b2d', background: '#fffdf7' },
  kraft: { color: '#2b2116', background: '#d9b98c' },
});
