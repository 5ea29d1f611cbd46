import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** The look of a row of tabs and its panel (tabs.ts has their keyboard): settings, manage profile. */
export const tablist = style({
  display: 'flex',
  gap: '0.25rem',
  borderBottom: `2px solid ${vars.color.border}`,
  marginBottom: '1rem',
});

export const tab = style({
  flex: '1 1 0',
  minHeight: '48px',
  padding: '0 1rem',
  border: 0,
  borderBottom: '3px solid transparent',
  marginBottom: '-2px',
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontWeight: 700,
  cursor: 'pointer',
  '@media': { 'screen and (min-width: 480px)': { flex: '0 0 auto' } },
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});

// Grid tracks are minmax(0, 1fr) so one wide child (a long username, a file input) cannot widen
// every card of the tab past a 360 px screen.
export const panel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '1rem',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '4px' } },
});
