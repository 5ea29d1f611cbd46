import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const desktop = '(min-width: 56rem)';
const phone = '(max-width: 55.99rem)';

/**
 * Phone: cover, then the questions, then privacy and tips (a reader answers first).
 * Desktop: cover and the notes in a left column beside the questions.
 */
export const layout = style({
  display: 'grid',
  gap: '1.5rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"cover" "main" "about"',
  '@media': {
    [desktop]: {
      gridTemplateColumns: 'minmax(0, 18rem) minmax(0, 1fr)',
      gridTemplateAreas: '"cover main" "about main"',
      gridTemplateRows: 'auto 1fr',
      alignItems: 'start',
    },
  },
});

export const sidebar = style({ gridArea: 'cover', display: 'grid', gap: '0.75rem', minWidth: 0, '@media': { [desktop]: { gap: '1rem' } } });

/**
 * The notebook's head. Phone (issue 29): a small cover beside the title, author and counts, the
 * menu at the end, about 100 px high, so the first question and its field show at 360×740.
 * Desktop: the whole cover (it carries the title), the counts and the menu under it.
 */
export const head = style({
  display: 'grid',
  gridTemplateColumns: '4.25rem minmax(0, 1fr) auto',
  gridTemplateAreas: '"cover text menu"',
  gap: '0.25rem 0.85rem',
  alignItems: 'start',
  '@media': {
    [desktop]: { gridTemplateColumns: 'minmax(0, 1fr) auto', gridTemplateAreas: '"cover cover" "text menu"', gap: '1rem 0.5rem', alignItems: 'center' },
  },
});

export const headText = style({ gridArea: 'text', display: 'grid', gap: '0.15rem', minWidth: 0 });

/** The title: shown beside the small cover on a phone; on a wide screen the cover's label says it. */
export const heading = style({
  margin: 0,
  fontSize: '1.25rem',
  lineHeight: 1.25,
  overflowWrap: 'anywhere',
  '@media': {
    [desktop]: { position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0 },
  },
});

export const byline = style({ margin: 0, fontSize: '0.9rem', color: vars.color.textMuted, overflowWrap: 'anywhere', '@media': { [desktop]: { display: 'none' } } });

export const menu = style({ gridArea: 'menu' });

/** The block button (and its confirmation) inside the notebook's menu. */
export const menuBlock = style({ display: 'grid', gap: '0.5rem', padding: '0.25rem' });

export const descriptionWrap = style({ display: 'grid', gap: '0.25rem', justifyItems: 'start' });

/** A long description's first lines on a phone ("Ler tudo" shows the rest). */
export const clamped = style({
  '@media': {
    [phone]: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  },
});

export const more = style({
  minHeight: '44px',
  padding: '0 0.25rem',
  border: 0,
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
  '@media': { [desktop]: { display: 'none' } },
});

export const about = style({ gridArea: 'about', display: 'grid', gap: '1rem', minWidth: 0 });

/** A smaller cover on phones, so the first question is close to the top. */
export const coverWrap = style({ gridArea: 'cover', width: '100%', minWidth: 0, '@media': { [desktop]: { maxWidth: 'none' } } });

export const main = style({ gridArea: 'main', display: 'grid', gap: '2rem', minWidth: 0 });

export const box = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: '0.85rem 1rem',
  fontSize: '0.95rem',
});

export const boxTitle = style({ margin: '0 0 0.35rem', fontSize: '1rem', fontFamily: vars.font.body });

export const description = style({ margin: 0, overflowWrap: 'anywhere' });

export const stats = style({ display: 'flex', flexWrap: 'wrap', gap: '0 0.9rem', margin: 0, padding: 0, listStyle: 'none', fontSize: '0.9rem' });

