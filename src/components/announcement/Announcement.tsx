import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';
import { dynamicText, loadDynamicTranslations, type DynamicTranslation } from '../../i18n/dynamic-translations.ts';
import * as s from './Announcement.css.ts';

export const DISMISSED_PREFIX = 'cadernos-announcement-dismissed:';

function dismissedText(key: string): string | null {
  try {
    return localStorage.getItem(DISMISSED_PREFIX + key);
  } catch {
    return null;
  }
}

/**
 * An announcement admins write as a dynamic translation (/admin › Traduções, keys
 * announcement.landing and announcement.dashboard), in the page's language. Dismissed with the
 * close button: that text stays hidden on this device; a new text shows again. Never blocks the
 * page (no dialog, no focus taken) and shows nothing when the text is empty or cannot be read.
 */
export default function Announcement({ textKey }: { textKey: string }) {
  const { t, i18n } = useLingui();
  const [items, setItems] = useState<readonly DynamicTranslation[]>([]);
  const [dismissed, setDismissed] = useState(() => dismissedText(textKey));
  useEffect(() => {
    let live = true;
    void loadDynamicTranslations().then((read) => {
      if (live) setItems(read);
    });
    return () => {
      live = false;
    };
  }, []);
  const text = dynamicText(items, textKey, i18n.locale, '').trim();
  if (!text || dismissed === text) return null;

  const dismiss = () => {
    setDismissed(text);
    try {
      localStorage.setItem(DISMISSED_PREFIX + textKey, text);
    } catch {
      // not kept: it comes back on the next visit
    }
  };
  return (
    <section className={s.banner} aria-label={t`Comunicado`} data-testid="announcement">
      <Icon name="bell" className={s.icon} />
      <p className={s.text}>{text}</p>
      <button type="button" className={s.close} aria-label={t`Fechar aviso`} onClick={dismiss}>
        <Icon name="close" />
      </button>
    </section>
  );
}
