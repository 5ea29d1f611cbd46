import { createVar, globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/**
 * The app's frame: a compact top bar (56 px plus the notch), a bottom navigation on phones that
 * becomes a side navigation on wide screens, and room for both in the page (safe areas included).
 */
export const WIDE = 'screen and (min-width: 900px)';
export const BAR_HEIGHT = '56px';
const NAV_HEIGHT = '64px';
const SIDE_WIDTH = '220px';

/** Where sticky parts of a page stop: right under the top bar (which is sticky itself). */
export const underTopBar = `calc(${BAR_HEIGHT} + env(safe-area-inset-top, 0px) + 1px)`;

/** How much of the bottom of the screen the frame covers: toasts and dialogs sit above it. */
export const frameBottom = createVar();

export const shell = style({
  vars: { [frameBottom]: 'env(safe-area-inset-bottom, 0px)' },
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  paddingLeft: 'env(safe-area-inset-left, 0px)',
  paddingRight: 'env(safe-area-inset-right, 0px)',
});

/** The signed-in app: the places navigation at the bottom (phones) or on the left (wide screens). */
export const shellWithPlaces = style({
  vars: { [frameBottom]: `calc(${NAV_HEIGHT} + env(safe-area-inset-bottom, 0px))` },
  paddingBottom: frameBottom,
  '@media': {
    [WIDE]: {
      vars: { [frameBottom]: 'env(safe-area-inset-bottom, 0px)' },
      paddingBottom: 0,
    },
  },
});
// Wide screens: the page and the footer move right of the side navigation; the top bar spans it all.
globalStyle(`${shellWithPlaces} > main, ${shellWithPlaces} > footer`, { '@media': { [WIDE]: { marginLeft: SIDE_WIDTH } } });

/** Room at the page's end for the cookie question while it shows (CookieConsent.tsx sets --consent-room). */
export const main = style({ flex: 1, outline: 'none', minWidth: 0, paddingBottom: 'var(--consent-room, 0px)' });

/**
 * What the browser scrolls into view (Tab, a link to #id, scrollIntoView) stops clear of the sticky
 * top bar and, on phones, of the fixed bottom navigation, with room for the focus ring. The page
 * (html) is the scroller, so these sit on it; the navigation is there when the shell has places.
 */
const FOCUS_ROOM = '0.5rem';
globalStyle('html', { scrollPaddingTop: `calc(${underTopBar} + ${FOCUS_ROOM})` });
globalStyle(`html:has(${shellWithPlaces})`, {
  scrollPaddingBottom: `calc(${NAV_HEIGHT} + env(safe-area-inset-bottom, 0px) + ${FOCUS_ROOM})`,
  '@media': { [WIDE]: { scrollPaddingBottom: `calc(env(safe-area-inset-bottom, 0px) + ${FOCUS_ROOM})` } },
});

/* ---------- top bar ---------- */

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  paddingTop: 'env(safe-area-inset-top, 0px)',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const barRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.25rem',
  height: BAR_HEIGHT,
  padding: '0 0.25rem',
});

export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  flex: '0 0 auto',
  width: '44px',
  height: '44px',
  borderRadius: '50%',
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  fontSize: '1.3rem',
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.primarySoft },
    '&[aria-expanded="true"]': { background: vars.color.primarySoft },
    // Drawn inside: at the screen's edge an outer ring is cut off.
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const titleBlock = style({
  flex: '1 1 auto',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  paddingLeft: '0.5rem',
});

