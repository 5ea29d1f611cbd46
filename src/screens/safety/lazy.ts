import { loadCatalogArea } from '../../locale/i18n.ts';

/**
 * The block button with its words: src/screens/safety's texts live in the account screens'
 * catalog (lingui.config.ts), which the notebook and profile screens do not load otherwise.
 */
export async function loadBlockPersonButton() {
  const [module] = await Promise.all([import('./BlockPersonButton.tsx'), loadCatalogArea('accounts')]);
  return module;
}
