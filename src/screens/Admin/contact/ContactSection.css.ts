import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';
export { filter, filters, meta, opener } from '../admin.css.ts';

export const section = style({ display: 'grid', gap: '1rem', minWidth: 0 });
export const title = style({ margin: 0, fontSize: '1.3rem' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const subject = style({ fontWeight: 700, overflowWrap: 'anywhere' });
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
