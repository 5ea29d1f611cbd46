import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { frameBottom, underTopBar, WIDE } from './frame/frame.css.ts';

/** Above the places navigation of the frame (phones), and the home indicator of notched phones. */
const aboveFrame = `calc(${frameBottom} + 0.75rem)`;

/**
 * Phones: just under the top bar, away from the buttons the person taps next (the form's button,
 * "Salvar e continuar", the next "Rejeitar"). Wide screens: bottom corner. Either way taps go
 * through the toast to the page; only its close button takes them.
 */
export const toastRegion = style({
  position: 'fixed',
  zIndex: 50,
  left: '0.75rem',
  right: '0.75rem',
  top: `calc(${underTopBar} + 0.5rem)`,
  display: 'grid',
  justifyItems: 'end',
  gap: '0.5rem',
  margin: 0,
  padding: 0,
  border: 0,
  background: 'transparent',
  pointerEvents: 'none',
  '@media': { [WIDE]: { top: 'auto', bottom: aboveFrame } },
});

const toastBase = style({
  pointerEvents: 'none',
  width: '100%',
  maxWidth: '420px',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.5rem',
  padding: '0.75rem 0.75rem 0.75rem 1rem',
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
});

export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surfaceRaised, color: vars.color.text }],
  destructive: [toastBase, { background: vars.color.danger, color: vars.color.dangerText }],
});

export const toastText = style({ display: 'grid', gap: '0.15rem', flex: 1 });

export const toastClose = style({
  pointerEvents: 'auto',
  minWidth: '44px',
  minHeight: '44px',
  border: 0,
  background: 'transparent',
  color: 'inherit',
  fontSize: '1.4rem',
  cursor: 'pointer',
});

export const consent = style({
  position: 'fixed',
  zIndex: 40,
  left: '0.75rem',
  right: '0.75rem',
  bottom: aboveFrame,
  maxWidth: '560px',
  marginLeft: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  // Compact on a phone: it must leave the page's own first buttons (the invitation's "Entrar" and
  // "Criar conta", the landing's) uncovered while the question waits.
  padding: '0.75rem 0.9rem',
  maxHeight: '85dvh',
  overflowY: 'auto',
  '@media': { [WIDE]: { padding: '1rem 1.1rem' } },
});

export const consentTitle = style({ margin: '0 0 0.3rem', fontSize: '1.05rem' });
export const consentText = style({ margin: '0 0 0.6rem', fontSize: '0.9rem', lineHeight: 1.4 });
export const consentOptions = style({ border: 0, padding: 0, margin: '0 0 0.75rem', display: 'grid', gap: '0.5rem' });
export const consentLegend = style({ fontWeight: 600, marginBottom: '0.4rem' });
export const consentOption = style({
  display: 'flex',
  gap: '0.6rem',
  alignItems: 'flex-start',
  minHeight: '44px',
});
globalStyle(`${consentOption} input`, { width: '22px', height: '22px', marginTop: '0.15rem', flexShrink: 0 });
export const consentActions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.4rem' });
// Two answers side by side on a 360 px phone, "Personalizar" beside or under them.
globalStyle(`${consentActions} > button`, { flex: '1 1 auto', paddingLeft: '0.75rem', paddingRight: '0.75rem' });

/** Update and install cards: small, above the page but under the top bar (its menus stay usable), below the consent dialog. */
export const card = style({
  position: 'fixed',
  zIndex: 30,
  left: '0.75rem',
  right: '0.75rem',
  top: `calc(${underTopBar} + 0.5rem)`,
  maxWidth: '420px',
  marginLeft: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: '0.9rem 1rem',
});
export const cardTitle = style({ margin: '0 0 0.3rem', fontSize: '1.05rem' });
export const cardText = style({ margin: '0 0 0.6rem' });
export const cardActions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
