import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '720px', margin: '0 auto', padding: '1.25rem 1rem 3rem' });
export const title = style({ margin: '0 0 1rem', fontFamily: vars.font.heading, fontSize: 'clamp(1.5rem, 6vw, 2rem)' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
