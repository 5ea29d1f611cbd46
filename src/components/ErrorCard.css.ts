import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const wrap = style({ maxWidth: '560px', margin: '2rem auto', padding: '0 1rem' });
export const title = style({ marginTop: 0, fontSize: '1.5rem' });
export const message = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '0.9rem',
  background: vars.color.background,
  color: vars.color.text,
  padding: '0.75rem',
  borderRadius: vars.radius.sm,
  overflowWrap: 'anywhere',
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' });
