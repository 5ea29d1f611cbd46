import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { tabStrip } from '../../components/ui.css.ts';

export const header = style({ display: 'grid', gap: '0.35rem', marginBottom: '1.25rem' });

export const title = style({ margin: 0, fontSize: '1.6rem' });

export const subtitle = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const setting = style({
  display: 'grid',
  gap: '0.35rem',
  padding: '0.85rem 1rem',
  marginBottom: '1.25rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const switchRow = style({ display: 'flex', alignItems: 'center', gap: '0.75rem', minHeight: '44px', fontWeight: 600 });

export const switchInput = style({ width: '1.4rem', height: '1.4rem', accentColor: vars.color.primary, flex: '0 0 auto' });

export const tabs = style([tabStrip, { gap: '0.25rem', borderBottom: `2px solid ${vars.color.border}`, marginBottom: '1rem' }]);

export const tab = style({
  minHeight: '44px',
  padding: '0.5rem 0.4rem',
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  // Three tabs share the row (360 px phone included): the count goes under the word if it must.
  flex: '1 1 auto',
  fontSize: '0.95rem',
  textAlign: 'center',
  selectors: { '&[aria-selected="true"]': { borderBottomColor: vars.color.primary, color: vars.color.primary } },
});

export const list = style({ display: 'grid', gap: '0.85rem', margin: 0, padding: 0, listStyle: 'none' });

export const card = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '0.85rem 1rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflowWrap: 'anywhere',
});

export const question = style({ margin: 0, fontSize: '1rem', fontFamily: vars.font.body });

export const answer = style({ margin: 0, fontFamily: vars.font.hand, fontSize: '1.1rem', whiteSpace: 'pre-wrap' });

export const meta = style({ margin: 0, fontSize: '0.88rem', color: vars.color.textMuted, display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.75rem' });

export const notesLabel = style({ fontWeight: 600, fontSize: '0.95rem' });

export const notes = style({
  width: '100%',
  minHeight: '3.5rem',
  padding: '0.5rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  color: vars.color.text,
  resize: 'vertical',
});

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
