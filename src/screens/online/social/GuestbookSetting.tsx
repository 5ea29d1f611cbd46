import { useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { toast } from '../../../state/toast.ts';
import { OfflineNote } from '../OnlineData.tsx';
import { awaitsGuardian } from '../../../data/online/safety.ts';
import { useGuestbookFriendsOnly, useSaveGuestbookFriendsOnly } from '../hooks/guestbook.ts';
import { useGuardianState } from '../hooks/safety.ts';
import { useSocialProblem } from './messages.ts';
import * as css from './social.css.ts';

/**
 * Settings (after the social section): who may write on my guestbook (issue 32). A minor's guestbook starts with
 * friends only, and keeps it until the guardian confirms (the database refuses: guardian_pending).
 */
export default function GuestbookSetting({ userId }: { userId: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const query = useGuestbookFriendsOnly(userId);
  const save = useSaveGuestbookFriendsOnly(userId);
  const say = useSocialProblem();
  // a minor awaiting the guardian keeps friends only (the safest settings)
  const held = awaitsGuardian(useGuardianState(userId).data);
  const [friendsOnly, setFriendsOnly] = useState<boolean | undefined>(query.data);
  const headingId = useId();
  useEffect(() => setFriendsOnly(query.data), [query.data]);
  if (query.data === undefined) return null;
  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="settings-guestbook">
      <h2 id={headingId} className={css.title}>
        <Trans>Mural do perfil</Trans>
      </h2>
      <form
        className={f.form}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(Boolean(friendsOnly), {
            onSuccess: () => toast({ title: t`Alterações salvas` }),
            onError: (error) => toast({ variant: 'destructive', title: t`Erro ao salvar`, description: say(error, t`Não foi possível salvar as alterações.`) }),
          });
        }}
      >
        <label className={f.checkRow}>
          <input
            type="checkbox"
            className={f.checkbox}
            checked={Boolean(friendsOnly)}
            disabled={held && Boolean(query.data)}
            onChange={(event) => setFriendsOnly(event.target.checked)}
          />
          <Trans>Só amigos podem deixar mensagens no meu mural</Trans>
        </label>
        {held && (
          <p className={f.hint}>
            <Trans>Enquanto seu responsável não confirmar, seu mural aceita só amigos.</Trans>
          </p>
        )}
        <div className={css.row}>
          <button type="submit" className={button.primary} disabled={!online || save.isPending || friendsOnly === query.data}>
            <Trans>Salvar</Trans>
          </button>
        </div>
        <OfflineNote />
      </form>
    </section>
  );
}
