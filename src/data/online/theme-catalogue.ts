/**
 * The notebook themes catalogue as the device knows it (issue 35): the server's active
 * notebook_themes rows with their colours, so a theme an admin adds in /admin › Temas reaches the
 * editor's picker and every cover and sheet drawn with it — the owner's, a guest's, a
 * collaborator's —, offline too (the device's copy: catalogue-copy.ts, where the decision is
 * written). The app's own themes keep their CSS classes (src/styles/theme-colors.ts).
 */
import { isThemeColors, type ThemeColors } from '../../styles/theme-colors.ts';
import { catalogueCopy } from './catalogue-copy.ts';

export interface CatalogueTheme {
  id: string;
  name: string;
  is_premium: boolean;
  colors: ThemeColors;
}

function valid(row: unknown): row is CatalogueTheme {
  const r = row as Partial<CatalogueTheme> | null;
  return !!r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.is_premium === 'boolean' && isThemeColors(r.colors);
}

export const themeCatalogue = catalogueCopy<CatalogueTheme, CatalogueTheme>({
  storageKey: 'cadernos-theme-catalogue',
  query: 'notebook_themes?select=id,name,is_premium,colors&is_active=eq.true&order=sort_order,id',
  map: (r) => (valid(r) ? { id: r.id, name: r.name, is_premium: r.is_premium, colors: r.colors } : null),
  valid,
});
