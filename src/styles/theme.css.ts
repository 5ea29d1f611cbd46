import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract: every screen styles itself with `vars`, never with raw colours.
 * Light values on :root, dark values when <html data-theme="dark"> (set before first paint by
 * index.html and kept in sync by the theme store), so there is no flash of the wrong theme.
 */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    text: null,
    textMuted: null,
    border: null,
    primary: null,
    primaryText: null,
    primarySoft: null,
    danger: null,
    dangerText: null,
    success: null,
    warning: null,
    focus: null,
    overlay: null,
  },
  font: {
    body: null,
    heading: null,
    hand: null,
  },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { card: null, raised: null },
});

const shared = {
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'Georgia, "Times New Roman", serif',
    hand: '"Comic Sans MS", "Chalkboard SE", "Marker Felt", cursive',
  },
  radius: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
};

createGlobalTheme(':root', vars, {
  ...shared,
  color: {
    background: '#faf7f2',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    text: '#1f1b2d',
    textMuted: '#5b5670',
    border: '#ddd6e8',
    primary: '#6d28d9',
    primaryText: '#ffffff',
    primarySoft: '#ede4ff',
    danger: '#b42318',
    dangerText: '#ffffff',
    success: '#067647',
    warning: '#8a5a00',
    focus: '#2563eb',
    overlay: 'rgba(20, 16, 35, 0.55)',
  },
  shadow: {
    card: '0 1px 2px rgba(31, 27, 45, 0.08), 0 2px 8px rgba(31, 27, 45, 0.06)',
    raised: '0 8px 30px rgba(31, 27, 45, 0.18)',
  },
});

createGlobalTheme(':root[data-theme="dark"]', vars, {
  ...shared,
  color: {
    background: '#15121f',
    surface: '#1e1a2b',
    surfaceRaised: '#282338',
    text: '#f3f0fa',
    textMuted: '#b7b0c9',
    border: '#3a3450',
    primary: '#b794f6',
    primaryText: '#15121f',
    primarySoft: '#2e2547',
    danger: '#f97066',
    dangerText: '#15121f',
    success: '#47cd89',
    warning: '#fdb022',
    focus: '#7cb4ff',
    overlay: 'rgba(0, 0, 0, 0.65)',
  },
  shadow: {
    card: '0 1px 2px rgba(0, 0, 0, 0.4), 0 2px 8px rgba(0, 0, 0, 0.3)',
    raised: '0 8px 30px rgba(0, 0, 0, 0.5)',
  },
});
