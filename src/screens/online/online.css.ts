import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const offlineNote = style({
  margin: 0,
  padding: '0.5rem 0.75rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  color: vars.color.text,
  fontSize: '0.9rem',
});
