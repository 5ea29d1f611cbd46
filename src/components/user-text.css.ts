import { style } from '@vanilla-extract/css';

/** See UserText.tsx: a person's words wrap anywhere rather than widen the page. */
export const userText = style({ overflowWrap: 'anywhere' });

/**
 * For a block that holds only a person's words (an answer, a description): the same wrapping,
 * with the paragraph's direction taken from its text (set dir="auto" on the element).
 */
export const userBlock = style({ overflowWrap: 'anywhere', textAlign: 'start' });
