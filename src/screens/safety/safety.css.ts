import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const section = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem 0',
  borderTop: `1px solid ${vars.color.border}`,
});

export const sectionTitle = style({ margin: 0, fontSize: '1.2rem' });

export const text = style({ margin: 0 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.95rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });

export const person = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.5rem',
  padding: '0.5rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const name = style({ overflowWrap: 'anywhere', minWidth: 0 });

export const confirmBox = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '0.75rem',
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
});

export const error = style({ margin: 0, fontWeight: 600, color: vars.color.danger });

/** A small form inside a section (the guardian's new address): framed, not alarming. */
export const formBox = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
