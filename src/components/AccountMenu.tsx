import { lazy, Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { useSessionStore } from '../state/session.ts';
import * as s from './header.css.ts';

// A visitor's landing page needs only "Entrar": the signed-in menu (and sign-out) load when needed.
const SignedInMenu = lazy(() => import('./SignedInMenu.tsx'));

/**
 * The header's account area (spec §4): "Entrar" for a visitor; the signed-in person's menu
 * (profile, settings, "Sair") otherwise. Nothing while the stored session is being looked at, so
 * the header does not flash "Entrar" at a signed-in person.
 */
export function AccountMenu() {
  const status = useSessionStore((st) => st.status);
  const [location] = useLocation();
  const placeholder = <span className={s.accountPlaceholder} aria-hidden="true" />;
  if (status === 'loading') return placeholder;
  if (status === 'signed-out') {
    return (
      <Link href="/login" className={s.navLink} aria-current={location === '/login' ? 'page' : undefined}>
        <Trans>Entrar</Trans>
      </Link>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <SignedInMenu />
    </Suspense>
  );
}
