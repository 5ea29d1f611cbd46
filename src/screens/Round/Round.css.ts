import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const stack = style({ display: 'grid', gap: '1rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' });
export const heading = style({ margin: 0, fontSize: '1.5rem', overflowWrap: 'anywhere', ':focus': { outline: 'none' } });
export const question = style({ display: 'grid', gap: '0.35rem' });
export const textarea = style({
  width: '100%',
  minHeight: '5rem',
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  resize: 'vertical',
});
export const code = style({
  margin: 0,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '1.6rem',
  fontWeight: 700,
  letterSpacing: '0.08em',
  textAlign: 'center',
  overflowWrap: 'anywhere',
});
/** A QR code is read by cameras: dark on white whatever the theme, with its quiet zone. */
export const qr = style({
  display: 'block',
  width: 'min(100%, 240px)',
  height: 'auto',
  margin: '0 auto',
  background: '#fff',
  borderRadius: vars.radius.md,
});
export const endRound = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: '1rem', display: 'grid', gap: '0.75rem' });