export const title = style({
  margin: 0,
  fontSize: '1.1rem',
  fontWeight: 700,
  lineHeight: 1.25,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** A name too long for one line of the bar (TopBar's ScreenTitle): smaller, on up to two lines. */
export const titleLong = style({
  fontSize: '0.95rem',
  lineHeight: 1.15,
  whiteSpace: 'normal',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
});

export const brand = style({
  alignSelf: 'flex-start',
  fontFamily: vars.font.hand,
  fontSize: '1.45rem',
  fontWeight: 700,
  lineHeight: 1.2,
  color: vars.color.primary,
  textDecoration: 'none',
});

/** The app's name at the start of the top bar, above the side navigation (wide screens only). */
export const wideBrand = style([
  brand,
  {
    display: 'none',
    '@media': { [WIDE]: { display: 'block', alignSelf: 'center', flex: `0 0 calc(${SIDE_WIDTH} - 0.75rem)`, paddingLeft: '0.75rem' } },
  },
]);

export const actions = style({ display: 'flex', alignItems: 'center', gap: '0.25rem', flex: '0 0 auto' });

export const barLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '0 0.75rem',
  borderRadius: vars.radius.pill,
  color: vars.color.primary,
  fontWeight: 700,
  textDecoration: 'none',
  selectors: { '&:hover, &[aria-current="page"]': { background: vars.color.primarySoft } },
});

export const skipLink = style({
  position: 'absolute',
  left: '-9999px',
  top: 0,
  zIndex: 100,
  padding: '0.75rem 1rem',
  background: vars.color.primary,
  color: vars.color.primaryText,
  selectors: { '&:focus': { left: '0.5rem', top: '0.5rem' } },
});

/* ---------- status line (offline, writes waiting) ---------- */

export const status = style({
  margin: 0,
  display: 'flex',
  gap: '0.6rem',
  minWidth: 0,
  fontSize: '0.75rem',
  lineHeight: 1.3,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  selectors: { '&:empty': { display: 'none' } },
});

export const statusPart = style({
  display: 'inline-block',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  fontWeight: 600,
});

globalStyle(`${statusPart} > svg, ${statusPart} > span[aria-hidden]`, { marginRight: '0.3rem' });

/** Offline: the waiting writes as an icon and a number, beside "Sem internet". */
export const statusCount = style({ display: 'inline-flex', alignItems: 'center', gap: '0.2rem', flex: '0 0 auto', fontWeight: 600 });

export const pendingDot = style({
  display: 'inline-block',
  verticalAlign: '0.05em',
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  background: vars.color.warning,
});

const blink = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.3 } });

export const pendingDotBusy = style([
  pendingDot,
  {
    animation: `${blink} 1s ease-in-out infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
]);

/* ---------- menus (account, preferences) ---------- */

export const menuRoot = style({ position: 'relative' });

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '34px',
  height: '34px',
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: '1rem',
  fontWeight: 700,
  // the picture, when there is one, fills the same circle
  objectFit: 'cover',
  flexShrink: 0,
});

export const accountButton = style([
  iconButton,
  {
    '@media': {
      [WIDE]: {
        display: 'inline-flex',
        gap: '0.4rem',
        width: 'auto',
        maxWidth: '14rem',
        padding: '0 0.75rem 0 0.3rem',
        borderRadius: vars.radius.pill,
        fontSize: '1rem',
        fontWeight: 600,
      },
    },
  },
]);

/** The @username: read by screen readers on phones, shown beside the avatar on wide screens. */
export const accountName = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  '@media': {
    [WIDE]: { position: 'static', width: 'auto', height: 'auto', clip: 'auto', textOverflow: 'ellipsis' },
  },
});

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(-4px)' }, to: { opacity: 1, transform: 'none' } });

export const menuPanel = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 6px)',
  zIndex: 30,
  width: 'min(20rem, calc(100vw - 1rem))',
  maxHeight: `calc(100dvh - ${BAR_HEIGHT} - 1rem)`,
  overflowY: 'auto',
  padding: '0.5rem',
  display: 'grid',
  gap: '0.25rem',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  animation: `${rise} 120ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  selectors: { '&[hidden]': { display: 'none' } },
});

export const menuHeading = style({ margin: '0.25rem 0.75rem', fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis' });

export const menuList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' });

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.6rem',
  width: '100%',
  minHeight: '44px',
  padding: '0 0.75rem',
  borderRadius: vars.radius.md,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.primarySoft } },
});

/** The site's pages, small, two to a row, under "Sair" (the footer of the landing and static pages). */
export const menuSiteLinks = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: '1fr 1fr' });

