import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const list = style({
  listStyle: 'none',
  margin: '0 0 1.5rem',
  padding: 0,
  display: 'grid',
  gap: '0.75rem',
});

export const item = style({
  scrollMarginTop: '7rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  selectors: {
    '&[open]': { borderColor: vars.color.primary },
  },
});

export const question = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  minHeight: '48px',
  padding: '0.75rem 1rem',
  fontWeight: 700,
  cursor: 'pointer',
  listStyle: 'none',
  borderRadius: vars.radius.md,
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&:hover': { color: vars.color.primary },
  },
});

export const answer = style({
  padding: '0 1rem 1rem',
  borderTop: `1px dashed ${vars.color.border}`,
  paddingTop: '0.75rem',
});
globalStyle(`${answer} > :last-child`, { marginBottom: 0 });

/** An admin's answer (issue 36): its paragraphs keep their line breaks; its image fits the card. */
export const paragraph = style({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

export const image = style({
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  borderRadius: vars.radius.md,
  marginTop: '0.75rem',
});
