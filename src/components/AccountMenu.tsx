import { Suspense } from 'react';
import { lazyPart } from './lazy-part.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { useSessionStore } from '../state/session.ts';
import { backTo, nextPath, withNext } from '../navigation/links.ts';
import { allRoutes } from '../navigation/pages.ts';
import { PreferencesMenu } from './frame/PreferencesMenu.tsx';
import * as s from './frame/frame.css.ts';

// A visitor's landing page needs only "Entrar": the signed-in menu (and sign-out) load when needed.
const SignedInMenu = lazyPart(() => import('./SignedInMenu.tsx'));

/** Pages a person signs in from without wanting to come back to: the landing, account and static pages. */
function isWorthReturningTo(path: string): boolean {
  if (path === '/') return false;
  const route = allRoutes().find((r) => r.path === path);
  return !route?.static && !['/login', '/register', '/forgot-password', '/reset-password'].includes(path);
}

/**
 * "Entrar" / "Criar conta" from the bar bring the person back where they were going, as the
 * page's own buttons do: the page's `?next=`, else the page itself when it is one worth returning to.
 */
function accountLink(path: string, location: string, search: string): string {
  if (nextPath(search)) return withNext(path, search);
  return backTo(path, isWorthReturningTo(location) ? location : null);
}

/**
 * The top bar's account area (spec §4): "Entrar" and the language and theme menu for a visitor;
 * the signed-in person's menu (profile, settings, language, theme, "Sair") otherwise. Nothing while
 * the stored session is being looked at, so the bar does not flash "Entrar" at a signed-in person.
 */
export function AccountMenu() {
  const { t } = useLingui();
  const status = useSessionStore((st) => st.status);
  const [location] = useLocation();
  const search = useSearch();
  const placeholder = <span className={s.iconButton} aria-hidden="true" />;
  if (status === 'loading') return placeholder;
  if (status === 'signed-out') {
    return (
      <>
        <nav aria-label={t`Principal`}>
          {/* On the login page, the other way in. */}
          {location === '/login' ? (
            <Link href={accountLink('/register', location, search)} className={s.barLink}>
              <Trans>Criar conta</Trans>
            </Link>
          ) : (
            <Link href={accountLink('/login', location, search)} className={s.barLink}>
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
