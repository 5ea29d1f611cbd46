import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** Call-to-action links and buttons of the static pages: at least 44 px tall, full width on a phone. */
const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5rem',
  minHeight: '48px',
  minWidth: '44px',
  padding: '0.6rem 1.25rem',
  borderRadius: vars.radius.pill,
  border: '2px solid transparent',
  fontWeight: 700,
  fontSize: '1rem',
  lineHeight: 1.2,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'transform 120ms ease, box-shadow 120ms ease',
  ':hover': { transform: 'translateY(-1px)' },
  ':active': { transform: 'translateY(0)' },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none', ':hover': { transform: 'none' } } },
});

export const primary = style([
  base,
  {
    background: vars.color.primary,
    color: vars.color.primaryText,
    boxShadow: vars.shadow.card,
    ':hover': { boxShadow: vars.shadow.raised },
  },
]);

export const secondary = style([
  base,
  {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.border,
    ':hover': { borderColor: vars.color.primary },
  },
]);

export const ghost = style([
  base,
  {
    background: 'transparent',
    color: vars.color.primary,
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
  },
]);

/** A row of actions: stacked full width on a phone, side by side from 30 rem. */
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.75rem',
  margin: '1.5rem 0 0',
  '@media': {
    '(min-width: 30rem)': { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' },
  },
});
