import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

// The page's frame, shared with the create screen.
export * from '../notebooks/common/editor.css.ts';

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
