import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

/** The friends screen and its pieces on a profile (issue 31): mobile first, readable at 360 px. */
export const page = style({ display: 'grid', gap: '1rem', padding: '1rem', maxWidth: '40rem', margin: '0 auto', minWidth: 0 });
export const heading = style({ margin: 0, fontSize: '1.4rem' });
// the tabs wrap rather than scroll or clip: at 360 px in English 'Suggestions' does not fit beside the others
export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem', borderBottom: `1px solid ${vars.color.border}` });
export const tab = style({
  flex: '1 1 auto',
  minHeight: '44px',
  padding: '0.5rem 0.6rem',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.textMuted,
  background: 'none',
  border: 0,
  borderBottom: '3px solid transparent',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '-2px' },
  },
});
export const count = style({
  display: 'inline-block',
  marginInlineStart: '0.35rem',
  padding: '0 0.45rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: '0.8rem',
});
export const panel = style({ display: 'grid', gap: '1rem', minWidth: 0 });
export const section = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const sectionTitle = style({ margin: 0, fontSize: '1.1rem', display: 'flex', alignItems: 'center', gap: '0.4rem' });
export const icon = style({ width: '1.1em', height: '1.1em', flex: 'none' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const person = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '0.5rem 0.75rem',
  alignItems: 'center',
  padding: '0.6rem',
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  minWidth: 0,
});
export const avatar = style({
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: '50%',
  objectFit: 'cover',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontWeight: 700,
});
export const who = style({ display: 'grid', minWidth: 0 });
export const name = style({ fontWeight: 600, color: vars.color.text, overflowWrap: 'anywhere' });
export const detail = style({ margin: 0, fontSize: '0.875rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const actions = style({ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const error = style({ margin: 0, fontWeight: 600, color: vars.color.danger });
export const done = style({ margin: 0, fontWeight: 600, color: vars.color.text });
export const inline = style({ display: 'grid', gap: '0.4rem' });
