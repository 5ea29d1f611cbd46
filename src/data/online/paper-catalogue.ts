/**
 * The paper styles catalogue as the device knows it (issue 35): the server's active paper_styles
 * rows (readable by anyone), so papers an admin adds in /admin › Estilos de papel — with their
 * uploaded picture — reach the editor's picker and every sheet drawn on them, offline too (the
 * device's copy: catalogue-copy.ts, where the decision is written). The papers the app draws with
 * CSS (src/styles/paper-styles.ts) need no copy: they are the same table's rows.
 */
import { catalogueCopy } from './catalogue-copy.ts';

export interface CataloguePaper {
  id: string;
  name: string;
  is_premium: boolean;
  /** The picture's public address (bucket store-images), or null. */
  image_url: string | null;
}

/** A kept entry of a catalogue of named pictures (papers here, cover styles: cover-catalogue.ts). */
export function validPictureEntry(row: unknown): row is CataloguePaper {
  const r = row as Partial<CataloguePaper> | null;
  return !!r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.is_premium === 'boolean' && (r.image_url === null || typeof r.image_url === 'string');
}

/** A server row (id, name, is_premium, image_path) as the device keeps it: the picture's public address. */
export const pictureEntry = (r: { id: string; name: string; is_premium: boolean; image_path: string | null }, url: string): CataloguePaper => ({
  id: r.id,
  name: r.name,
  is_premium: r.is_premium,
  image_url: r.image_path ? `${url}/storage/v1/object/public/store-images/${encodeURIComponent(r.image_path)}` : null,
});

export const paperCatalogue = catalogueCopy({
  storageKey: 'cadernos-paper-catalogue',
  query: 'paper_styles?select=id,name,is_premium,image_path&is_active=eq.true&order=sort_order,id',
  map: pictureEntry,
  valid: validPictureEntry,
});
