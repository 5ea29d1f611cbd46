import { useLingui } from '@lingui/react/macro';
import { THEME_PREFERENCES, useThemeStore, type ThemePreference } from '../state/theme.ts';
import * as s from './frame/frame.css.ts';

export function ThemeSwitch() {
  const { t } = useLingui();
  const preference = useThemeStore((st) => st.preference);
  const setPreference = useThemeStore((st) => st.setPreference);
  const labels: Record<ThemePreference, string> = { light: t`Claro`, dark: t`Escuro`, system: t`Sistema` };
  return (
    <fieldset className={s.choiceGroup} data-testid="theme-switch">
      <legend className={s.choiceLegend}>{t`Tema`}</legend>
      <div className={s.choices}>
        {THEME_PREFERENCES.map((value) => (
          <label key={value} className={s.choice}>
            <input
              type="radio"
              name="app-theme"
              className={s.choiceInput}
              value={value}
              checked={preference === value}
              onChange={() => setPreference(value)}
            />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
