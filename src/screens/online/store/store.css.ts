import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '960px', margin: '0 auto', padding: '1.25rem 1rem 3rem', display: 'grid', gap: '1rem' });
export const heading = style({ margin: 0, fontSize: '1.5rem' });
export const banner = style({ display: 'grid', gap: '0.25rem' });
export const season = style({ display: 'grid', gap: '0.75rem' });
export const seasonTitle = style({ margin: 0, fontSize: '1.15rem' });
/** One column at 360 px, more as the screen grows. */
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
});
export const item = style({
  display: 'grid',
  gap: '0.5rem',
  alignContent: 'start',
  padding: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
/** A small notebook cover the item is shown on. */
export const cover = style({
  position: 'relative',
  aspectRatio: '3 / 2',
  borderRadius: `4px ${vars.radius.md} ${vars.radius.md} 4px`,
  borderLeft: `10px solid ${vars.color.primary}`,
  background: vars.color.background,
  display: 'grid',
  placeItems: 'center',
  overflow: 'hidden',
  color: vars.color.primary,
});
export const coverImage = style({ width: '100%', height: '100%', objectFit: 'cover' });
/** The item drawn on a real notebook (StorePreview): the cover or sheet at the card's width. */
export const preview = style({ minWidth: 0, maxHeight: '10rem', overflow: 'hidden', borderRadius: vars.radius.md });
export const previewLine = style({ margin: 0, overflowWrap: 'anywhere' });
export const name = style({ margin: 0, fontWeight: 700, overflowWrap: 'anywhere' });
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.9rem' });
export const price = style({ margin: 0, fontWeight: 700, fontSize: '1.1rem' });
export const owned = style({ display: 'inline-flex', alignItems: 'center', gap: '0.35rem', fontWeight: 700, color: vars.color.success });
export const note = styleVariants({
  info: { margin: 0, padding: '0.75rem', borderRadius: vars.radius.md, background: vars.color.surface, border: `1px solid ${vars.color.border}` },
  error: { margin: 0, padding: '0.75rem', borderRadius: vars.radius.md, color: vars.color.danger, border: `1px solid ${vars.color.danger}`, fontWeight: 600 },
  success: { margin: 0, padding: '0.75rem', borderRadius: vars.radius.md, color: vars.color.success, border: `1px solid ${vars.color.success}`, fontWeight: 600 },
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const receipts = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const receipt = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '0.25rem 0.75rem',
  padding: '0.5rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
