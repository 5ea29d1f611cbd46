import { useLingui } from '@lingui/react/macro';
import { dynamicText } from '../../../i18n/dynamic-translations.ts';
import { useDynamicTexts } from '../hooks/dynamic-texts.ts';
import * as css from './store.css.ts';

/**
 * The store's title and line of the season (issue 36; spec §3, §7): an admin changes them in
 * /admin › Traduções (keys store.banner.title, store.banner.subtitle) without a release. Until the
 * texts arrive, or when they cannot be read or are empty, the static words stand.
 */
export function StoreBanner() {
  const { t, i18n } = useLingui();
  const texts = useDynamicTexts().data ?? [];
  return (
    <header className={css.banner}>
      <h1 className={css.heading}>{dynamicText(texts, 'store.banner.title', i18n.locale, t`Loja sazonal`)}</h1>
      <p className={css.meta}>{dynamicText(texts, 'store.banner.subtitle', i18n.locale, t`Temas, adesivos e papéis novos a cada estação.`)}</p>
    </header>
  );
}
