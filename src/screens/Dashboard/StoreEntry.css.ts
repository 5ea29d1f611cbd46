import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The store's entry on the dashboard: one line, a 44 px target, the beta said in words. */
export const entry = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  minHeight: '44px',
  padding: '0.4rem 0.9rem',
  marginBottom: '0.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
});
export const beta = style({ fontSize: '0.8rem', fontWeight: 500 });
