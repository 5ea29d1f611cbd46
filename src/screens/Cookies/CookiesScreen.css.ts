import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { prose } from '../static/prose.css.ts';

export const cardList = style({
  listStyle: 'none',
  margin: '0 0 1.5rem',
  padding: 0,
  display: 'grid',
  gap: '1rem',
  '@media': { '(min-width: 40rem)': { gridTemplateColumns: '1fr 1fr' } },
});

/** Stored items: one column, so each item's facts can sit side by side. */
export const itemList = style({
  listStyle: 'none',
  margin: '0 0 1.5rem',
  padding: 0,
  display: 'grid',
  gap: '1rem',
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: '1rem 1.1rem',
});
globalStyle(`${prose} ${card} h3`, { marginTop: 0 });
globalStyle(`${prose} ${card} p`, { marginBottom: '0.75rem' });
globalStyle(`${prose} ${card} > :last-child`, { marginBottom: 0 });

export const cardHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: '0.25rem 0.75rem',
  marginBottom: '0.5rem',
});
globalStyle(`${prose} ${cardHead} h3`, { margin: 0 });

const badgeBase = style({
  display: 'inline-block',
  padding: '0.15rem 0.6rem',
  borderRadius: vars.radius.pill,
  fontSize: '0.85rem',
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const badge = styleVariants({
  always: [badgeBase, { background: vars.color.primary, color: vars.color.primaryText }],
  optional: [badgeBase, { background: vars.color.primarySoft, color: vars.color.text, border: `1px solid ${vars.color.border}` }],
});

/** Key/value facts of one stored item. */
export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.35rem',
  '@media': { '(min-width: 30rem)': { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: '1rem' } },
});
globalStyle(`${facts} dt`, { fontWeight: 700, color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: '0 0 0.5rem' });
globalStyle(`${facts} dd:last-child`, { marginBottom: 0 });

export const keyName = style({
  margin: 0,
  fontSize: '1.05rem',
  overflowWrap: 'anywhere',
});

export const status = style({
  listStyle: 'none',
  margin: '0 0 1rem',
  padding: 0,
  display: 'grid',
  gap: '0.35rem',
});

export const statusItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '1rem',
  padding: '0.5rem 0.75rem',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const statusValue = styleVariants({
  on: { fontWeight: 700, color: vars.color.success },
  off: { fontWeight: 700, color: vars.color.textMuted },
});
