import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { NotebookView } from '../../../data/queries/notebook.ts';
import type { PersonFound } from '../../../data/repositories/invites.ts';
import type { CollaboratorRole, NotebookCollaboratorDoc, ProfileDoc } from '../../../data/schemas/index.ts';
import { accessHolders } from '../../../data/repositories/sharing.ts';
import { toast } from '../../../state/toast.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { REMOVAL_CONSEQUENCE, sharingProblem } from './messages.ts';
import { PersonName, PersonSearch, personName } from './PersonSearch.tsx';
import { SharingRefusals } from './SharingRefusals.tsx';
import * as s from './sharing.css.ts';

/** The roles a person can be invited with (spec §6; "owner" is never given). */
const ROLES: CollaboratorRole[] = ['editor', 'collaborator', 'viewer'];

export const ROLE_LABELS: Record<CollaboratorRole, MessageDescriptor> = {
  editor: msg`Editor`,
  collaborator: msg`Colaborador`,
  viewer: msg`Leitor`,
};

/** Which roles this person may hand out: only the owner makes editors (the server checks it too). */
export function grantableRoles(myRole: NotebookView['role']): CollaboratorRole[] {
  if (myRole === 'owner') return ROLES;
  if (myRole === 'editor') return ROLES.filter((role) => role !== 'editor');
  return [];
}

interface Props {
  layer: DataLayer;
  view: NotebookView;
  profiles: Map<string, ProfileDoc> | undefined;
}

/**
 * The collaboration panel (spec §2, §6): who helps with this notebook and as what; the owner and
 * editors invite and remove collaborators; the owner changes roles. Invitations wait until the
 * invitee accepts.
 */
export function CollaborationPanel({ layer, view, profiles }: Props) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const grantable = grantableRoles(view.role);
  const [role, setRole] = useState<CollaboratorRole>(grantable.includes('collaborator') ? 'collaborator' : (grantable[0] ?? 'viewer'));
  const manages = grantable.length > 0;

  async function invite(person: PersonFound): Promise<boolean> {
    const result = await layer.api.sharing.inviteCollaborator(view.notebook.id, person.id, role);
    if (result.ok) toast({ title: t`Convite enviado`, description: t`${personName(person)} precisa aceitar o convite.` });
    else toast({ title: t`Erro ao convidar`, description: i18n._(sharingProblem(result.problem, 'collaborate')), variant: 'destructive' });
    return result.ok;
  }

  return (
    <section className={s.section} aria-labelledby="collaboration-title" data-testid="collaboration-panel">
      <h2 id="collaboration-title" className={s.sectionTitle}>
        <Trans>Colaboração</Trans>
      </h2>
      {view.collaborators.length === 0 ? (
        <p className={f.hint}>
          <Trans>Ninguém colabora neste caderno ainda.</Trans>
        </p>
      ) : (
        <ul className={s.rows} aria-label={t`Colaboradores`}>
          {view.collaborators.map((collaborator) => (
            <CollaboratorRow key={collaborator.id} layer={layer} collaborator={collaborator} profiles={profiles} myRole={view.role} />
          ))}
        </ul>
      )}
      <SharingRefusals layer={layer} notebookId={view.notebook.id} collection="notebook_collaborators" profiles={profiles} />
      {manages && (
        <div className={s.row}>
          <h3 className={s.sectionTitle}>
            <Trans>Convidar colaborador</Trans>
          </h3>
          <label className={f.field}>
            <span className={f.label}>
              <Trans context="collaborator role">Papel</Trans>
            </span>
            <select className={f.input} value={role} onChange={(event) => setRole(event.target.value as CollaboratorRole)}>
              {grantable.map((option) => (
                <option key={option} value={option}>
                  {i18n._(ROLE_LABELS[option])}
                </option>
              ))}
            </select>
          </label>
          <PersonSearch
            layer={layer}
            online={online}
            action={<Trans>Convidar</Trans>}
            actionName={(person) => {
              const who = personName(person);
              return t`Convidar ${who}`;
            }}
            alreadyIn={accessHolders(view.notebook.user_id, view.shares, view.collaborators, true)}
            alreadyLabel={<Trans>Já convidado</Trans>}
            onPick={invite}
          />
        </div>
      )}
    </section>
  );
}

function CollaboratorRow({
  layer,
  collaborator,
  profiles,
  myRole,
}: {
  layer: DataLayer;
  collaborator: NotebookCollaboratorDoc;
  profiles: Map<string, ProfileDoc> | undefined;
  myRole: NotebookView['role'];
}) {
  const { t, i18n } = useLingui();
  const profile = profiles?.get(collaborator.user_id);
  const name = profile ? personName(profile) : t`Pessoa convidada`;
  const canRemove = myRole === 'owner' || (myRole === 'editor' && collaborator.role !== 'editor');
  const [confirming, setConfirming] = useState(false);

  async function changeRole(role: CollaboratorRole) {
    const result = await layer.api.sharing.changeCollaboratorRole(collaborator.id, role);
    if (!result.ok) toast({ title: t`Erro`, description: i18n._(sharingProblem(result.problem, 'collaborate')), variant: 'destructive' });
  }

  async function remove() {
    setConfirming(false);
    const result = await layer.api.sharing.removeCollaborator(collaborator.id);
    if (result.ok) toast({ title: t`Acesso removido` });
    else toast({ title: t`Erro`, description: i18n._(sharingProblem(result.problem, 'remove')), variant: 'destructive' });
  }

  return (
    <li className={s.rowMain} data-testid="collaborator">
      <span className={s.person}>
        {profile ? <PersonName person={profile} /> : name}{' '}
        <span className={f.hint}>{collaborator.status === 'pending' ? t`(convite pendente)` : ''}</span>
      </span>
      {myRole === 'owner' ? (
        <select
          className={f.input}
          value={collaborator.role}
          aria-label={t`Papel de ${name}`}
          onChange={(event) => void changeRole(event.target.value as CollaboratorRole)}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {i18n._(ROLE_LABELS[option])}
            </option>
          ))}
        </select>
      ) : (
        <span>{i18n._(ROLE_LABELS[collaborator.role])}</span>
      )}
      {canRemove && (
        <button type="button" className={button.ghost} onClick={() => setConfirming(true)}>
          <Trans>Remover</Trans>
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={<Trans>Remover {name} da colaboração?</Trans>}
          confirmLabel={<Trans>Remover</Trans>}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          {i18n._(REMOVAL_CONSEQUENCE)}
        </ConfirmDialog>
      )}
    </li>
  );
}
