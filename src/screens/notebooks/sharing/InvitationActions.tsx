import { Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { NotebookCollaboratorDoc, ProfileDoc } from '../../../data/schemas/index.ts';
import { useSyncStatusStore } from '../../../state/sync-status.ts';
import { toast } from '../../../state/toast.ts';
import { RefusedNotice } from '../common/RefusedNotice.tsx';
import { ROLE_LABELS } from './CollaborationPanel.tsx';
import { sharingProblem } from './messages.ts';
import { PersonName } from './PersonSearch.tsx';
import * as s from './sharing.css.ts';

/**
 * A pending collaboration invitation as the invitee sees it (spec §3: pending ones show the
 * inviter): who invited, as what, and accept or decline. Both work offline and sync later.
 */
export function InvitationActions({
  layer,
  invitation,
  profiles,
}: {
  layer: DataLayer;
  invitation: NotebookCollaboratorDoc;
  profiles: Map<string, ProfileDoc> | undefined;
}) {
  const { t, i18n } = useLingui();
  const inviter = invitation.invited_by ? profiles?.get(invitation.invited_by) : undefined;
  const inviterName = inviter ? <PersonName person={inviter} /> : t`o dono do caderno`;
  const role = i18n._(ROLE_LABELS[invitation.role]);
  // An answer the server refused (S8): the invitation is back as the server has it, and says why.
  const refused = useSyncStatusStore((st) => st.rejections.find((r) => r.key === `notebook_collaborators/${invitation.id}`));

  async function accept() {
    const result = await layer.api.sharing.acceptCollaboration(invitation.id);
    if (result.ok) toast({ title: t`Convite aceito` });
    else toast({ title: t`Erro`, description: t`Não foi possível aceitar o convite.`, variant: 'destructive' });
  }

  async function decline() {
    const result = await layer.api.sharing.removeCollaborator(invitation.id);
    if (result.ok) toast({ title: t`Convite recusado` });
    else toast({ title: t`Erro`, description: t`Não foi possível recusar o convite.`, variant: 'destructive' });
  }

  return (
    <div className={s.row} data-testid="pending-invitation">
      <p className={f.hint}>
        <Trans>
          Convite de {inviterName} para participar como {role}.
        </Trans>
      </p>
      <div className={s.actions}>
        <button type="button" className={button.primary} onClick={() => void accept()}>
          <Trans>Aceitar</Trans>
        </button>
        <button type="button" className={button.secondary} onClick={() => void decline()}>
          <Trans>Recusar</Trans>
        </button>
      </div>
      {refused && (
        <RefusedNotice
          rejection={refused}
          title={refused.operation === 'delete' ? t`Não foi possível recusar o convite.` : t`Não foi possível aceitar o convite.`}
          message={i18n._(sharingProblem({ code: refused.reason }, 'collaborate'))}
          onDiscard={() => void layer.api.rejections.discard(refused.key)}
        />
      )}
    </div>
  );
}
