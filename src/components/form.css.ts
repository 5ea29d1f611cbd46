import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** Forms, mobile first: one column, full-width fields, 44 px touch targets, visible focus. */

export const authPage = style({
  width: '100%',
  maxWidth: '460px',
  margin: '0 auto',
  padding: '1.25rem 1rem 3rem',
});

export const panel = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderTop: `6px solid ${vars.color.primary}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: '1.25rem 1rem',
  '@media': { 'screen and (min-width: 480px)': { padding: '1.5rem' } },
});

export const title = style({
  margin: '0 0 0.35rem',
  fontFamily: vars.font.heading,
  fontSize: 'clamp(1.5rem, 6vw, 2rem)',
  lineHeight: 1.15,
});

export const lede = style({ margin: '0 0 1.25rem', color: vars.color.textMuted });

export const form = style({ display: 'grid', gap: '1rem' });

export const field = style({ display: 'grid', gap: '0.35rem' });

export const label = style({ fontWeight: 600 });

export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: '0.55rem 0.75rem',
  fontSize: '1rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
  },
});

export const hint = style({ margin: 0, fontSize: '0.9rem', color: vars.color.textMuted });

export const error = style({ margin: 0, fontSize: '0.9rem', fontWeight: 600, color: vars.color.danger });

export const status = styleVariants({
  ok: { margin: 0, fontSize: '0.9rem', fontWeight: 600, color: vars.color.success },
  bad: { margin: 0, fontSize: '0.9rem', fontWeight: 600, color: vars.color.danger },
  neutral: { margin: 0, fontSize: '0.9rem', color: vars.color.textMuted },
});

export const checkRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'start',
  gap: '0.6rem',
  minHeight: '44px',
  cursor: 'pointer',
});

export const checkbox = style({
  width: '24px',
  height: '24px',
  margin: '0.1rem 0 0',
  accentColor: vars.color.primary,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });

export const legend = style({ fontWeight: 600, padding: 0, marginBottom: '0.35rem' });

export const submit = style({ width: '100%', fontSize: '1.05rem' });

export const alert = style({
  margin: 0,
  padding: '0.75rem 1rem',
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.danger}`,
  color: vars.color.text,
  background: vars.color.surfaceRaised,
});

export const notice = style({
  margin: 0,
  padding: '0.75rem 1rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.primarySoft,
  color: vars.color.text,
});

export const links = style({
  display: 'grid',
  gap: '0.25rem',
  marginTop: '1.25rem',
  textAlign: 'center',
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  color: vars.color.primary,
  fontWeight: 600,
});

/** The password's rules: each line's ○/✓ icon is its marker, so no list bullet beside it. */
export const rules = style({ margin: 0, padding: 0, listStyle: 'none', fontSize: '0.9rem', display: 'grid', gap: '0.1rem' });

export const ruleMet = style({ color: vars.color.success });
export const ruleUnmet = style({ color: vars.color.textMuted });

export const passwordRow = style({ display: 'flex', gap: '0.5rem', alignItems: 'stretch' });

export const reveal = style({
  flex: '0 0 auto',
  minHeight: '44px',
  minWidth: '44px',
  padding: '0 0.75rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
});
