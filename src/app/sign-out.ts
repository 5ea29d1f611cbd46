import { t } from '@lingui/core/macro';
import { useSignOutConfirmStore } from '../state/sign-out.ts';
import { toast } from '../state/toast.ts';
import { appNavigate } from './navigator.ts';

/**
 * The person's own sign-out (header "Sair", Settings → security): the data layer's hooks, a
 * confirmation when writes could not be sent, the server's logout with its 5-second limit, then
 * home (spec §2: where the user lands after logout). 'Aviso' when the server could not be told;
 * silence when it no longer knew the session (spec §8).
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
