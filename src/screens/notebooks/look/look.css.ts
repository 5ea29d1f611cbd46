import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { notebookVars } from '../../../styles/notebook.css.ts';
import { vars } from '../../../styles/theme.css.ts';

const reducedMotion = '(prefers-reduced-motion: reduce)';

/* ---------- cover ---------- */

/**
 * The cover is one drawing, the same at every size (issue 16, defect 5): the label, its text and
 * paddings, the spiral and the stickers are all measured in `coverUnit`, 1% of the width of a
 * 3:4 cover, never in rem or px. Stickers are placed in % of the cover's face, so a sticker put
 * clear of the title on the editor's preview is clear of it on the view's smaller cover too.
 *
 * The dashboard's compact cover is 4:3. It draws the same 3:4 drawing scaled to its height
 * (a 3:4 cover as tall as a 4:3 one is 9/16 of its width: coverUnit = 0.5625cqi) and stretched
 * sideways: heights, the label and sticker sizes are exactly those of the 3:4 cover, only the
 * stickers' centres (in % of the face's width) spread over a wider face. The label stays centred
 * and grows no wider, so whatever was beside or above it stays beside or above it; stickers in
 * the corners stay in the corners. The price: its text is 9/16 of the size a full-width 3:4 cover
 * would give (still ~13 px for the title on a 360 px phone; the card's heading repeats it).
 * The card shows no author, so its label is shorter: centred, it only shrinks away from stickers.
 */
export const coverUnit = createVar();
const u = (n: number) => `calc(${coverUnit} * ${n})`;

export const cover = style({
  vars: { [coverUnit]: '1cqi' },
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

export const coverCompact = style({ vars: { [coverUnit]: '0.5625cqi' }, aspectRatio: '4 / 3', maxWidth: 'none', boxShadow: vars.shadow.card });

const SPIRAL = 8;
/** The width of a 3:4 cover's face (beside the spiral), in cover units. */
export const FACE_WIDTH = 100 - SPIRAL;

/** The spiral: rings punched along the spine (a sheet's is in px, a cover's grows with it). */
export const spiral = style({
  flex: '0 0 26px',
  background: `radial-gradient(circle at 13px 14px, ${vars.color.background} 0 5px, transparent 6px) 0 0 / 26px 28px repeat-y, ${notebookVars.spine}`,
  selectors: {
    [`${cover} > &`]: {
      flex: `0 0 ${u(SPIRAL)}`,
      background: `radial-gradient(circle at ${u(SPIRAL / 2)} ${u(4.3)}, ${vars.color.background} 0 ${u(1.5)}, transparent ${u(1.85)}) 0 0 / ${u(SPIRAL)} ${u(8.6)} repeat-y, ${notebookVars.spine}`,
    },
  },
});

export const coverFace = style({
  position: 'relative',
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  padding: u(4.5),
});

/**
 * The label stuck on the cover, like the white label of a school notebook. Its width is fixed in
 * cover units (not "the face's width"), so it keeps its shape on the wide compact cover.
 * The text sizes are chosen for the smallest cover, the view's on a phone (13rem wide).
 */
export const coverLabel = style({
  position: 'relative',
  zIndex: 2,
  margin: '0 auto',
  width: `min(100%, ${u(74)})`,
  padding: `${u(3.5)} ${u(4.5)}`,
  borderRadius: u(1.5),
  background: '#fffdf7',
  color: '#1f1b2d',
  textAlign: 'center',
  boxShadow: '0 1px 3px rgba(0, 0, 0, 0.2)',
  overflowWrap: 'anywhere',
});

export const coverTitle = style({
  margin: 0,
  fontFamily: vars.font.hand,
  fontSize: u(7.5),
  lineHeight: 1.2,
  fontWeight: 700,
});

export const coverSubtitle = style({ margin: `${u(1.5)} 0 0`, fontSize: u(5.75), lineHeight: 1.3 });

export const coverAuthor = style({ margin: `${u(2)} 0 0`, fontSize: u(5.25), lineHeight: 1.3, color: '#4a4560' });

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
