import { useEffect, useMemo, useState } from 'react';
import { groupFaq, loadFaq, storedFaq, type FaqGroup, type FaqItem } from '../../i18n/faq-content.ts';

/**
 * The FAQ admins wrote, in the page's language: the copy kept from an earlier visit at once (so
 * it reads offline), then what the backend answers. null = nothing written or nothing reachable
 * and nothing kept: the page shows its static FAQ. Read after mounting: the prerendered page is
 * the static one.
 */
export function useFaqContent(locale: string): FaqGroup[] | null {
  const [items, setItems] = useState<FaqItem[] | null>(null);
  useEffect(() => {
    let live = true;
    setItems(storedFaq());
    void loadFaq().then((read) => {
      if (live && read) setItems(read);
    });
    return () => {
      live = false;
    };
  }, []);
  // the same groups until the items or the language change (the page opens a linked question on a change)
  return useMemo(() => (items && items.length > 0 ? groupFaq(items, locale) : null), [items, locale]);
}
