/** The ruling of the notebook's papers (notebook.css.ts, paper-more.css.ts): line spacing and inks. Build-time only. */
export const lineGap = '28px';
export const ink = { blue: '#a7c4f2', red: '#f2a7a7', pink: '#f5b5d3', green: '#a9dcb0', grey: '#d0d0d8' };
