import { style } from '@vanilla-extract/css';

/** The list is as tall as all its rows; only the rows near the screen are in it. */
export const list = style({ position: 'relative', width: '100%', margin: 0, padding: 0 });

/** A row of the list, placed at its offset (a transform, set per row) and laid out as a grid. */
export const row = style({ position: 'absolute', top: 0, left: 0, width: '100%', display: 'grid', alignItems: 'stretch' });
