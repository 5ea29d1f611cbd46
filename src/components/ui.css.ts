import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** Touch targets are at least 44 px (mobile first). */
const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5rem',
  minHeight: '44px',
  minWidth: '44px',
  padding: '0.5rem 1rem',
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  lineHeight: 1.2,
  ':disabled': { opacity: 0.6, cursor: 'not-allowed' },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.primaryText }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
  ghost: [buttonBase, { background: 'transparent', color: vars.color.text }],
  danger: [buttonBase, { background: vars.color.danger, color: vars.color.dangerText }],
});

export const card = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: '1.25rem',
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const page = style({
  width: '100%',
  maxWidth: '960px',
  margin: '0 auto',
  padding: '1.25rem 1rem 3rem',
});

/**
 * A row of tabs that scrolls sideways when it does not fit (a 360 px phone), never wraps. The last
 * 1.5 rem fades out, showing there is more to the right; the end padding lets the last tab scroll
 * clear of the fade.
 */
export const tabStrip = style({
  display: 'flex',
  flexWrap: 'nowrap',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'none',
  paddingRight: '1.5rem',
  maskImage: 'linear-gradient(to right, #000 calc(100% - 1.5rem), transparent)',
  selectors: { '&::-webkit-scrollbar': { display: 'none' } },
});
