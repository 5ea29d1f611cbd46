import type { CSSProperties } from 'react';
import { notebookVars } from '../../../styles/notebook-vars.css.ts';
import { THEME_COLOR_KEYS, type ThemeColors } from '../../../styles/theme-colors.ts';

/**
 * A theme an admin added (issue 35) drawn from its colours: the notebook theme contract's custom
 * properties set inline on the notebook's root (what @vanilla-extract/dynamic's assignInlineVars
 * does; not a dependency here) — the app's own themes set them by their class.
 */
export function themeStyle(colors: ThemeColors): CSSProperties {
  const style: Record<string, string> = {};
  for (const key of THEME_COLOR_KEYS) style[notebookVars[key].replace(/^var\((--[^,)]+).*$/, '$1')] = colors[key];
  return style as CSSProperties;
}
