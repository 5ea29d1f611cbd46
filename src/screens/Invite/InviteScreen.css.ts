import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const steps = style({
  listStyle: 'none',
  margin: '0 0 1.25rem',
  padding: 0,
  display: 'grid',
  gap: '0.5rem',
});

const stepBase = style({ display: 'flex', alignItems: 'center', gap: '0.6rem', minHeight: '2rem' });

export const step = styleVariants({
  done: [stepBase, { color: vars.color.success }],
  current: [stepBase, { fontWeight: 700, color: vars.color.text }],
  todo: [stepBase, { color: vars.color.textMuted }],
});

export const number = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: '50%',
  border: `2px solid currentColor`,
  fontSize: '0.9rem',
  flexShrink: 0,
});
