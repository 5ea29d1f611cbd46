import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { prose } from '../static/prose.css.ts';

/** The e-mail card: an index card pinned to the page. */
export const emailCard = style({
  margin: '0 0 2rem',
  padding: '1.25rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderTop: `6px solid ${vars.color.primary}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});
globalStyle(`${prose} ${emailCard} p`, { margin: '0 0 0.5rem' });

export const emailLabel = style({
  fontFamily: vars.font.hand,
  fontSize: '1.1rem',
  color: vars.color.textMuted,
});

export const emailAddress = style({
  fontSize: 'clamp(1.15rem, 5vw, 1.5rem)',
  fontWeight: 700,
  overflowWrap: 'anywhere',
  color: vars.color.text,
});

export const reply = style({ color: vars.color.text });
