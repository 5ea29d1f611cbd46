/** The notebook editor's page (create and edit): sections beside a live preview. */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';
import { underTopBar } from '../../../components/frame/frame.css.ts';

export const title = style({ margin: '0 0 1rem', fontSize: '1.8rem', overflowWrap: 'anywhere' });

/** Form beside its preview on wide screens, preview first on phones so the effect is seen. */
export const split = style({
  display: 'grid',
  gap: '1.5rem',
  '@media': { 'screen and (min-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 20rem)', alignItems: 'start' } },
});
export const previewColumn = style({
  display: 'grid',
  gap: '0.75rem',
  minWidth: 0,
  '@media': { 'screen and (min-width: 760px)': { position: 'sticky', top: `calc(${underTopBar} + 1rem)`, order: 2 } },
});
/*
 * Phones: while the person types in the form, the preview becomes a small cover that stays under
 * the top bar, so what they type shows on the cover as they type it.
 */
const typing = `${split}:has(form :focus)`;
const phone = 'screen and (max-width: 759.98px)';
globalStyle(`${typing} > ${previewColumn}`, {
  '@media': {
    [phone]: {
      position: 'sticky',
      top: underTopBar,
      zIndex: 2,
      padding: '0.5rem 0',
      background: `linear-gradient(${vars.color.background} 85%, transparent)`,
    },
  },
});
globalStyle(`${typing} > ${previewColumn} > :not(:nth-child(2))`, { '@media': { [phone]: { display: 'none' } } });
globalStyle(`${typing} > ${previewColumn} > :nth-child(2)`, { '@media': { [phone]: { width: '8rem' } } });
// A field brought into view (focus, the keyboard opening) stops below the small cover, not under it.
globalStyle(`${typing} form :is(input, textarea, select)`, { '@media': { [phone]: { scrollMarginTop: `calc(${underTopBar} + 12.5rem)` } } });
export const previewTitle = style({ margin: 0, fontSize: '1rem', fontFamily: vars.font.body });

export const sections = style({ display: 'grid', gap: '1.25rem', minWidth: 0 });
export const section = style({
  display: 'grid',
  gap: '0.85rem',
  minWidth: 0,
  padding: '1rem',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});
export const sectionTitle = style({ margin: 0, fontSize: '1.2rem', fontFamily: vars.font.body });

export const textarea = style({
  width: '100%',
  minHeight: '5rem',
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  resize: 'vertical',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const small = style({ padding: '0.3rem 0.6rem', fontSize: '0.88rem' });
