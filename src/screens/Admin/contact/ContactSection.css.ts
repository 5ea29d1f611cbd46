import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({ display: 'grid', gap: '1rem', minWidth: 0 });
export const title = style({ margin: 0, fontSize: '1.3rem' });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const filter = style({
  minHeight: '44px',
  padding: '0.4rem 0.85rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const opener = style({
  display: 'grid',
  gap: '0.2rem',
  width: '100%',
  minHeight: '44px',
  padding: '0.75rem',
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  borderRadius: vars.radius.md,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' } },
});
export const subject = style({ fontWeight: 700, overflowWrap: 'anywhere' });
export const meta = style({ fontSize: '0.85rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const state = styleVariants({
  new: { fontWeight: 700, color: vars.color.primary },
  answered: { color: vars.color.success },
  closed: { color: vars.color.textMuted },
});
export const detail = style({ display: 'grid', gap: '0.75rem', padding: '0 0.75rem 0.75rem', minWidth: 0 });
export const body = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const facts = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 0.75rem', fontSize: '0.9rem', minWidth: 0 });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere', minWidth: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const error = style({ margin: 0, fontWeight: 600, color: vars.color.danger });
