import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '../locale/locales.ts';
import { useLocaleSwitch } from '../navigation/locale-routing.ts';
import * as s from './frame/frame.css.ts';

/**
 * Switches language in place: same page, `/en` added or removed, history entry replaced. One radio
 * per language, each named in its own language (a person lost in the other one still finds theirs).
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const switchTo = useLocaleSwitch();
  // The choice shows at once, while the other language's texts load.
  const [choosing, setChoosing] = useState<Locale | null>(null);
  const choose = (locale: Locale) => {
    setChoosing(locale);
    void switchTo(locale).finally(() => setChoosing(null));
  };
  return (
    <fieldset className={s.choiceGroup} data-testid="language-switch">
      <legend className={s.choiceLegend}>{t`Idioma`}</legend>
      <div className={s.choices}>
        {LOCALES.map((l) => (
          <label key={l.code} className={s.choice} lang={l.code}>
            <input
              type="radio"
              name="app-language"
              className={s.choiceInput}
              value={l.code}
              checked={(choosing ?? i18n.locale) === l.code}
              onChange={() => choose(l.code)}
            />
            {l.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
