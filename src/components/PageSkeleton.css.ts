import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const pulse = keyframes({ '0%, 100%': { opacity: 0.55 }, '50%': { opacity: 1 } });

export const root = style({ maxWidth: '960px', margin: '0 auto', padding: '1.5rem 1rem', display: 'grid', gap: '0.9rem' });

const bar = style({
  background: vars.color.border,
  borderRadius: vars.radius.sm,
  height: '1rem',
  animation: `${pulse} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const title = style([bar, { height: '2rem', width: '60%' }]);
export const line = style([bar, { width: '100%' }]);
export const lineShort = style([bar, { width: '40%' }]);
