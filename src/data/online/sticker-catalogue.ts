/**
 * The sticker catalogue as the device knows it (issue 35): the stickers of the enabled packs
 * (public.stickers, readable by anyone), so a pack admins add in /admin › Adesivos — with each
 * sticker's uploaded picture — reaches the cover's sticker picker and every cover drawn with it
 * (the owner's, a guest's, a collaborator's), offline too (the device's copy: catalogue-copy.ts).
 * The free pack's stickers are drawn by the app (src/styles/sticker-ids.ts): no picture needed.
 */
import { catalogueCopy } from './catalogue-copy.ts';

export interface CatalogueSticker {
  id: string;
  name: string;
  pack_id: string;
  pack_name: string;
  /** The pack is sold in the seasonal store (owned through a sticker_pack item). */
  is_premium: boolean;
  /** The picture's public address (bucket store-images), or null (drawn by the app). */
  image_url: string | null;
}

interface Row {
  id: string;
  name: string;
  pack_id: string;
  image_path: string | null;
  pack: { name: string; is_premium: boolean; sort_order: number } | null;
}

function valid(entry: unknown): entry is CatalogueSticker {
  const r = entry as Partial<CatalogueSticker> | null;
  return (
    !!r &&
    typeof r.id === 'string' &&
    typeof r.name === 'string' &&
    typeof r.pack_id === 'string' &&
    typeof r.pack_name === 'string' &&
    typeof r.is_premium === 'boolean' &&
    (r.image_url === null || typeof r.image_url === 'string')
  );
}

/**
 * The packs in the order admins set (sticker_packs.sort_order), then each pack's stickers in
 * theirs (stickers.sort_order): the picker lists them so. Ties by id, so every read agrees.
 */
export const STICKER_CATALOGUE_QUERY =
  'stickers?select=id,name,pack_id,image_path,sort_order,pack:sticker_packs(name,is_premium,sort_order)&order=pack(sort_order),pack_id,sort_order,id';

/** A server row as the device keeps it (url: the backend's address); null when its pack is not readable. */
export function stickerOf(r: Row, url: string): CatalogueSticker | null {
  return r.pack
    ? {
        id: r.id,
        name: r.name,
        pack_id: r.pack_id,
        pack_name: r.pack.name,
        is_premium: r.pack.is_premium,
        image_url: r.image_path ? `${url}/storage/v1/object/public/store-images/${encodeURIComponent(r.image_path)}` : null,
      }
    : null;
}

export const stickerCatalogue = catalogueCopy<Row, CatalogueSticker>({
  storageKey: 'cadernos-sticker-catalogue',
  query: STICKER_CATALOGUE_QUERY,
  map: stickerOf,
  valid,
});
