import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The app's button that opens the file chooser: as wide as its words, never wider than the phone. */
export const chooseButton = style({ justifySelf: 'start', maxWidth: '100%' });

export const dialog = style({ width: 'min(100% - 2rem, 560px)', display: 'grid', gap: '0.75rem' });

const cropBase = { position: 'relative', width: '100%', background: '#000', borderRadius: vars.radius.md, overflow: 'hidden' } as const;
export const cropAreaSquare = style({ ...cropBase, aspectRatio: '1 / 1', maxHeight: '60vh' });
export const cropAreaWide = style({ ...cropBase, aspectRatio: '3 / 2' });

/**
 * "Cancelar" and "Salvar imagem" side by side, right-aligned, as in the other dialogs: with the
 * buttons' usual side padding they need a few pixels more than a 360 px phone's dialog has, and
 * wrapped onto two right-aligned rows. A little less side padding (as the cookie question's buttons)
 * keeps them on one row; narrower still, the words wrap inside the buttons, not the row.
 */
export const actions = style({ flexWrap: 'nowrap' });
globalStyle(`${actions} > button`, { flex: '0 1 auto', minWidth: 'min-content', paddingLeft: '0.75rem', paddingRight: '0.75rem' });
