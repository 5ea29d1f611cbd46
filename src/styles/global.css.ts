import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  colorScheme: 'light',
  WebkitTextSizeAdjust: '100%',
});
globalStyle('html[data-theme="dark"]', { colorScheme: 'dark' });

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '16px',
  lineHeight: 1.55,
});

globalStyle('a', { color: vars.color.primary });

globalStyle('h1, h2, h3', { fontFamily: vars.font.heading, lineHeight: 1.25 });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('button, input, select, textarea', { font: 'inherit' });

// The app's purple (light or dark, from the theme) for the browser-drawn controls, not its default blue.
globalStyle('input[type="radio"], input[type="checkbox"], input[type="range"]', { accentColor: vars.color.primary });

