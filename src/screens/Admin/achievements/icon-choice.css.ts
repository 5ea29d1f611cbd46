/** The achievement icon picker of /admin › Conquistas. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.4rem',
  minHeight: '44px',
  padding: '0.35rem 0.7rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `0 0 0 2px ${vars.color.primary}` },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
export const input = style({ width: '1.1rem', height: '1.1rem', margin: 0, accentColor: vars.color.primary });
export const listIcon = style({ flex: '0 0 auto', color: vars.color.primary });
