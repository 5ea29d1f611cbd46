import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** A quiet strip above the page's content: it takes no focus and never covers anything. */
export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  margin: '0 0 1rem',
  padding: '0.25rem 0.25rem 0.25rem 0.75rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.primarySoft,
  color: vars.color.text,
  minWidth: 0,
});

export const icon = style({ flex: '0 0 auto' });

export const text = style({ flex: '1 1 auto', margin: 0, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 });

export const close = style({
  flex: '0 0 auto',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  minHeight: '44px',
  border: 0,
  background: 'none',
  color: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.pill,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '-2px' } },
});
