import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { notebookVars } from '../../../styles/notebook.css.ts';
import { vars } from '../../../styles/theme.css.ts';

const reducedMotion = '(prefers-reduced-motion: reduce)';

/* ---------- cover ---------- */

export const cover = style({
  position: 'relative',
  display: 'flex',
  width: '100%',
  aspectRatio: '3 / 4',
  maxWidth: '22rem',
  margin: '0 auto',
  borderRadius: '8px 16px 16px 8px',
  background: notebookVars.cover,
  color: notebookVars.coverText,
  boxShadow: vars.shadow.raised,
  overflow: 'hidden',
  isolation: 'isolate',
});

export const coverCompact = style({ aspectRatio: '4 / 3', maxWidth: 'none', boxShadow: vars.shadow.card });

/** The spiral: rings punched along the spine. */
export const spiral = style({
  flex: '0 0 26px',
  background: `radial-gradient(circle at 13px 14px, ${vars.color.background} 0 5px, transparent 6px) 0 0 / 26px 28px repeat-y, ${notebookVars.spine}`,
});

export const coverFace = style({
  position: 'relative',
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  padding: '1rem',
});

/** The label stuck on the cover, like the white label of a school notebook. */
export const coverLabel = style({
  position: 'relative',
  zIndex: 2,
  margin: '0 auto',
  width: '100%',
  maxWidth: '16rem',
  padding: '0.75rem 1rem',
  borderRadius: vars.radius.sm,
  background: '#fffdf7',
  color: '#1f1b2d',
  textAlign: 'center',
  boxShadow: '0 1px 3px rgba(0, 0, 0, 0.2)',
  overflowWrap: 'anywhere',
});

export const coverTitle = style({
  margin: 0,
  fontFamily: vars.font.hand,
  fontSize: '1.35rem',
  lineHeight: 1.2,
  fontWeight: 700,
});

export const coverSubtitle = style({ margin: '0.35rem 0 0', fontSize: '0.95rem' });

export const coverAuthor = style({ margin: '0.5rem 0 0', fontSize: '0.85rem', color: '#4a4560' });

export const stickerLayer = styleVariants({
  back: { position: 'absolute', inset: 0, zIndex: 1, pointerEvents: 'none' },
  front: { position: 'absolute', inset: 0, zIndex: 3, pointerEvents: 'none' },
});

export const sticker = style({
  position: 'absolute',
  display: 'block',
  lineHeight: 1,
  userSelect: 'none',
});

/** In the editor's preview a sticker can be dragged (the layers let other clicks through). */
export const stickerMovable = style({ pointerEvents: 'auto', cursor: 'grab', touchAction: 'none' });

export const coverFrame = style({ containerType: 'inline-size' });

export const border = styleVariants({
  dashed: { outline: `3px dashed ${notebookVars.coverText}`, outlineOffset: '-10px' },
  stitched: { outline: `2px dotted ${notebookVars.coverText}`, outlineOffset: '-8px' },
  stars: { boxShadow: `inset 0 0 0 6px ${notebookVars.accentSoft}, ${vars.shadow.raised}` },
  hearts: { boxShadow: `inset 0 0 0 4px ${notebookVars.coverText}, inset 0 0 0 9px ${notebookVars.accent}, ${vars.shadow.raised}` },
});

/* ---------- paper ---------- */

/** A sheet of the notebook: the paper style's background, a spine on the left edge. */
export const sheet = style({
  position: 'relative',
  display: 'flex',
  width: '100%',
  minHeight: '16rem',
  borderRadius: '6px 12px 12px 6px',
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const sheetBody = style({
  flex: 1,
  minWidth: 0,
  padding: '28px 1rem 28px 58px',
  lineHeight: '28px',
  overflowWrap: 'anywhere',
});

/** Plain paper has no red margin line, so the text need not keep away from it. */
export const sheetBodyNoMargin = style({ paddingLeft: '1rem' });

export const handwriting = style({ fontFamily: vars.font.hand });

/* ---------- page flip ---------- */

const flipIn = keyframes({
  from: { transform: 'perspective(1200px) rotateY(-70deg)', opacity: 0.3 },
  to: { transform: 'perspective(1200px) rotateY(0deg)', opacity: 1 },
});
const flipBack = keyframes({
  from: { transform: 'perspective(1200px) rotateY(70deg)', opacity: 0.3 },
  to: { transform: 'perspective(1200px) rotateY(0deg)', opacity: 1 },
});

/** Applied to the page that just turned; nothing moves when motion is reduced. */
export const flip = styleVariants({
  forward: {
    transformOrigin: 'left center',
    animation: `${flipIn} 320ms ease-out`,
    '@media': { [reducedMotion]: { animation: 'none' } },
  },
  backward: {
    transformOrigin: 'right center',
    animation: `${flipBack} 320ms ease-out`,
    '@media': { [reducedMotion]: { animation: 'none' } },
  },
  none: {},
});
