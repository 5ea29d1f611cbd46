import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const code = style({
  fontFamily: vars.font.hand,
  fontSize: '4rem',
  margin: 0,
  color: vars.color.primary,
  transform: 'rotate(-4deg)',
  display: 'inline-block',
});
