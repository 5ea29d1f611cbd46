/**
 * The texts admins change without a release, for a screen's own words (the store's banner; issue
 * 36). Its own module so that a screen reading them carries none of the admins' calls
 * (hooks/content.ts, which imports data/online/content-admin.ts and its image uploads).
 */
import { useQuery } from '@tanstack/react-query';
import { loadDynamicTranslations, MEMORY_CACHE_MS } from '../../../i18n/dynamic-translations.ts';

export const dynamicTextsKey = ['dynamic-translations'] as const;

/** Never fails: src/i18n keeps its copies and retries; the caller's static texts stand in meanwhile. */
export function useDynamicTexts() {
  return useQuery({ queryKey: dynamicTextsKey, queryFn: () => loadDynamicTranslations(), staleTime: MEMORY_CACHE_MS, persister: undefined });
}
