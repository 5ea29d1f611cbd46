/** The appearance pickers and the sticker editor (create and edit). */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.4rem',
  minHeight: '44px',
  padding: '0.35rem 0.7rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `0 0 0 2px ${vars.color.primary}` },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
  },
});
export const choiceInput = style({ width: '1.1rem', height: '1.1rem', margin: 0, accentColor: vars.color.primary });
export const swatch = style({ width: '1.2rem', height: '1.2rem', borderRadius: '50%', border: '1px solid rgba(0,0,0,0.25)' });

export const stickerPalette = style({ display: 'flex', flexWrap: 'wrap', gap: '0.4rem' });
export const stickerButton = style({ padding: '0.3rem 0.45rem' });
export const stickerArt = style({ display: 'block', width: '1.9rem', height: '1.9rem', flex: '0 0 auto' });
export const stickerList = style({ display: 'grid', gap: '0.5rem', margin: 0, padding: 0, listStyle: 'none' });
export const stickerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.35rem',
  padding: '0.4rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const stickerRowTitle = style({ display: 'flex', alignItems: 'center', gap: '0.5rem', flex: '1 1 100%', minWidth: 0 });
export const stickerButtons = style({ display: 'flex', flexWrap: 'wrap', gap: '0.35rem' });
