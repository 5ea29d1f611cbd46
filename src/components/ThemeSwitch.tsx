import { useLingui } from '@lingui/react/macro';
import { useThemeStore, type ThemePreference } from '../state/theme.ts';
import { visuallyHidden } from './ui.css.ts';
import * as s from './header.css.ts';

export function ThemeSwitch() {
  const { t } = useLingui();
  const preference = useThemeStore((st) => st.preference);
  const setPreference = useThemeStore((st) => st.setPreference);
  const labels: Record<ThemePreference, string> = { light: t`Claro`, dark: t`Escuro`, system: t`Sistema` };
  return (
    <label className={s.control}>
      {/* On a 360 px phone the select speaks for itself; the label stays for screen readers. */}
      <span className={visuallyHidden}>{t`Tema`}</span>
      <select
        className={s.select}
        value={preference}
        onChange={(e) => setPreference(e.target.value as ThemePreference)}
        data-testid="theme-switch"
      >
        {(Object.keys(labels) as ThemePreference[]).map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
