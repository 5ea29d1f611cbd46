/** Names of the look's choices in the person's language (the stored values are English ids). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NotebookTheme, PaperStyle, StickerBorder, StickerId } from './appearance.ts';

export const THEME_LABELS: Record<NotebookTheme, MessageDescriptor> = {
  purple: msg`Roxo`,
  pink: msg`Rosa`,
  blue: msg`Azul`,
  teal: msg`Verde-água`,
  yellow: msg`Amarelo`,
  orange: msg`Laranja`,
  galaxy: msg`Galáxia`,
  pastel: msg`Tons pastel`,
  retro: msg`Anos 90`,
};

export const PAPER_LABELS: Record<PaperStyle, MessageDescriptor> = {
  'lined-blue': msg`Pautado azul`,
  'lined-red': msg`Pautado vermelho`,
  'lined-pink': msg`Pautado rosa`,
  'lined-green': msg`Pautado verde`,
  grid: msg`Quadriculado`,
  dotted: msg`Pontilhado`,
  plain: msg`Liso`,
  vintage: msg`Papel antigo`,
  kraft: msg`Papel kraft`,
};

export const BORDER_LABELS: Record<StickerBorder | 'none', MessageDescriptor> = {
  none: msg`Sem borda`,
  dashed: msg`Tracejada`,
  stitched: msg`Costurada`,
  stars: msg`Estrelas`,
  hearts: msg`Corações`,
};

export const STICKER_LABELS: Record<StickerId, MessageDescriptor> = {
  star: msg`Estrela`,
  heart: msg`Coração`,
  flower: msg`Flor`,
  rainbow: msg`Arco-íris`,
  pencil: msg`Lápis`,
  music: msg`Música`,
  sun: msg`Sol`,
  cat: msg`Gato`,
  rocket: msg`Foguete`,
  smile: msg`Sorriso`,
};
