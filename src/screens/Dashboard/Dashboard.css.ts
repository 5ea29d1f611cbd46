import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** Where grid and list differ, and there is room for the toolbar's words. */
const WIDE = 'screen and (min-width: 640px)';
const PHONE = 'screen and (max-width: 639.98px)';

export const header = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center', justifyContent: 'space-between', marginBottom: '1rem' });
export const title = style({ margin: 0, fontSize: '1.8rem' });

/**
 * The four tabs fit, whole with their counts (issue 20: nothing cut off at 360 px): two columns on
 * a phone, one row when there is room; a long name wraps inside its tab.
 */
export const tabs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: '0 0.25rem',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: '0.6rem',
  '@media': { [WIDE]: { marginBottom: '1rem' } },
});

export const tab = style({
  minWidth: 0,
  minHeight: '44px',
  padding: '0.2rem 0.35rem',
  textAlign: 'center',
  font: 'inherit',
  fontSize: '0.9rem',
  lineHeight: 1.2,
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.textMuted,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.primary } },
});

/** Search, the view's switches and "Criar caderno": one row on a phone (issue 29: the first card within ~250 px). */
export const toolbar = style({ display: 'flex', gap: '0.5rem', alignItems: 'center', marginBottom: '0.75rem', '@media': { [WIDE]: { flexWrap: 'wrap', marginBottom: '1rem' } } });
export const search = style({
  flex: '1 1 8rem',
  minWidth: 0,
  minHeight: '44px',
  padding: '0.5rem 0.75rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});
export const toggles = style({ display: 'flex', gap: '0.5rem' });

/** Grid and list differ from 640 px on (a list row beside its cover); below, the grid is one column: not offered. */
export const wideOnly = style({ '@media': { [PHONE]: { display: 'none' } } });
export const wideLabel = style({ '@media': { [PHONE]: { display: 'none' } } });
export const phoneLabel = style({ '@media': { [WIDE]: { display: 'none' } } });

/** A switch or link that is its icon on a phone (named by its aria-label), icon and words when there is room. */
export const toolButton = style({ flex: '0 0 auto', whiteSpace: 'nowrap', '@media': { [PHONE]: { paddingLeft: '0.7rem', paddingRight: '0.8rem' } } });

// The pressed view reads as selected without colour: a thicker outline, bold text and a check mark.
globalStyle(`${toggles} [aria-pressed="true"]`, {
  background: vars.color.primarySoft,
  borderColor: vars.color.primary,
  boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
  fontWeight: 700,
});
globalStyle(`${toggles} [aria-pressed="true"]::before`, {
  content: '""',
  display: 'inline-block',
  width: '0.35em',
  height: '0.7em',
  marginRight: '0.5em',
  marginBottom: '0.15em',
  borderRight: '2px solid currentColor',
  borderBottom: '2px solid currentColor',
  transform: 'rotate(45deg)',
});

// The cards' grid (or list) is laid out by VirtualList: rows of as many 15rem columns as fit.

export const card = style({
  display: 'grid',
  gap: '0.6rem',
  alignContent: 'start',
  minWidth: 0,
  padding: '0.75rem',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.card,
  // No content-visibility: auto here, on purpose: with 1,000 notebooks it made scrolling drop 5–7×
  // more frames (each card coming near is styled, laid out and painted during the scroll, on the
  // main thread). Measured with tests/bench/long-list-scroll.ts (README, benchmarks).
});

export const cardList = style({
  '@media': { [WIDE]: { gridTemplateColumns: '8rem 1fr', alignItems: 'start' } },
});

export const cardBody = style({ display: 'grid', gap: '0.4rem', minWidth: 0 });
export const cardTitle = style({ margin: 0, fontSize: '1.1rem', fontFamily: vars.font.body, overflowWrap: 'anywhere' });
export const cardTitleLink = style({ color: 'inherit', textDecoration: 'none', ':hover': { textDecoration: 'underline' } });
export const description = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.92rem', overflowWrap: 'anywhere' });

export const marks = style({ display: 'flex', flexWrap: 'wrap', gap: '0.35rem', margin: 0, padding: 0, listStyle: 'none' });
export const mark = style({
  padding: '0.1rem 0.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: '0.8rem',
  fontWeight: 600,
});

export const stats = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.9rem', margin: 0, padding: 0, listStyle: 'none', fontSize: '0.9rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.4rem' });
export const action = style({ padding: '0.4rem 0.7rem', fontSize: '0.9rem' });


export const empty = style({ display: 'grid', gap: '0.75rem', justifyItems: 'start', padding: '1.5rem 0' });
export const muted = style({ margin: 0, color: vars.color.textMuted });
