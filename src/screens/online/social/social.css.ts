import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

/** The guestbook's and the poll's pieces (issue 32): mobile first, readable at 360 px. */
export const section = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const title = style({ margin: 0, fontSize: '1.1rem', display: 'flex', alignItems: 'center', gap: '0.4rem' });
export const icon = style({ width: '1.1em', height: '1.1em', flex: 'none' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.6rem' });
export const message = style({
  display: 'grid',
  gap: '0.3rem',
  padding: '0.75rem',
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  minWidth: 0,
});
export const messageHead = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.6rem', alignItems: 'baseline', fontSize: '0.9rem', color: vars.color.textMuted });
export const author = style({ fontWeight: 600, color: vars.color.text, overflowWrap: 'anywhere' });
export const body = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const badge = style({
  display: 'inline-block',
  padding: '0 0.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: '0.8rem',
  fontWeight: 600,
});
export const textarea = style({
  width: '100%',
  minHeight: '6rem',
  boxSizing: 'border-box',
  padding: '0.6rem',
  font: 'inherit',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  resize: 'vertical',
});
export const counter = style({ margin: 0, fontSize: '0.85rem', color: vars.color.textMuted, textAlign: 'right' });
export const counterLow = style({ color: vars.color.danger, fontWeight: 600 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' });
export const error = style({ margin: 0, fontWeight: 600, color: vars.color.danger });

// the results as bars: one row per option, label and figures above, the bar below (fits 360 px)
export const bars = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.6rem' });
export const barRow = style({ display: 'grid', gap: '0.2rem', minWidth: 0 });
export const barLabel = style({ display: 'flex', justifyContent: 'space-between', gap: '0.5rem', fontSize: '0.95rem' });
export const barName = style({ overflowWrap: 'anywhere', minWidth: 0 });
export const barFigure = style({ flex: 'none', fontVariantNumeric: 'tabular-nums', color: vars.color.textMuted });
export const barTrack = style({ height: '0.75rem', borderRadius: vars.radius.pill, background: vars.color.primarySoft, overflow: 'hidden' });
export const barFill = style({ height: '100%', borderRadius: vars.radius.pill, background: vars.color.primary, transition: 'width 200ms ease-out' });
export const mine = style({ fontWeight: 700 });

export const options = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: '0.4rem' });
export const optionRow = style({ display: 'flex', gap: '0.5rem', alignItems: 'center', minWidth: 0 });
export const input = style({
  flex: 1,
  minWidth: 0,
  padding: '0.5rem 0.6rem',
  font: 'inherit',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});
export const warning = style({ margin: 0, padding: '0.6rem 0.75rem', borderRadius: vars.radius.sm, background: vars.color.primarySoft, color: vars.color.text });
