import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const dialog = style({ width: 'min(100% - 1rem, 560px)' });

export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '0.5rem' });

export const section = style({ display: 'grid', gap: '0.6rem', padding: '0.75rem 0', borderTop: `1px solid ${vars.color.border}` });

export const sectionTitle = style({ margin: 0, fontSize: '1.05rem' });

export const offline = style({
  margin: '0 0 0.5rem',
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
});

export const inline = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '0.5rem' });

export const rows = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.6rem' });

export const row = style({
  display: 'grid',
  gap: '0.4rem',
  padding: '0.6rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const rowMain = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem', justifyContent: 'space-between' });

export const code = style({ fontSize: '1.15rem', fontWeight: 700, letterSpacing: '0.08em' });

export const url = style({ width: '100%', minWidth: 0 });

export const person = style({ overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.4rem' });

const badgeBase = style({ fontSize: '0.8rem', fontWeight: 700, padding: '0.1rem 0.5rem', borderRadius: '999px', border: '1px solid currentColor' });

export const badge = styleVariants({
  active: [badgeBase, { color: vars.color.success }],
  waiting: [badgeBase, { color: vars.color.textMuted, borderStyle: 'dashed' }],
  revoked: [badgeBase, { color: vars.color.textMuted }],
  expired: [badgeBase, { color: vars.color.danger }],
});
