import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '680px', margin: '0 auto', padding: '1.25rem 1rem 3rem', display: 'grid', gap: '0.75rem' });

export const title = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 'clamp(1.5rem, 6vw, 2rem)' });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });

/** One item: the whole row opens what it is about (a 44 px target at least). */
export const entry = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'start',
  gap: '0.75rem',
  minHeight: '44px',
  padding: '0.75rem',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  minWidth: 0,
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const pictures = style({ position: 'relative', width: '44px', height: '44px' });

export const avatar = style({
  width: '44px',
  height: '44px',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.primarySoft,
  color: vars.color.primary,
  display: 'grid',
  placeItems: 'center',
  fontWeight: 700,
  fontSize: '1.2rem',
});

export const kindIcon = style({
  position: 'absolute',
  right: '-4px',
  bottom: '-4px',
  display: 'grid',
  placeItems: 'center',
  width: '22px',
  height: '22px',
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: '0.8rem',
  border: `2px solid ${vars.color.surface}`,
});

export const words = style({ display: 'grid', gap: '0.25rem', minWidth: 0 });

export const sentence = style({ overflowWrap: 'anywhere' });

export const time = style({ color: vars.color.textMuted, fontSize: '0.875rem' });

export const empty = style({
  display: 'grid',
  gap: '0.75rem',
  justifyItems: 'start',
  padding: '1rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const emptyTitle = style({ margin: 0, fontSize: '1.2rem' });
