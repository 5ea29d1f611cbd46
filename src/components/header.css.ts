import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const bar = style({
  maxWidth: '1100px',
  margin: '0 auto',
  padding: '0.25rem 1rem',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.25rem 1rem',
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  fontFamily: vars.font.hand,
  fontSize: '1.4rem',
  fontWeight: 700,
  color: vars.color.primary,
  textDecoration: 'none',
  marginRight: 'auto',
});

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem',
  order: 3,
  width: '100%',
  '@media': { 'screen and (min-width: 720px)': { width: 'auto', order: 1 } },
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

export const controls = style({ display: 'flex', gap: '0.4rem', alignItems: 'center', order: 2 });

export const control = style({ display: 'inline-flex', alignItems: 'center', gap: '0.35rem' });


export const select = style({
  minHeight: '44px',
  maxWidth: '8.5rem',
  padding: '0 0.35rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});

export const skipLink = style({
  position: 'absolute',
  left: '-9999px',
  top: 0,
  zIndex: 100,
  padding: '0.75rem 1rem',
  background: vars.color.primary,
  color: vars.color.primaryText,
  selectors: { '&:focus': { left: '0.5rem', top: '0.5rem' } },
});

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

export const version = style({ marginLeft: 'auto', fontSize: '0.8rem' });

/** Keeps the account slot's height while the stored session is read (no layout shift). */
export const accountPlaceholder = style({ display: 'inline-block', minHeight: '44px', minWidth: '44px' });

export const account = style({ position: 'relative', marginLeft: 'auto' });

export const accountButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.4rem',
  minHeight: '44px',
  maxWidth: '12rem',
  padding: '0 0.6rem 0 0.3rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&[aria-expanded="true"]': { background: vars.color.primarySoft } },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: 700,
  flex: '0 0 auto',
});

export const accountName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const accountPanel = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 0.25rem)',
  zIndex: 30,
  minWidth: '12rem',
  margin: 0,
  padding: '0.35rem',
  listStyle: 'none',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});

export const accountItem = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: '44px',
  padding: '0 0.75rem',
  borderRadius: vars.radius.sm,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.primarySoft } },
});
