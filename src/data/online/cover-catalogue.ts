/**
 * The cover styles catalogue as the device knows it (issue 35): the server's active cover_styles
 * rows (readable by anyone), so a style an admin adds in /admin › Estilos de capa — its uploaded
 * picture — reaches the editor's picker and every cover drawn with it (the owner's, a guest's, a
 * collaborator's), offline too (the device's copy: catalogue-copy.ts, where the decision is
 * written). The same shape as the paper catalogue's entries: an id, a name, premium or not, the
 * picture's public address (none for the plain cover 'liso').
 */
import { catalogueCopy } from './catalogue-copy.ts';
import { pictureEntry, validPictureEntry, type CataloguePaper } from './paper-catalogue.ts';

export type CatalogueCoverStyle = CataloguePaper;

export const coverCatalogue = catalogueCopy({
  storageKey: 'cadernos-cover-catalogue',
  query: 'cover_styles?select=id,name,is_premium,image_path&is_active=eq.true&order=sort_order,id',
  map: pictureEntry,
  valid: validPictureEntry,
});
