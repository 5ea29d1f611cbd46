import { globalStyle, style } from '@vanilla-extract/css';
import { WIDE } from '../../../components/frame/frame.css.ts';
import { vars } from '../../../styles/theme.css.ts';

/** /admin › Estatísticas: totals in a grid of cards (two a row at 360 px), charts one under the other, then side by side. */
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: '0.5rem',
  margin: 0,
});
export const total = style({
  display: 'grid',
  gap: '0.15rem',
  padding: '0.6rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const totalLabel = style({ fontSize: '0.85rem', color: vars.color.textMuted });
export const totalValue = style({ margin: 0, fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const charts = style({
  display: 'grid',
  gap: '0.75rem',
  minWidth: 0,
  '@media': { [WIDE]: { gridTemplateColumns: 'repeat(auto-fit, minmax(22rem, 1fr))' } },
});
export const details = style({ display: 'grid', gap: '0.5rem' });
export const summary = style({
  minHeight: '44px',
  display: 'flex',
  alignItems: 'center',
  cursor: 'pointer',
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const tableBox = style({
  overflowX: 'auto',
  maxWidth: '100%',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const table = style({ borderCollapse: 'collapse', fontSize: '0.875rem', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
// the series' colours, as swatches (borders) in the legend
export const primary = style({ borderTopColor: vars.color.primary });
export const success = style({ borderTopColor: vars.color.success });
export const warning = style({ borderTopColor: vars.color.warning });
export const danger = style({ borderTopColor: vars.color.danger });
globalStyle(`${table} th, ${table} td`, { padding: '0.4rem 0.6rem', textAlign: 'end', borderBottom: `1px solid ${vars.color.border}` });
globalStyle(`${table} th[scope="row"], ${table} thead th:first-child`, { textAlign: 'start' });
