import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { input } from '../../components/form.css.ts';
import { prose } from '../static/prose.css.ts';

/** The contact form's card: the page's main action, above the e-mail card. */
export const card = style({
  margin: '0 0 2rem',
  padding: '1.25rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  minWidth: 0,
});

// inside the page's prose, the form's own lines keep the form's spacing
globalStyle(`${prose} ${card} p`, { margin: 0, maxWidth: 'none' });
globalStyle(`${prose} ${card} h2`, { marginTop: 0 });

export const select = style([input, { appearance: 'auto' }]);

export const textarea = style([input, { minHeight: '9rem', resize: 'vertical', font: 'inherit', lineHeight: 1.5 }]);

export const counter = style({ margin: 0, fontSize: '0.85rem', color: vars.color.textMuted, textAlign: 'right' });
export const counterLow = style({ color: vars.color.danger, fontWeight: 600 });

export const offline = style({
  margin: 0,
  padding: '0.6rem 0.75rem',
  borderRadius: vars.radius.sm,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.text,
});

export const sent = style({ display: 'grid', gap: '0.75rem', justifyItems: 'start' });
