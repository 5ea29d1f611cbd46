import { style } from '@vanilla-extract/css';

/** An icon sits on the text's line, at the text's size, and never shrinks in a tight row. */
export const icon = style({
  display: 'inline-block',
  flex: '0 0 auto',
  width: '1.15em',
  height: '1.15em',
  verticalAlign: '-0.2em',
});
