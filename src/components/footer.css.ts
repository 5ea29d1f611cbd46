import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  marginTop: '2rem',
});

export const footerInner = style({
  maxWidth: '1100px',
  margin: '0 auto',
  padding: '1rem',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem 0.75rem',
  alignItems: 'center',
  color: vars.color.textMuted,
  fontSize: '0.9rem',
});

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '0 0.6rem',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 500,
  selectors: { '&[aria-current="page"]': { background: vars.color.primarySoft } },
});

export const version = style({ marginLeft: 'auto', fontSize: '0.8rem' });
