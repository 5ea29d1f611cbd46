import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/**
 * The look of the static content pages (about, terms, privacy, cookies, FAQ, contact):
 * a readable column, a notebook-ish header and prose styles for what the page renders inside.
 */
const desktop = '(min-width: 48rem)';

export const page = style({
  width: '100%',
  maxWidth: '46rem',
  margin: '0 auto',
  padding: '1.5rem 1rem 3rem',
  '@media': { [desktop]: { padding: '2.5rem 1.5rem 4rem' } },
});

export const header = style({
  marginBottom: '1.5rem',
  paddingBottom: '1.25rem',
  borderBottom: `2px dashed ${vars.color.border}`,
});

export const eyebrow = style({
  margin: 0,
  fontFamily: vars.font.hand,
  fontSize: '1.05rem',
  color: vars.color.primary,
});

export const title = style({
  margin: '0.25rem 0 0.5rem',
  fontSize: 'clamp(1.75rem, 7vw, 2.5rem)',
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const meta = style({
  margin: '0 0 0.75rem',
  fontSize: '0.95rem',
  color: vars.color.textMuted,
});

export const lede = style({
  margin: 0,
  fontSize: '1.125rem',
  color: vars.color.text,
});

/** Prose: everything inside gets comfortable reading styles. */
export const prose = style({
  color: vars.color.text,
  overflowWrap: 'break-word',
});

globalStyle(`${prose} h2`, {
  margin: '2.25rem 0 0.75rem',
  fontSize: '1.4rem',
  color: vars.color.text,
});
globalStyle(`${prose} h3`, {
  margin: '1.5rem 0 0.5rem',
  fontSize: '1.12rem',
  color: vars.color.text,
});
globalStyle(`${prose} p`, { margin: '0 0 1rem', maxWidth: '70ch' });
// Only unstyled elements: lists and links that carry their own class (cards, buttons) are left alone.
globalStyle(`${prose} ul:not([class]), ${prose} ol:not([class])`, {
  margin: '0 0 1rem',
  paddingLeft: '1.4rem',
  maxWidth: '68ch',
});
globalStyle(`${prose} ul:not([class]) > li, ${prose} ol:not([class]) > li`, { marginBottom: '0.5rem' });
globalStyle(`${prose} ul:not([class]) > li::marker, ${prose} ol:not([class]) > li::marker`, {
  color: vars.color.primary,
});
globalStyle(`${prose} a:not([class])`, {
  color: vars.color.primary,
  textDecorationLine: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '3px',
  fontWeight: 600,
});
globalStyle(`${prose} a:not([class]):hover`, { textDecorationThickness: '2px' });
globalStyle(`${prose} strong`, { fontWeight: 700 });
globalStyle(`${prose} code`, {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.92em',
  background: vars.color.primarySoft,
  color: vars.color.text,
  padding: '0.1em 0.35em',
  borderRadius: vars.radius.sm,
});

/** A section of a long page; the offset keeps its heading clear of a sticky header after a jump. */
export const section = style({ scrollMarginTop: '7rem' });

/** A highlighted note. */
export const callout = style({
  margin: '1.5rem 0',
  padding: '1rem 1.1rem',
  background: vars.color.primarySoft,
  color: vars.color.text,
  borderLeft: `4px solid ${vars.color.primary}`,
  borderRadius: vars.radius.md,
});
globalStyle(`${callout} > :last-child`, { marginBottom: 0 });

/** The table of contents of a long page, folded so it never pushes the text off a phone screen. */
export const toc = style({
  margin: '0 0 1.5rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const tocSummary = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem',
  minHeight: '44px',
  padding: '0.5rem 1rem',
  fontWeight: 700,
  cursor: 'pointer',
  listStyle: 'none',
  borderRadius: vars.radius.md,
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const tocList = style({
  listStyle: 'none',
  margin: 0,
  padding: '0 0.5rem 0.5rem',
  display: 'grid',
  '@media': { [desktop]: { gridTemplateColumns: '1fr 1fr', columnGap: '0.5rem' } },
});

export const tocLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '0.35rem 0.5rem',
  borderRadius: vars.radius.sm,
  color: vars.color.primary,
  textDecoration: 'none',
  fontWeight: 600,
  ':hover': { background: vars.color.primarySoft, textDecoration: 'underline' },
});

/** The chevron shared by folding summaries (table of contents, FAQ). */
export const chevron = style({
  flexShrink: 0,
  width: '0.6rem',
  height: '0.6rem',
  borderRight: `2px solid ${vars.color.textMuted}`,
  borderBottom: `2px solid ${vars.color.textMuted}`,
  transform: 'rotate(45deg) translate(-2px, -2px)',
  transition: 'transform 150ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
globalStyle(`details[open] > summary > ${chevron}`, { transform: 'rotate(225deg) translate(-2px, -2px)' });

/** Closing block of a page: where to go next. */
export const footerNote = style({
  marginTop: '2.5rem',
  paddingTop: '1.25rem',
  borderTop: `2px dashed ${vars.color.border}`,
  color: vars.color.textMuted,
});
globalStyle(`${footerNote} p`, { margin: 0 });
