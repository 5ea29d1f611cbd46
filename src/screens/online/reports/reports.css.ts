import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

/** The report button, its dialog and "Minhas denúncias" (issue 33): mobile first, 360 px. */
export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // a finger's target (44 px) with a small icon
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  // in a grid or a column: its own size, at the start
  justifySelf: 'start',
  alignSelf: 'start',
  padding: '0.5rem',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primarySoft, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
  },
});
export const icon = style({ width: '1.15rem', height: '1.15rem', flex: 'none' });
export const reasons = style({ display: 'grid', gap: '0.15rem', margin: '0 0 1rem' });
export const reason = style({ display: 'flex', alignItems: 'center', gap: '0.6rem', minHeight: '2.5rem', cursor: 'pointer' });
export const radio = style({ width: '1.15rem', height: '1.15rem', margin: 0, flex: 'none', accentColor: vars.color.primary });
export const textarea = style({
  width: '100%',
  minHeight: '5rem',
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  resize: 'vertical',
  boxSizing: 'border-box',
});
export const counter = style({ margin: '0.25rem 0 1rem', fontSize: '0.85rem', color: vars.color.textMuted, textAlign: 'right' });
export const counterLow = style({ color: vars.color.danger, fontWeight: 600 });
export const help = style({
  margin: '0 0 1rem',
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.sm,
  background: vars.color.primarySoft,
  fontSize: '0.95rem',
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.6rem' });
export const item = style({
  display: 'grid',
  gap: '0.25rem',
  padding: '0.75rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  minWidth: 0,
});
export const itemHead = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.6rem', alignItems: 'baseline' });
export const kind = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.9rem' });
export const state = style({
  display: 'inline-block',
  padding: '0 0.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  fontSize: '0.85rem',
  fontWeight: 600,
});
export const line = style({ margin: 0, overflowWrap: 'anywhere' });
export const section = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const title = style({ margin: 0, fontSize: '1.1rem' });
export const link = style({ justifySelf: 'start', color: vars.color.primary, fontWeight: 600 });
