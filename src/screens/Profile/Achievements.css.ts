import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The profile's achievements (issue 31): one card per award, two columns from 520 px. */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '0.5rem',
  '@media': { 'screen and (min-width: 520px)': { gridTemplateColumns: '1fr 1fr' } },
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'start',
  gap: '0.25rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: '0.6rem 0.75rem',
  minWidth: 0,
});

export const name = style({ margin: 0, fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' });
export const points = style({ margin: 0, fontWeight: 600, color: vars.color.text, whiteSpace: 'nowrap' });
export const details = style({ gridColumn: '1 / -1', margin: 0, color: vars.color.textMuted, fontSize: '0.9rem' });

export const rarity = style({
  display: 'inline-block',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.primarySoft,
  color: vars.color.text,
  padding: '0 0.5rem',
  marginInlineEnd: '0.5rem',
  fontSize: '0.8rem',
  fontWeight: 600,
});
