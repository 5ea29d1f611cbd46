import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

/** The few rules of uPlot's stylesheet a chart without legend, cursor or selection needs. */
export const chart = style({ width: '100%', minWidth: 0, color: vars.color.text });
globalStyle(`${chart} .uplot, ${chart} .uplot *`, { boxSizing: 'border-box' });
globalStyle(`${chart} .uplot`, { fontFamily: 'inherit', lineHeight: 1.5, width: 'min-content' });
globalStyle(`${chart} .u-wrap`, { position: 'relative', userSelect: 'none' });
globalStyle(`${chart} .u-over, ${chart} .u-under`, { position: 'absolute' });
globalStyle(`${chart} .u-under`, { overflow: 'hidden' });
globalStyle(`${chart} .uplot canvas`, { display: 'block', position: 'relative', width: '100%', height: '100%' });
globalStyle(`${chart} .u-axis`, { position: 'absolute' });
globalStyle(`${chart} .u-axis.u-off, ${chart} .u-select.u-off, ${chart} .u-cursor-x.u-off, ${chart} .u-cursor-y.u-off, ${chart} .u-cursor-pt.u-off`, { display: 'none' });

export const figure = style({
  margin: 0,
  display: 'grid',
  gap: '0.5rem',
  padding: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const caption = style({ fontWeight: 600 });
export const legend = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem', margin: 0, padding: 0, listStyle: 'none', fontSize: '0.875rem' });
/** A short line in the series' colour and dash (solid, dashed, dotted): told apart without colour too. */
export const swatch = style({ display: 'inline-block', width: '1.6em', height: 0, borderTopWidth: '3px', marginInlineEnd: '0.4em', verticalAlign: 'middle' });
