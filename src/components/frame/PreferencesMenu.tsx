import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';
// Not a lazy chunk: measured, a separate chunk made the landing page's JavaScript larger (the
// bundler then splits the language switch's dependencies out of the entry), not smaller.
import Preferences from './Preferences.tsx';
import { useMenu } from './useMenu.ts';
import * as s from './frame.css.ts';

/** A visitor's menu: language and theme. (A signed-in person finds them in the account menu.) */
export function PreferencesMenu() {
  const { t } = useLingui();
  const menu = useMenu();
  return (
    <div className={s.menuRoot} ref={menu.root}>
      <button {...menu.toggleProps} className={s.iconButton} aria-label={t`Idioma e tema`} data-testid="preferences-menu">
        <Icon name="settings" />
      </button>
      <div id={menu.panelId} className={s.menuPanel} hidden={!menu.open} role="group" aria-label={t`Idioma e tema`}>
        {menu.open && <Preferences />}
      </div>
    </div>
  );
}
