import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from './lazy-part.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSessionStore, useSignOutConfirmStore } from '../state/session.ts';
import { signOutWithFeedback } from '../state/session-actions.ts';
import { Icon } from './Icon.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { AppVersion, SITE_LINKS, SiteLink } from './SiteLinks.tsx';
import { useMenu } from './frame/useMenu.ts';
import * as s from './frame/frame.css.ts';

const SignOutDialog = lazyPart(() => import('./SignOutDialog.tsx'));

/**
 * The person's picture (the session follows their profile, so a new one shows at once), or their
 * initial without one or while it cannot load (offline, not kept). Decorative: the button is
 * named by the username.
 */
function AccountAvatar({ url, username }: { url: string | null; username: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img className={s.avatar} src={url} alt="" width={34} height={34} decoding="async" onError={() => setFailed(url)} />;
  }
  return (
    <span aria-hidden="true" className={s.avatar}>
      {(username ?? '?').slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The signed-in person's menu: their avatar opens profile, settings, language, theme and "Sair".
 * Also hosts the "sign out anyway?" dialog (writes that could not be sent).
 */
export default function SignedInMenu() {
  const { t } = useLingui();
  const username = useSessionStore((st) => st.username);
  const avatarUrl = useSessionStore((st) => st.avatarUrl);
  const pending = useSignOutConfirmStore((st) => st.pending);
  const menu = useMenu();
  const [busy, setBusy] = useState(false);
  const { setOpen } = menu;
  // The "sign out anyway?" dialog takes over: the menu must not stay open behind it.
  useEffect(() => {
    if (pending) setOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setOpen is new on each render; only `pending` matters.
  }, [pending]);

  const signOut = async () => {
    setBusy(true);
    try {
      await signOutWithFeedback('local');
    } finally {
      setBusy(false);
      menu.setOpen(false);
    }
  };

  return (
    <div className={s.menuRoot} ref={menu.root}>
      <button {...menu.toggleProps} className={s.accountButton} data-testid="account-menu">
        <AccountAvatar url={avatarUrl} username={username} />
        <span className={s.accountName}>{username ? `@${username}` : t`Minha conta`}</span>
      </button>
      <div id={menu.panelId} className={s.menuPanel} hidden={!menu.open} role="group" aria-label={t`Conta`}>
        {username && (
          <p className={s.menuHeading} aria-hidden="true">
            @{username}
          </p>
        )}
        <ul className={s.menuList} aria-label={t`Conta`}>
          <li>
            <Link href="/profile" className={s.menuItem}>
              <Icon name="user" />
              <Trans>Meu perfil</Trans>
            </Link>
          </li>
          <li>
            <Link href="/settings" className={s.menuItem}>
              <Icon name="settings" />
              <Trans>Configurações</Trans>
            </Link>
          </li>
        </ul>
        <hr className={s.menuDivider} />
        <LanguageSwitch />
        <ThemeSwitch />
        <hr className={s.menuDivider} />
        <button type="button" className={s.menuItem} onClick={() => void signOut()} disabled={busy}>
          <Icon name="log-out" />
          {busy ? <Trans>Saindo…</Trans> : <Trans>Sair</Trans>}
        </button>
        <hr className={s.menuDivider} />
        {/* The footer's links: the signed-in app has no footer above its bottom navigation (issue 29). */}
        <ul className={s.menuSiteLinks} aria-label={t`Sobre o Cadernos`} data-testid="menu-site-links">
          {SITE_LINKS.map((link) => (
            <li key={link.href}>
              <SiteLink {...link} className={s.menuSiteLink} />
            </li>
          ))}
        </ul>
        <AppVersion className={s.menuVersion} />
      </div>
      {pending && (
        <Suspense fallback={null}>
          <SignOutDialog />
        </Suspense>
      )}
    </div>
  );
}
