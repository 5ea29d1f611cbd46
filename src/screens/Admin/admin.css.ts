import { style } from '@vanilla-extract/css';
import { WIDE } from '../../components/frame/frame.css.ts';
import { vars } from '../../styles/theme.css.ts';

/**
 * /admin (issue 33): mobile first — at 360 px the sections are one row of tabs above the section,
 * scrolled sideways when they do not fit (wrapped, five tabs made ragged rows); from the frame's wide breakpoint on (a laptop) they are a side navigation beside it, and
 * the section takes the rest of the width.
 */
export const page = style({
  display: 'grid',
  gap: '1rem',
  padding: '1rem',
  maxWidth: '72rem',
  margin: '0 auto',
  minWidth: 0,
  '@media': { [WIDE]: { gridTemplateColumns: '13rem minmax(0, 1fr)', alignItems: 'start', columnGap: '1.5rem' } },
});
export const heading = style({ margin: 0, fontSize: '1.4rem', '@media': { [WIDE]: { gridColumn: '1 / -1' } } });
export const nav = style({
  display: 'flex',
  flexWrap: 'nowrap',
  overflowX: 'auto',
  gap: '0.25rem',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [WIDE]: { flexDirection: 'column', flexWrap: 'nowrap', borderBottom: 0, borderInlineEnd: `1px solid ${vars.color.border}`, paddingInlineEnd: '0.5rem', position: 'sticky', top: '1rem' },
  },
});
export const navItem = style({
  flex: '0 0 auto',
  whiteSpace: 'nowrap',
  minHeight: '44px',
  padding: '0.5rem 0.6rem',
  font: 'inherit',
  fontWeight: 600,
  textAlign: 'center',
  color: vars.color.textMuted,
  background: 'none',
  border: 0,
  borderBottom: '3px solid transparent',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '-2px' },
  },
  '@media': {
    [WIDE]: {
      flex: 'none',
      textAlign: 'start',
      borderBottom: 0,
      borderInlineStart: '3px solid transparent',
      borderRadius: vars.radius.sm,
      selectors: {
        '&[aria-selected="true"]': { borderInlineStartColor: vars.color.primary, background: vars.color.primarySoft, color: vars.color.text },
      },
    },
  },
});
export const panel = style({ display: 'grid', gap: '1rem', minWidth: 0, alignContent: 'start' });
export const sectionTitle = style({ margin: 0, fontSize: '1.2rem' });

// the sections' shared pieces
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const error = style({ margin: 0, fontWeight: 600, color: vars.color.danger });
export const inline = style({ display: 'grid', gap: '0.4rem', justifyItems: 'start' });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'end' });
export const grow = style({ flex: '1 1 12rem', minWidth: 0, display: 'grid', gap: '0.35rem' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const item = style({
  display: 'grid',
  gap: '0.4rem',
  padding: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const detail = style({ margin: 0, fontSize: '0.875rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: '0.35rem' });
export const badge = style({
  display: 'inline-block',
  padding: '0.1rem 0.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: '0.8rem',
  fontWeight: 600,
});
export const badgeDanger = style([badge, { background: vars.color.danger, color: vars.color.dangerText }]);
export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(7.5rem, 1fr))',
  gap: '0.25rem 0.75rem',
  margin: 0,
  fontSize: '0.875rem',
});
export const count = style({ display: 'flex', justifyContent: 'space-between', gap: '0.5rem', color: vars.color.textMuted });
export const countValue = style({ margin: 0, fontWeight: 700, color: vars.color.text });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const words = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '0.4rem' });
export const word = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.25rem',
  paddingInlineStart: '0.7rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  overflowWrap: 'anywhere',
});
export const removeWord = style({
  minWidth: '44px',
  minHeight: '44px',
  border: 0,
  background: 'none',
  color: vars.color.textMuted,
  cursor: 'pointer',
  fontSize: '1.1rem',
  borderRadius: vars.radius.pill,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '-2px' } },
});
export const time = style({ fontSize: '0.8rem', color: vars.color.textMuted });
export const reason = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The lists of the reports and contact sections: pill filters, an entry that opens in place, its line of facts. */
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const filter = style({
  minHeight: '44px',
  padding: '0.4rem 0.85rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const opener = style({
  display: 'grid',
  gap: '0.2rem',
  width: '100%',
  minHeight: '44px',
  padding: '0.75rem',
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  borderRadius: vars.radius.md,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' } },
});
export const meta = style({ fontSize: '0.85rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });
