import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { ThemeSwitch } from '../ThemeSwitch.tsx';

/** Language and theme, side by side in a menu. */
export default function Preferences() {
  return (
    <>
      <LanguageSwitch />
      <ThemeSwitch />
    </>
  );
}
