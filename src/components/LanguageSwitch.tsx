import { useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '../locale/locales.ts';
import { useLocaleSwitch } from '../app/locale-routing.ts';
import { visuallyHidden } from './ui.css.ts';
import * as s from './header.css.ts';

/** Switches language in place: same page, `/en` added or removed, history entry replaced. */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const switchTo = useLocaleSwitch();
  return (
    <label className={s.control}>
      {/* On a 360 px phone the select speaks for itself; the label stays for screen readers. */}
      <span className={visuallyHidden}>{t`Idioma`}</span>
      <select
        className={s.select}
        value={i18n.locale}
        onChange={(e) => void switchTo(e.target.value as Locale)}
        data-testid="language-switch"
      >
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
