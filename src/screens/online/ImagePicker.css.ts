import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const fileInput = style({
  // A file input is as wide as its button and "No file chosen" by default; on a 360 px phone it
  // must take the width it is given instead of widening the page.
  width: '100%',
  minWidth: 0,
  maxWidth: '100%',
  minHeight: '44px',
  padding: '0.5rem 0',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const dialog = style({ width: 'min(100% - 2rem, 560px)', display: 'grid', gap: '0.75rem' });

const cropBase = { position: 'relative', width: '100%', background: '#000', borderRadius: vars.radius.md, overflow: 'hidden' } as const;
export const cropAreaSquare = style({ ...cropBase, aspectRatio: '1 / 1', maxHeight: '60vh' });
export const cropAreaWide = style({ ...cropBase, aspectRatio: '3 / 2' });
