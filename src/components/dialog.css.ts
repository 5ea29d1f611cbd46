import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const dialog = style({
  width: 'min(100% - 2rem, 440px)',
  maxHeight: 'calc(100dvh - 2rem)',
  overflow: 'auto',
  padding: '1.25rem',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  selectors: { '&::backdrop': { background: vars.color.overlay } },
});

export const title = style({ margin: '0 0 0.5rem', fontSize: '1.2rem' });
export const text = style({ margin: '0 0 0.75rem' });
export const list = style({ margin: '0 0 1rem', paddingLeft: '1.25rem', maxHeight: '40vh', overflow: 'auto' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', justifyContent: 'flex-end' });
