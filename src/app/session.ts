import { t } from '@lingui/core/macro';
import type { SessionNotice } from '../data/session/state.ts';
import { loadCatalogArea } from '../locale/i18n.ts';
import { followSession } from '../state/session.ts';
import { followSyncStatus } from '../state/sync-status.ts';
import { toast } from '../state/toast.ts';
import { appNavigate } from './navigator.ts';

/**
 * The app's side of the session: starts the engine (src/data/session/engine.ts, loaded lazily:
 * it brings supabase-js), copies its state and the data layer's sync status into the stores, and
 * says what its notices mean to the person (spec §4, §8). Routes that need the auth layer start it
 * through their guard (guards.tsx); a stored session starts it at launch (SessionManager.tsx).
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
