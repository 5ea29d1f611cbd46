import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';
export { filter, filters, meta, opener } from '../admin.css.ts';

export const section = style({ display: 'grid', gap: '1rem', minWidth: 0 });
export const title = style({ margin: 0, fontSize: '1.3rem' });
export const filterGroup = style({ display: 'grid', gap: '0.35rem', minWidth: 0 });
export const filterLabel = style({ margin: 0, fontSize: '0.85rem', fontWeight: 600, color: vars.color.textMuted });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const item = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface, minWidth: 0 });
export const preview = style({ fontWeight: 700, overflowWrap: 'anywhere' });
export const urgent = style({ fontWeight: 700, color: vars.color.danger });
export const detail = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '0 0.75rem 0.75rem',
  minWidth: 0,
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});
export const column = style({ display: 'grid', gap: '0.75rem', minWidth: 0 });
export const quote = style({
  margin: 0,
  padding: '0.6rem 0.75rem',
  borderLeft: `4px solid ${vars.color.border}`,
  background: vars.color.background,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const subheading = style({ margin: 0, fontSize: '1rem' });
export const facts = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 0.75rem', fontSize: '0.9rem', minWidth: 0 });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere', minWidth: 0 });
export const small = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.4rem', fontSize: '0.9rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const reason = style({
  width: '100%',
  minHeight: '4.5rem',
  boxSizing: 'border-box',
  padding: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});
export const confirm = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '0.75rem',
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
});
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const error = style({ margin: 0, fontWeight: 600, color: vars.color.danger });
