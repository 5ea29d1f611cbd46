/**
 * /admin › Traduções and Perguntas frequentes (issue 36): the online data of the content admins
 * change without a release (the pattern: src/screens/online/README.md). The calls are
 * src/data/online/content-admin.ts. Not kept on the device (no persister): the public copies are
 * kept by src/i18n (dynamic translations, the FAQ).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { dynamicTextsKey } from './dynamic-texts.ts';
import type { DynamicTranslation } from '../../../i18n/dynamic-translations.ts';
import type { FaqItem } from '../../../i18n/faq-content.ts';
import {
  deleteFaq,
  deleteTranslation,
  listFaq,
  listTranslations,
  saveFaq,
  saveTranslation,
  type FaqDraft,
  type TranslationDraft,
} from '../../../data/online/content-admin.ts';

export const contentKeys = {
  dynamicTexts: dynamicTextsKey,
  translations: ['admin', 'translations'] as const,
  faq: ['admin', 'faq'] as const,
};

/** A read under way began before the write: cancelled and asked again (src/screens/online/hooks/admin.ts). */
async function readAgain(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}


export function useTranslationsList() {
  return useQuery({ queryKey: contentKeys.translations, queryFn: listTranslations, persister: undefined });
}

export function useTranslationSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: TranslationDraft }) => saveTranslation(id, draft),
    onSettled: () => readAgain(client, contentKeys.translations),
  });
}

export function useTranslationDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: DynamicTranslation) => deleteTranslation(item.id),
    onSettled: () => readAgain(client, contentKeys.translations),
  });
}

export function useFaqList() {
  return useQuery({ queryKey: contentKeys.faq, queryFn: listFaq, persister: undefined });
}

export function useFaqSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: FaqDraft }) => saveFaq(id, draft),
    onSettled: () => readAgain(client, contentKeys.faq),
  });
}

export function useFaqDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: FaqItem) => deleteFaq(item),
    onSettled: () => readAgain(client, contentKeys.faq),
  });
}
