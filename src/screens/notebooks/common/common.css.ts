import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const pendingBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: '0.1rem 0.5rem',
  borderRadius: vars.radius.pill,
  border: `1px dashed ${vars.color.warning}`,
  color: vars.color.warning,
  background: vars.color.surface,
  fontSize: '0.8rem',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
