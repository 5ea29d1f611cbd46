import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

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
  '@media': { 'screen and (min-width: 760px)': { position: 'sticky', top: '1rem', order: 2 } },
});
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
export const small = style({ padding: '0.3rem 0.6rem', fontSize: '0.88rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const note = style({
  margin: 0,
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.text,
});
export const tips = style({ margin: 0, paddingLeft: '1.2rem', display: 'grid', gap: '0.3rem' });

export const questionList = style({ display: 'grid', gap: '0.6rem', margin: 0, padding: 0, listStyle: 'none', counterReset: 'q' });
export const questionItem = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  minWidth: 0,
});
export const questionBlocked = style({ borderStyle: 'dashed', opacity: 0.85 });
export const questionHead = style({ display: 'flex', flexWrap: 'wrap', gap: '0.4rem', alignItems: 'baseline' });
export const questionNumber = style({ fontWeight: 700, color: vars.color.textMuted });
export const questionText = style({ margin: 0, flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere', fontFamily: vars.font.hand, fontSize: '1.05rem' });
export const blockedBadge = style({
  padding: '0.05rem 0.45rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: '0.8rem',
  fontWeight: 600,
});
export const addRow = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-end' });
export const grow = style({ flex: '1 1 14rem', minWidth: 0 });
export const switchRow = style({ display: 'flex', gap: '0.6rem', alignItems: 'flex-start', minHeight: '44px' });
export const checkbox = style({ width: '1.3rem', height: '1.3rem', flex: '0 0 auto', marginTop: '0.15rem', accentColor: vars.color.primary });
export const history = style({ margin: 0, paddingLeft: '1.2rem', display: 'grid', gap: '0.25rem', fontSize: '0.92rem' });
