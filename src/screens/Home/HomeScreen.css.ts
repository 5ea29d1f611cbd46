import { globalStyle, style } from '@vanilla-extract/css';
import { notebookVars } from '../../styles/notebook.css.ts';
import { vars } from '../../styles/theme.css.ts';

const tablet = '(min-width: 40rem)';
const desktop = '(min-width: 60rem)';
const reducedMotion = '(prefers-reduced-motion: reduce)';

export const home = style({
  width: '100%',
  maxWidth: '72rem',
  margin: '0 auto',
  padding: '1.5rem 1rem 3rem',
  '@media': { [tablet]: { padding: '2.5rem 1.5rem 4rem' } },
});

/* ---------- hero ---------- */

export const hero = style({
  display: 'grid',
  overflowX: 'clip',
  gap: '2rem',
  alignItems: 'center',
  paddingBottom: '2.5rem',
  '@media': { [desktop]: { gridTemplateColumns: '1.15fr 1fr', gap: '3rem', paddingBottom: '4rem' } },
});

export const eyebrow = style({
  margin: '0 0 0.5rem',
  fontFamily: vars.font.hand,
  fontSize: '1.1rem',
  color: vars.color.primary,
});

export const title = style({
  margin: '0 0 1rem',
  fontSize: 'clamp(2rem, 8vw, 3.25rem)',
  lineHeight: 1.1,
  color: vars.color.text,
  letterSpacing: '-0.01em',
});

export const highlight = style({
  color: vars.color.primary,
  backgroundImage: `linear-gradient(transparent 62%, ${vars.color.primarySoft} 62%)`,
  padding: '0 0.1em',
});

export const lede = style({
  margin: 0,
  fontSize: '1.125rem',
  maxWidth: '38rem',
  color: vars.color.text,
});

export const small = style({
  margin: '1rem 0 0',
  fontSize: '0.95rem',
  color: vars.color.textMuted,
});

/* ---------- notebook illustration (decorative) ---------- */

export const art = style({
  position: 'relative',
  width: '100%',
  maxWidth: '24rem',
  margin: '0 auto',
  padding: '0.5rem 1rem 1.5rem 0.5rem',
  '@media': { [desktop]: { maxWidth: '26rem' } },
});

/** A second notebook peeking out from behind. */
export const backNotebook = style({
  position: 'absolute',
  inset: '1.25rem 0.5rem 0.75rem 2.5rem',
  background: notebookVars.cover,
  borderRadius: '10px 18px 18px 10px',
  boxShadow: vars.shadow.card,
  transform: 'rotate(6deg)',
  borderLeft: `14px solid ${notebookVars.spine}`,
});

export const notebook = style({
  position: 'relative',
  display: 'flex',
  borderRadius: '8px 16px 16px 8px',
  boxShadow: vars.shadow.raised,
  transform: 'rotate(-2.5deg)',
  background: notebookVars.cover,
  overflow: 'hidden',
  transition: 'transform 300ms ease',
  selectors: { [`${art}:hover &`]: { transform: 'rotate(-1deg) translateY(-4px)' } },
  '@media': { [reducedMotion]: { transition: 'none', selectors: { [`${art}:hover &`]: { transform: 'rotate(-2.5deg)' } } } },
});

/** The spiral: rings punched along the cover's edge. */
export const spiral = style({
  flex: '0 0 30px',
  background: `radial-gradient(circle at 15px 14px, ${vars.color.background} 0 5px, transparent 6px) 0 0 / 30px 28px repeat-y, ${notebookVars.spine}`,
});

export const page = style({
  flex: 1,
  minWidth: 0,
  padding: '28px 1rem 28px 60px',
  fontFamily: vars.font.hand,
  fontSize: '1rem',
  lineHeight: '28px',
});

export const pageTitle = style({
  margin: 0,
  fontWeight: 700,
  fontSize: '1.1rem',
  color: notebookVars.accent,
});

export const qa = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const question = style({ display: 'block', fontWeight: 700 });

export const answer = style({
  display: 'block',
  color: '#2b4c9b',
  paddingLeft: '0.75rem',
});

/** Drawn by the Icon component, whose size follows the font size. */
export const sticker = style({
  position: 'absolute',
  fontSize: '1.9rem',
  filter: 'drop-shadow(0 2px 2px rgba(0, 0, 0, 0.2))',
});

export const stickerStar = style([sticker, { top: '-0.4rem', right: '0.4rem', transform: 'rotate(14deg)', color: '#f5b301' }]);
export const stickerHeart = style([sticker, { bottom: '0.6rem', left: '-0.2rem', transform: 'rotate(-12deg)', color: '#8b3fd9' }]);
export const stickerPencil = style([sticker, { bottom: '-0.2rem', right: '1.8rem', transform: 'rotate(8deg)', color: '#c2410c' }]);

/* ---------- sections ---------- */

export const section = style({
  padding: '2.5rem 0',
  borderTop: `2px dashed ${vars.color.border}`,
});

export const sectionTitle = style({
  margin: '0 0 0.5rem',
  fontSize: 'clamp(1.5rem, 5vw, 2rem)',
  color: vars.color.text,
});

export const sectionLede = style({
  margin: '0 0 1.75rem',
  maxWidth: '40rem',
  color: vars.color.textMuted,
  fontSize: '1.05rem',
});

export const features = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '1rem',
  '@media': {
    [tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const feature = style({
  position: 'relative',
  padding: '1.25rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

export const featureIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  marginBottom: '0.75rem',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  fontSize: '1.6rem',
  lineHeight: 1,
});

export const featureTitle = style({
  margin: '0 0 0.4rem',
  fontSize: '1.15rem',
  color: vars.color.text,
});

export const featureText = style({ margin: 0, color: vars.color.text });

/* how it works */

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '1rem',
  '@media': { [desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const step = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: '0.25rem 1rem',
  alignItems: 'start',
});

export const stepNumber = style({
  gridRow: 'span 2',
  display: 'grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontFamily: vars.font.hand,
  fontSize: '1.3rem',
  fontWeight: 700,
});

export const stepTitle = style({
  margin: '0.35rem 0 0',
  fontSize: '1.15rem',
  color: vars.color.text,
});

export const stepText = style({ margin: 0, color: vars.color.text });

/* closing call to action */

export const closing = style({
  margin: '1rem 0 0',
  padding: '2rem 1.25rem',
  textAlign: 'center',
  background: vars.color.primarySoft,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  '@media': { [tablet]: { padding: '2.5rem 2rem' } },
});

export const closingActions = style({});
globalStyle(`${closing} ${closingActions}`, { justifyContent: 'center' });

export const closingText = style({
  margin: '0 auto',
  maxWidth: '34rem',
  color: vars.color.text,
});

export const closingLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  textUnderlineOffset: '3px',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
});
