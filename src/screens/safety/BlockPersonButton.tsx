import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { button } from '../../components/ui.css.ts';
import { blockPerson, haveBlocked, unblockPerson } from '../../data/online/safety.ts';
import { loadCatalogArea } from '../../locale/i18n.ts';
import { noteBlocked } from './blocked-store.ts';
import { safetyProblemMessage } from './messages.ts';
import * as css from './safety.css.ts';

/**
 * Block (or unblock) a person, from their profile or from something of theirs (an answer, a
 * notebook). Renders nothing for visitors and on one's own things. Blocking asks once: the person
 * blocked no longer sees your profile, finds you, answers or joins your notebooks (the database
 * enforces it: supabase/migrations/20261124110300_safety.sql), and you leave their notebooks.
 */
export default function BlockPersonButton({
  userId,
  username,
  onBlocked,
  checkFirst = true,
}: {
  userId: string;
  username: string;
  onBlocked?: () => void;
  /** Ask the server whether the person is already blocked (a profile page); not in long lists. */
  checkFirst?: boolean;
}) {
  const { t, i18n } = useLingui();
  const me = useSessionStore((s) => s.userId);
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  // Its words are in the account screens' catalog: a screen that shows it without lazy.ts gets them too.
  useEffect(() => void loadCatalogArea('accounts'), []);

  useEffect(() => {
    if (!me || me === userId || !checkFirst) return;
    let stale = false;
    void haveBlocked(userId).then((result) => {
      if (!stale && result.ok) setBlocked(result.value);
    });
    return () => {
      stale = true;
    };
  }, [me, userId, checkFirst]);

  if (!me || me === userId) return null;

  async function run(action: 'block' | 'unblock') {
    setBusy(true);
    const result = action === 'block' ? await blockPerson(userId) : await unblockPerson(userId);
    setBusy(false);
    setAsking(false);
    if (!result.ok) {
      toast({ title: t`Não foi possível concluir`, description: i18n._(safetyProblemMessage(result.problem)), variant: 'destructive' });
      return;
    }
    setBlocked(action === 'block');
    noteBlocked(me!, userId, action === 'block');
    toast({ title: action === 'block' ? t`@${username} foi bloqueado(a)` : t`@${username} foi desbloqueado(a)` });
    if (action === 'block') onBlocked?.();
  }

  if (blocked) {
    return (
      <button type="button" className={button.secondary} disabled={busy} onClick={() => void run('unblock')}>
        <Trans>Desbloquear @{username}</Trans>
      </button>
    );
  }
  if (!asking) {
    return (
      <button type="button" className={checkFirst ? button.secondary : button.ghost} onClick={() => setAsking(true)} aria-expanded={false}>
        <Trans>Bloquear @{username}</Trans>
      </button>
    );
  }
  return (
    <div className={css.confirmBox} role="group" aria-label={t`Bloquear @${username}`}>
      <p className={css.text}>
        <Trans>
          @{username} não poderá ver seu perfil, encontrar você na busca, responder ou entrar nos seus cadernos. Você
          sai dos cadernos dessa pessoa. Ninguém é avisado.
        </Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={button.danger} disabled={busy} onClick={() => void run('block')}>
          <Trans>Bloquear</Trans>
        </button>
        <button type="button" className={button.ghost} disabled={busy} onClick={() => setAsking(false)}>
          <Trans>Cancelar</Trans>
        </button>
      </div>
    </div>
  );
}
