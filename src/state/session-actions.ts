import { t } from '@lingui/core/macro';
import type { SessionNotice } from '../data/session/state.ts';
import { loadCatalogArea } from '../locale/i18n.ts';
import { followSession, useSessionStore, useSignOutConfirmStore } from './session.ts';
import { followSyncStatus } from './sync-status.ts';
import { toast } from './toast.ts';
import { appNavigate } from '../navigation/navigator.ts';
import { rememberSignedIn } from './signed-in-hint.ts';

/**
 * The app's side of the session: starts the engine (src/data/session/engine.ts, loaded lazily:
 * it brings supabase-js), copies its state and the data layer's sync status into the stores, and
 * says what its notices mean to the person (spec §4, §8); and the person's own sign-out. Routes
 * that need the auth layer start it through their guard (guards.tsx); a stored session starts it
 * at launch (SessionManager.tsx).
 */

let starting: Promise<void> | undefined;

export function ensureSession(): Promise<void> {
  starting ??= start();
  return starting;
}

async function start(): Promise<void> {
  // The texts of the session's toasts, the account menu and the sign-out dialog. Not fatal:
  // offline without the chunk the person stays signed in, with the Portuguese source texts.
  await loadCatalogArea('accounts').catch(() => undefined);
  const [engine, { syncStatus$ }] = await Promise.all([import('../data/session/engine.ts'), import('../data/replication/status.ts')]);
  // Read before the first paint of a prerendered invitation, which a signed-in person must not see.
  useSessionStore.subscribe((session) => rememberSignedIn(session.status));
  followSession(engine.session$);
  followSyncStatus(syncStatus$);
  engine.sessionNotices$.subscribe(tell);
  await engine.ensureSessionEngine();
}

function tell(notice: SessionNotice): void {
  switch (notice.type) {
    case 'ended':
      toast({ title: t`Sessão encerrada`, description: t`Entre novamente para continuar.` });
      return;
    case 'banned':
      toast({
        title: t`Conta banida`,
        description: t`Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.`,
        variant: 'destructive',
      });
      void notice.signedOut.then(() => appNavigate('/', { replace: true }));
      return;
    case 'deleted':
      toast({ title: t`Conta removida`, description: t`Sua conta foi removida.`, variant: 'destructive' });
      void notice.signedOut.then(() => appNavigate('/', { replace: true }));
      return;
    case 'recovery':
      appNavigate('/reset-password', { replace: true });
      return;
  }
}

/** The new password is set (the reset form): the page leaves recovery mode. */
export async function endRecovery(): Promise<void> {
  const engine = await import('../data/session/engine.ts');
  engine.endRecovery();
}

/**
 * The person's own sign-out (the account menu's "Sair", Settings → security): the data layer's
 * hooks, a confirmation when writes could not be sent, the server's logout with its 5-second
 * limit, then home (spec §2: where the user lands after logout). 'Aviso' when the server could
 * not be told; silence when it no longer knew the session (spec §8).
 *
 * Returns false when the person chose to stay signed in.
 */
export async function signOutWithFeedback(scope: 'local' | 'global' = 'local'): Promise<boolean> {
  const { signOut } = await import('../data/auth.ts');
  const result = await signOut({ scope, confirmUnsynced: (items) => useSignOutConfirmStore.getState().ask(items) });
  if (!result.ok) return false;
  if (result.server === 'failed') {
    toast({
      title: t`Aviso`,
      description: t`Desconectado localmente. Pode haver problemas de sincronização.`,
      variant: 'destructive',
    });
  } else {
    toast({ title: t`Logout realizado` });
  }
  appNavigate('/');
  return true;
}
