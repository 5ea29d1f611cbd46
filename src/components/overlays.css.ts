import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { frameBottom, underTopBar, WIDE } from './frame/frame.css.ts';

/** Above the places navigation of the frame (phones), and the home indicator of notched phones. */
const aboveFrame = `calc(${frameBottom} + 0.75rem)`;

/**
 * At the bottom, above the places navigation (phones) or in the bottom corner (wide screens): the
 * top stays clear for the screen's name, the update and install cards under the bar, and the page's
 * headings. When the person is typing in the lower half of the screen the toasts move to the top
 * instead, under the bar and under those cards (Toaster.tsx sets `top`), so they never cover what
 * is being typed. While the cookie question shows at the bottom they sit above it (Toaster.tsx
 * sets `bottom`). Taps go through a toast to the page; only its close button takes them.
 */
const regionBase = style({
  zIndex: 50,
  display: 'grid',
  justifyItems: 'end',
  gap: '0.5rem',
  margin: 0,
  padding: 0,
  border: 0,
  background: 'transparent',
  pointerEvents: 'none',
});

export const toastRegion = styleVariants({
  bottom: [regionBase, { position: 'fixed', left: '0.75rem', right: '0.75rem', bottom: aboveFrame }],
  top: [regionBase, { position: 'fixed', left: '0.75rem', right: '0.75rem', top: `calc(${underTopBar} + 0.5rem)` }],
  dialog: [regionBase, { justifyItems: 'stretch' }],
});

/**
 * The toasts' place inside a modal dialog (the top layer): at the end of the dialog, kept in view
 * at its bottom edge while it scrolls, never over its title. Empty, it takes no room.
 */
export const toastSlot = style({
  position: 'sticky',
  zIndex: 1,
  bottom: 0,
  pointerEvents: 'none',
  selectors: { '&:not(:empty)': { marginTop: '0.75rem' } },
});

const toastBase = style({
  pointerEvents: 'none',
  width: '100%',
  maxWidth: '420px',
  display: 'flex',
  // one line of text sits in the middle of the close button's 44 px: no empty band under it
  alignItems: 'center',
  gap: '0.5rem',
  padding: '0.25rem 0.25rem 0.25rem 1rem',
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
});

export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surfaceRaised, color: vars.color.text }],
  destructive: [toastBase, { background: vars.color.danger, color: vars.color.dangerText }],
});

export const toastText = style({ display: 'grid', gap: '0.15rem', flex: 1, minWidth: 0, padding: '0.5rem 0' });

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
