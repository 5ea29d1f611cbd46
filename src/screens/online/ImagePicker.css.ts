import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The app's button that opens the file chooser: as wide as its words, never wider than the phone. */
export const chooseButton = style({ justifySelf: 'start', maxWidth: '100%' });

export const dialog = style({ width: 'min(100% - 2rem, 560px)', display: 'grid', gap: '0.75rem' });

const cropBase = { position: 'relative', width: '100%', background: '#000', borderRadius: vars.radius.md, overflow: 'hidden' } as const;
export const cropAreaSquare = style({ ...cropBase, aspectRatio: '1 / 1', maxHeight: '60vh' });
export const cropAreaWide = style({ ...cropBase, aspectRatio: '3 / 2' });
