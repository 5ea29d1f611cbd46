import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '0.5rem 1rem', marginBottom: '1rem' });

export const title = style({ margin: 0, fontSize: '1.6rem' });

export const list = style({ marginBottom: '1rem' });

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: '0.75rem',
  padding: '0.6rem 0.5rem 0.6rem 0.85rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&[data-unread="true"]': { borderLeft: `4px solid ${vars.color.primary}`, background: vars.color.primarySoft } },
});

export const icon = style({ display: 'inline-flex', color: vars.color.textMuted, width: '1.5rem', height: '1.5rem' });

export const link = style({
  display: 'grid',
  gap: '0.15rem',
  minHeight: '44px',
  alignContent: 'center',
  color: vars.color.text,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  ':hover': { textDecoration: 'underline' },
});

export const sentence = style({ selectors: { '[data-unread="true"] &': { fontWeight: 700 } } });

export const time = style({ color: vars.color.textMuted, fontSize: '0.85rem' });

export const empty = style({ color: vars.color.textMuted });
