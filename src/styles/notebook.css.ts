import { createTheme, createThemeContract, styleVariants } from '@vanilla-extract/css';
import type { PaperStyle } from './paper-styles.ts';
import type { MorePaper } from './paper-more.css.ts';
import { ink, lineGap } from './paper-lines.ts';

/**
 * Tokens for how a notebook looks: its colour theme (spec §3: purple, pink, blue, teal, yellow,
 * orange; default purple) and its paper style (default lined-blue). Screens apply
 * `notebookThemeClass[theme]` and `paperClass[paper]` to a notebook's root and style its parts
 * with `notebookVars`.
 */
export const NOTEBOOK_THEMES = ['purple', 'pink', 'blue', 'teal', 'yellow', 'orange'] as const;
/**
 * Themes of the seasonal store (issue 35; the premium rows of notebook_themes): drawn for everyone
 * who sees a notebook using one (guests and collaborators need not own it, spec §6), offered in the
 * editor to the people who own them.
 */
export const STORE_THEMES = ['galaxy', 'pastel', 'retro'] as const;
export type StoreTheme = (typeof STORE_THEMES)[number];
export type NotebookTheme = (typeof NOTEBOOK_THEMES)[number] | StoreTheme;
export const ALL_NOTEBOOK_THEMES: readonly NotebookTheme[] = [...NOTEBOOK_THEMES, ...STORE_THEMES];
export const DEFAULT_NOTEBOOK_THEME: NotebookTheme = 'purple';

export const notebookVars = createThemeContract({
  cover: null,
  coverText: null,
  accent: null,
  accentSoft: null,
  spine: null,
});

const palette: Record<NotebookTheme, { cover: string; coverText: string; accent: string; accentSoft: string; spine: string }> = {
  purple: { cover: '#7c3aed', coverText: '#ffffff', accent: '#6d28d9', accentSoft: '#ede4ff', spine: '#4c1d95' },
  pink: { cover: '#db2777', coverText: '#ffffff', accent: '#be185d', accentSoft: '#fde2f0', spine: '#831843' },
  blue: { cover: '#2563eb', coverText: '#ffffff', accent: '#1d4ed8', accentSoft: '#dfe9ff', spine: '#1e3a8a' },
  teal: { cover: '#0d9488', coverText: '#ffffff', accent: '#0f766e', accentSoft: '#d7f5f1', spine: '#134e4a' },
  yellow: { cover: '#facc15', coverText: '#3b2f00', accent: '#a16207', accentSoft: '#fff6cc', spine: '#854d0e' },
  orange: { cover: '#f97316', coverText: '#2b1300', accent: '#c2410c', accentSoft: '#ffe6d5', spine: '#7c2d12' },
  galaxy: { cover: '#312e81', coverText: '#e0e7ff', accent: '#4c1d95', accentSoft: '#e0e7ff', spine: '#1e1b4b' },
  pastel: { cover: '#f9a8d4', coverText: '#334155', accent: '#0369a1', accentSoft: '#e0f2fe', spine: '#a5b4fc' },
  retro: { cover: '#06b6d4', coverText: '#1e293b', accent: '#0e7490', accentSoft: '#fef9c3', spine: '#ca8a04' },
};

export const notebookThemeClass = Object.fromEntries(
  ALL_NOTEBOOK_THEMES.map((name) => [name, createTheme(notebookVars, palette[name], `notebook-${name}`)]),
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
