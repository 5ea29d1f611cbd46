import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '760px', margin: '0 auto', padding: '0 0 3rem' });

export const cover = style({
  display: 'block',
  width: '100%',
  aspectRatio: '3 / 1',
  objectFit: 'cover',
  background: vars.color.primarySoft,
  '@media': { 'screen and (min-width: 760px)': { borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}` } },
});

export const head = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'end',
  gap: '0.75rem',
  padding: '0 1rem',
  marginTop: '-2.5rem',
});

export const headWithoutCover = style({ marginTop: '1.25rem' });

export const avatar = style({
  width: '96px',
  height: '96px',
  borderRadius: '50%',
  objectFit: 'cover',
  border: `4px solid ${vars.color.background}`,
  background: vars.color.primarySoft,
  display: 'grid',
  placeItems: 'center',
  fontSize: '2.5rem',
  fontWeight: 700,
  color: vars.color.primary,
});

export const names = style({ minWidth: 0, paddingBottom: '0.25rem' });
export const displayName = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 'clamp(1.4rem, 6vw, 1.9rem)', overflowWrap: 'anywhere' });
export const username = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const body = style({ display: 'grid', gap: '1rem', padding: '1rem' });

export const statusPhrase = style({ margin: 0, fontFamily: vars.font.hand, fontSize: '1.25rem' });
export const bio = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: '1rem',
  display: 'grid',
  gap: '0.5rem',
});
export const sectionTitle = style({ margin: 0, fontSize: '1.1rem' });

export const muted = style({ margin: 0, color: vars.color.textMuted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const message = style({ padding: '1.25rem 1rem', display: 'grid', gap: '0.75rem' });
