/** An achievement's drawn icon beside its name (the profile, /admin › Conquistas). */
import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const icon = style({ flex: '0 0 auto', verticalAlign: '-0.35em', marginInlineEnd: '0.35rem', color: vars.color.primary });
