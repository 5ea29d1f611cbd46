import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const title = style({ fontSize: 'clamp(1.6rem, 5vw, 2.2rem)', marginBottom: '0.5rem' });
export const description = style({ fontSize: '1.1rem', color: vars.color.text, maxWidth: '60ch' });
export const note = style({
  color: vars.color.textMuted,
  borderLeft: `4px solid ${vars.color.primary}`,
  paddingLeft: '0.75rem',
});
