import { lazy, Suspense } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { useSessionStore } from '../state/session.ts';
import { PreferencesMenu } from './frame/PreferencesMenu.tsx';
import * as s from './frame/frame.css.ts';

// A visitor's landing page needs only "Entrar": the signed-in menu (and sign-out) load when needed.
const SignedInMenu = lazy(() => import('./SignedInMenu.tsx'));

/**
 * The top bar's account area (spec §4): "Entrar" and the language and theme menu for a visitor;
 * the signed-in person's menu (profile, settings, language, theme, "Sair") otherwise. Nothing while
 * the stored session is being looked at, so the bar does not flash "Entrar" at a signed-in person.
 */
export function AccountMenu() {
  const { t } = useLingui();
  const status = useSessionStore((st) => st.status);
  const [location] = useLocation();
  const placeholder = <span className={s.iconButton} aria-hidden="true" />;
  if (status === 'loading') return placeholder;
  if (status === 'signed-out') {
    return (
      <>
        <nav aria-label={t`Principal`}>
          {/* On the login page, the other way in. */}
          {location === '/login' ? (
            <Link href="/register" className={s.barLink}>
              <Trans>Criar conta</Trans>
            </Link>
          ) : (
            <Link href="/login" className={s.barLink}>
              <Trans>Entrar</Trans>
            </Link>
          )}
        </nav>
        <PreferencesMenu />
      </>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <SignedInMenu />
    </Suspense>
  );
}
