import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '720px', margin: '0 auto', padding: '1.25rem 1rem 3rem' });
export const title = style({ margin: '0 0 1rem', fontFamily: vars.font.heading, fontSize: 'clamp(1.5rem, 6vw, 2rem)' });
export const tablist = style({ display: 'flex', gap: '0.25rem', borderBottom: `2px solid ${vars.color.border}`, marginBottom: '1rem' });
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
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});
export const panel = style({ display: 'grid', gap: '1rem', selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '4px' } } });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
