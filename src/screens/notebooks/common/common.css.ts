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

export const refusal = style({
  display: 'grid',
  gap: '0.4rem',
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.danger}`,
  background: vars.color.surface,
  color: vars.color.text,
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const refusalTitle = style({ margin: 0, fontWeight: 700, color: vars.color.danger });
export const refusalText = style({ margin: 0, color: vars.color.text, fontSize: '0.92rem' });
export const refusalActions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const statePanel = style({ maxWidth: '36rem', margin: '2rem auto', display: 'grid', gap: '0.75rem' });