export const menuSiteLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '0 0.75rem',
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: '0.88rem',
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.primarySoft, color: vars.color.text } },
});

export const menuVersion = style({ padding: '0.25rem 0.75rem 0.35rem', fontSize: '0.8rem', color: vars.color.textMuted });

export const menuDivider = style({ height: '1px', margin: '0.25rem 0', border: 0, background: vars.color.border });

/** Language and theme: a row of choices (radio buttons drawn as a segmented control). */
export const choiceGroup = style({ border: 0, margin: 0, padding: '0.25rem 0.5rem 0.5rem', minWidth: 0 });
export const choiceLegend = style({ padding: '0 0.25rem', marginBottom: '0.35rem', fontSize: '0.85rem', fontWeight: 600, color: vars.color.textMuted });
export const choices = style({
  display: 'flex',
  padding: '3px',
  gap: '3px',
  borderRadius: vars.radius.pill,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
});
export const choice = style({
  position: 'relative',
  flex: '1 1 0',
  display: 'inline-grid',
  placeItems: 'center',
  minHeight: '40px',
  padding: '0 0.5rem',
  borderRadius: vars.radius.pill,
  fontSize: '0.9rem',
  fontWeight: 600,
  cursor: 'pointer',
  textAlign: 'center',
  selectors: { '&:has(input:checked)': { background: vars.color.primary, color: vars.color.primaryText } },
});
/** The radio stays in the page (keyboard, screen readers) but is drawn by its label. */
export const choiceInput = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', margin: 0, opacity: 0, cursor: 'pointer' });
globalStyle(`${choice}:has(input:focus-visible)`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });

/* ---------- places: bottom navigation (phones), side navigation (wide screens) ---------- */

export const places = style({
  position: 'fixed',
  zIndex: 20,
  left: 0,
  right: 0,
  bottom: 0,
  paddingBottom: 'env(safe-area-inset-bottom, 0px)',
  paddingLeft: 'env(safe-area-inset-left, 0px)',
  paddingRight: 'env(safe-area-inset-right, 0px)',
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': {
    [WIDE]: {
      top: `calc(${BAR_HEIGHT} + env(safe-area-inset-top, 0px) + 1px)`,
      right: 'auto',
      width: `calc(${SIDE_WIDTH} + env(safe-area-inset-left, 0px))`,
      padding: '0.75rem 0.5rem',
      borderTop: 0,
      borderRight: `1px solid ${vars.color.border}`,
    },
  },
});

export const placeList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  height: NAV_HEIGHT,
  display: 'flex',
  '@media': { [WIDE]: { height: 'auto', flexDirection: 'column', gap: '0.25rem' } },
});

// Sized by their labels, then sharing what is left: five places at 360 px fit "Notificações" and
// "Notifications" whole (equal fifths cut them to "Notificaç…"); the ellipsis stays for narrower screens.
export const placeItem = style({ flex: '1 1 auto', minWidth: 0 });

export const place = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  color: vars.color.textMuted,
  fontSize: '0.75rem',
  fontWeight: 600,
  textDecoration: 'none',
  '@media': {
    [WIDE]: {
      flexDirection: 'row',
      justifyContent: 'flex-start',
      gap: '0.75rem',
      minHeight: '48px',
      padding: '0 0.75rem',
      borderRadius: vars.radius.pill,
      fontSize: '1rem',
    },
  },
  selectors: {
    '&[aria-current]': { color: vars.color.primary },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

/** The icon sits on a pill that fills in for the current place (as Android's navigation does). */
export const placeIcon = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  width: '56px',
  height: '30px',
  borderRadius: vars.radius.pill,
  fontSize: '1.35rem',
  transition: 'background-color 150ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' }, [WIDE]: { width: '40px' } },
  selectors: { [`${place}[aria-current] &`]: { background: vars.color.primarySoft } },
});

export const placeLabel = style({ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const badge = style({
  position: 'absolute',
  top: '-2px',
  right: '6px',
  minWidth: '18px',
  height: '18px',
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: '0.7rem',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});
