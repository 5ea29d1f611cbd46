import { lazy, type ComponentProps } from 'react';
import { loadCatalogArea } from '../../locale/i18n.ts';
import type BlockPersonButtonComponent from './BlockPersonButton.tsx';

type BlockPersonButtonProps = ComponentProps<typeof BlockPersonButtonComponent>;

/**
 * The block button with its words: src/screens/safety's texts live in the account screens'
 * catalog (lingui.config.ts), which the notebook and profile screens do not load otherwise.
 */
export async function loadBlockPersonButton() {
  const [module] = await Promise.all([import('./BlockPersonButton.tsx'), loadCatalogArea('accounts')]);
  return module;
}

let loading: ReturnType<typeof loadBlockPersonButton> | null = null;

/** Fetches the button's chunk once (the notebook view asks while online); a failure may be retried. */
export function preloadBlockPersonButton(): ReturnType<typeof loadBlockPersonButton> {
  loading ??= loadBlockPersonButton().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const NoButton = (_props: BlockPersonButtonProps) => null;

/**
 * The notebook screens' block button, in its own chunk. Blocking needs the network anyway, so a
 * chunk that cannot be fetched (a first visit that went offline before it arrived) shows no button
 * instead of failing the whole notebook page.
 */
export const LazyBlockPersonButton = lazy(() => preloadBlockPersonButton().catch(() => ({ default: NoButton })));
