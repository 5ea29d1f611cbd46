import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The guardian's purchase page (GuardianPurchaseScreen): mobile first, one column at 360 px. */

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '0.4rem 0.75rem',
  margin: '0 0 1rem',
  overflowWrap: 'anywhere',
});
globalStyle(`${details} dt`, { fontWeight: 600 });
globalStyle(`${details} dd`, { margin: 0, minWidth: 0 });

export const total = style({ fontSize: '1.4rem', fontWeight: 700 });

export const once = style({ margin: '0 0 1rem', fontWeight: 600 });

/** Confirm and decline: the same size, the same look, one above the other on a phone. */
export const choices = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: '0.75rem',
  marginTop: '1.25rem',
  '@media': { 'screen and (min-width: 480px)': { gridTemplateColumns: '1fr 1fr' } },
});

export const choice = style({ width: '100%', minHeight: '44px', fontSize: '1.05rem' });

export const result = style({
  display: 'grid',
  gap: '0.5rem',
  marginTop: '1rem',
  padding: '0.75rem 1rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
globalStyle(`${result} p`, { margin: 0 });
