import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '720px', margin: '0 auto', padding: '1.25rem 1rem 3rem' });

export const title = style({ margin: '0 0 1rem', fontFamily: vars.font.heading, fontSize: 'clamp(1.5rem, 6vw, 2rem)' });

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: '1.25rem 1rem',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.75rem',
  '@media': { 'screen and (min-width: 480px)': { padding: '1.5rem' } },
});

export const sectionTitle = style({ margin: 0, fontSize: '1.2rem' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '0.35rem 1rem',
  margin: 0,
});
globalStyle(`${facts} dt`, { fontWeight: 600, color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const imageRow = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '1rem', alignItems: 'start' });

export const avatarPreview = style({
  width: '72px',
  height: '72px',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.primarySoft,
  color: vars.color.primary,
  display: 'grid',
  placeItems: 'center',
  fontSize: '2rem',
  fontWeight: 700,
});

export const coverPreview = style({
  display: 'block',
  width: '100%',
  aspectRatio: '3 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
});
