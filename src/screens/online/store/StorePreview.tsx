import type { SeasonalItem } from '../../../data/online/store.ts';
import { Icon } from '../../../components/Icon.tsx';
import { NotebookCover, NotebookPaper, STICKER_SIZE, STICKER_SLOTS } from '../../notebooks/look/index.ts';
import { useCoverCatalogue, useStickerCatalogue } from '../../notebooks/look/usePaperCatalogue.ts';
import * as css from './store.css.ts';

/**
 * An item as what it unlocks, on a real notebook (issue 35): a theme on a notebook cover, a paper
 * style as a sheet, a sticker pack's first stickers on a cover, a cover style on a cover in that
 * style — drawn as the editor and every notebook draw them (from the device's copies of the
 * catalogues, offline too). What cannot be drawn (an item that names nothing, or a style the
 * device's copy does not know yet) shows the admin's uploaded preview, or an icon of its kind. Decorative: the item's name and kind are the card's text.
 */
export function StorePreview({ item }: { item: SeasonalItem }) {
  const stickers = useStickerCatalogue();
  const covers = useCoverCatalogue();
  const unlocks = item.grants_ref;
  if (unlocks && item.category === 'cover_style' && covers?.some((c) => c.id === unlocks && c.image_url)) {
    return (
      <div className={css.preview} aria-hidden="true" data-preview="cover-style">
        <NotebookCover title={item.name} theme={null} cover={{ style: unlocks }} size="compact" titleAs="p" />
      </div>
    );
  }
  if (unlocks && item.category === 'theme') {
    return (
      <div className={css.preview} aria-hidden="true" data-preview="theme">
        <NotebookCover title={item.name} theme={unlocks} size="compact" titleAs="p" />
      </div>
    );
  }
  if (unlocks && item.category === 'paper_style') {
    return (
      <div className={css.preview} aria-hidden="true" data-preview="paper">
        <NotebookPaper paper={unlocks} theme={null} handwriting>
          <p className={css.previewLine}>{item.name}</p>
        </NotebookPaper>
      </div>
    );
  }
  const pack = unlocks && item.category === 'sticker_pack' ? (stickers ?? []).filter((s) => s.pack_id === unlocks).slice(0, STICKER_SLOTS.length) : [];
  if (pack.length > 0) {
    const placed = pack.map((s, index) => ({ id: s.id, size: STICKER_SIZE.default, rotation: 0, layer: 'front' as const, ...STICKER_SLOTS[index] }));
    return (
      <div className={css.preview} aria-hidden="true" data-preview="stickers">
        <NotebookCover title={item.name} theme={null} cover={{ stickers: placed }} size="compact" titleAs="p" />
      </div>
    );
  }
  return (
    <div className={css.cover} aria-hidden="true">
      {item.preview_url || item.image_url ? (
        <img className={css.coverImage} src={item.preview_url ?? item.image_url ?? ''} alt="" loading="lazy" />
      ) : (
        <Icon name={item.category === 'theme' ? 'palette' : item.category === 'sticker_pack' ? 'star' : 'notebook'} />
      )}
    </div>
  );
}