export const tips = style({ margin: 0, paddingLeft: '1.2rem', display: 'grid', gap: '0.25rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const sectionTitle = style({ margin: '0 0 0.75rem', fontSize: '1.35rem' });

export const pageNumber = style({ margin: 0, fontFamily: vars.font.body, fontSize: '0.9rem', fontWeight: 600, color: '#4a4560' });

export const question = style({ margin: '0 0 0.5rem', fontSize: '1.3rem', lineHeight: '28px', outline: 'none' });

export const form = style({ display: 'grid', gap: '0.75rem', fontFamily: vars.font.body, lineHeight: 1.5 });

export const label = style({ fontWeight: 600 });

const field = {
  width: '100%',
  padding: '0.6rem 0.75rem',
  border: '1px solid #8f88a6',
  borderRadius: vars.radius.sm,
  background: 'rgba(255, 255, 255, 0.85)',
  color: '#1f1b2d',
};

export const textarea = style({ ...field, minHeight: '7rem', resize: 'vertical', fontFamily: vars.font.hand, fontSize: '1.05rem' });

export const input = style({ ...field, minHeight: '44px' });

export const checkRow = style({ display: 'flex', gap: '0.6rem', alignItems: 'flex-start', minHeight: '44px', paddingTop: '0.5rem' });

export const checkbox = style({ width: '1.3rem', height: '1.3rem', flex: '0 0 auto', marginTop: '0.1rem', accentColor: '#4c1d95' });

export const hint = style({ margin: 0, fontSize: '0.9rem', color: '#4a4560' });

export const error = style({ margin: 0, fontWeight: 600, color: '#9f1d12' });

export const stepNav = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', justifyContent: 'space-between', alignItems: 'center' });

export const stepButtons = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

/** Status lines inside the paper, readable on light paper in both UI themes. */
export const notice = styleVariants({
  info: { margin: 0, padding: '0.5rem 0.75rem', borderRadius: vars.radius.sm, background: '#eef2ff', color: '#1e2a6b', fontFamily: vars.font.body, lineHeight: 1.45 },
  waiting: { margin: 0, padding: '0.5rem 0.75rem', borderRadius: vars.radius.sm, background: '#fff4d6', color: '#5c3b00', fontFamily: vars.font.body, lineHeight: 1.45 },
  danger: { margin: 0, padding: '0.5rem 0.75rem', borderRadius: vars.radius.sm, background: '#fde8e6', color: '#7a1a10', fontFamily: vars.font.body, lineHeight: 1.45 },
});

export const completion = style({ display: 'grid', gap: '0.75rem', justifyItems: 'start' });

export const answersList = style({ display: 'grid', gap: '1rem', margin: 0, padding: 0, listStyle: 'none' });

export const questionBlock = style({ display: 'grid', gap: '0.5rem' });

export const questionTitle = style({ margin: 0, fontSize: '1.05rem', fontFamily: vars.font.body, overflowWrap: 'anywhere' });

export const answerItems = style({ display: 'grid', gap: '0.5rem', margin: 0, padding: 0, listStyle: 'none' });

export const answerItem = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: '0.65rem 0.85rem',
  display: 'grid',
  gap: '0.3rem',
  overflowWrap: 'anywhere',
});

export const answerText = style({ margin: 0, fontFamily: vars.font.hand, fontSize: '1.05rem', whiteSpace: 'pre-wrap' });

export const answerMeta = style({ margin: 0, fontSize: '0.88rem', color: vars.color.textMuted, display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.6rem' });

export const badge = styleVariants({
  neutral: { display: 'inline-block', padding: '0 0.5rem', borderRadius: vars.radius.pill, border: `1px solid ${vars.color.border}`, color: vars.color.text, fontSize: '0.82rem', fontWeight: 600 },
  waiting: { display: 'inline-block', padding: '0 0.5rem', borderRadius: vars.radius.pill, border: `1px solid ${vars.color.warning}`, color: vars.color.warning, fontSize: '0.82rem', fontWeight: 600 },
  danger: { display: 'inline-block', padding: '0 0.5rem', borderRadius: vars.radius.pill, border: `1px solid ${vars.color.danger}`, color: vars.color.danger, fontSize: '0.82rem', fontWeight: 600 },
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

