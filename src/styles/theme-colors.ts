/**
 * A notebook theme's colours (issue 35): the keys of the notebook theme contract (notebookVars in
 * notebook.css.ts) and the colours of the app's own themes — the same values as the server's
 * notebook_themes.colors (supabase/tests/notebook-themes.test.ts fails when they part). A theme an
 * admin adds is drawn from its row's colours (themeStyle), the app's own by their CSS classes.
 * The cover's text must be readable on the cover: contrast ≥ 4.5:1 (WCAG 2 AA), checked here for
 * the admin's form and by the database (private.theme_colors_ok).
 */
export const THEME_COLOR_KEYS = ['cover', 'coverText', 'accent', 'accentSoft', 'spine'] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColors = Record<ThemeColorKey, string>;

export const NOTEBOOK_THEMES = ['purple', 'pink', 'blue', 'teal', 'yellow', 'orange'] as const;
/** Themes of the seasonal store drawn by the app (premium rows of notebook_themes). */
export const STORE_THEMES = ['galaxy', 'pastel', 'retro'] as const;
export type StoreTheme = (typeof STORE_THEMES)[number];
export type NotebookTheme = (typeof NOTEBOOK_THEMES)[number] | StoreTheme;
export const ALL_NOTEBOOK_THEMES: readonly NotebookTheme[] = [...NOTEBOOK_THEMES, ...STORE_THEMES];
export const DEFAULT_NOTEBOOK_THEME: NotebookTheme = 'purple';

export const THEME_PALETTES: Record<NotebookTheme, ThemeColors> = {
  purple: { cover: '#7c3aed', coverText: '#ffffff', accent: '#6d28d9', accentSoft: '#ede4ff', spine: '#4c1d95' },
  pink: { cover: '#db2777', coverText: '#ffffff', accent: '#be185d', accentSoft: '#fde2f0', spine: '#831843' },
  blue: { cover: '#2563eb', coverText: '#ffffff', accent: '#1d4ed8', accentSoft: '#dfe9ff', spine: '#1e3a8a' },
  // #0d9488 under white text was 3.7:1
  teal: { cover: '#0f766e', coverText: '#ffffff', accent: '#115e59', accentSoft: '#d7f5f1', spine: '#134e4a' },
  yellow: { cover: '#facc15', coverText: '#3b2f00', accent: '#a16207', accentSoft: '#fff6cc', spine: '#854d0e' },
  orange: { cover: '#f97316', coverText: '#2b1300', accent: '#c2410c', accentSoft: '#ffe6d5', spine: '#7c2d12' },
  galaxy: { cover: '#312e81', coverText: '#e0e7ff', accent: '#4c1d95', accentSoft: '#e0e7ff', spine: '#1e1b4b' },
  pastel: { cover: '#f9a8d4', coverText: '#334155', accent: '#0369a1', accentSoft: '#e0f2fe', spine: '#a5b4fc' },
  retro: { cover: '#06b6d4', coverText: '#1e293b', accent: '#0e7490', accentSoft: '#fef9c3', spine: '#ca8a04' },
};

export const MIN_COVER_CONTRAST = 4.5;
const HEX = /^#[0-9a-f]{6}$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

/** Whether a value is a theme's colours (the five keys, each '#rrggbb'); the contrast apart. */
export function isThemeColors(value: unknown): value is ThemeColors {
  if (!value || typeof value !== 'object') return false;
  const keys = Object.keys(value);
  return keys.length === THEME_COLOR_KEYS.length && THEME_COLOR_KEYS.every((k) => isHexColor((value as Record<string, unknown>)[k]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
