/**
 * The theme a new notebook starts with (issue 35): the person's default (Settings › Cadernos) —
 * any theme of the catalogue —, unless it is a store theme they do not own (now, or not yet known
 * on this device: `owned` null), which the server would refuse ("30 a store theme is owned", hint
 * look_not_owned) when the notebook is sent; then the spec's default, purple.
 */
import type { CatalogueTheme } from '../../../data/online/theme-catalogue.ts';
import { DEFAULT_NOTEBOOK_THEME, STORE_THEMES } from './appearance.ts';

export function startTheme(theme: string, catalogue: readonly CatalogueTheme[] | null, owned: readonly string[] | null | undefined): string {
  const store = (STORE_THEMES as readonly string[]).includes(theme) || !!catalogue?.some((c) => c.id === theme && c.is_premium);
  return store && !(owned ?? []).includes(theme) ? DEFAULT_NOTEBOOK_THEME : theme;
}
