import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { useSessionStore } from '../state/session.ts';
import { useSignOutConfirmStore } from '../state/sign-out.ts';
import { signOutWithFeedback } from '../app/sign-out.ts';
import * as s from './header.css.ts';

const SignOutDialog = lazy(() => import('./SignOutDialog.tsx'));

/**
 * The signed-in person's menu: a button with their username opening profile, settings and
 * "Sair". Also hosts the "sign out anyway?" dialog (writes that could not be sent).
 */
export default function SignedInMenu() {
  const { t } = useLingui();
  const username = useSessionStore((st) => st.username);
  const pending = useSignOutConfirmStore((st) => st.pending);
  const [location] = useLocation();
  // Open only on the page where it was opened, so navigating closes it. (An effect closing it on
  // each location change also ran on mount, and could undo a click made just after the menu appeared.)
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (value: boolean) => setOpenOn(value ? location : null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Close on Escape and on a click elsewhere.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const signOut = async () => {
    setBusy(true);
    try {
      await signOutWithFeedback('local');
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <div className={s.account} ref={root}>
      <button
        ref={toggle}
        type="button"
        className={s.accountButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        data-testid="account-menu"
      >
        <span aria-hidden="true" className={s.avatar}>
          {(username ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className={s.accountName}>{username ? `@${username}` : t`Minha conta`}</span>
      </button>
      <ul id={menuId} className={s.accountPanel} hidden={!open} aria-label={t`Conta`}>
        <li>
          <Link href="/profile" className={s.accountItem}>
            <Trans>Meu perfil</Trans>
          </Link>
        </li>
        <li>
          <Link href="/settings" className={s.accountItem}>
            <Trans>Configurações</Trans>
          </Link>
        </li>
        <li>
          <button type="button" className={s.accountItem} onClick={() => void signOut()} disabled={busy}>
            {busy ? <Trans>Saindo…</Trans> : <Trans>Sair</Trans>}
          </button>
        </li>
      </ul>
      {pending && (
        <Suspense fallback={null}>
          <SignOutDialog />
        </Suspense>
      )}
    </div>
  );
}
