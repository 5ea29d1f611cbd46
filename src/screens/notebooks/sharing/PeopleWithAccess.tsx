import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { PersonFound } from '../../../data/repositories/invites.ts';
import type { NotebookShareDoc, ProfileDoc } from '../../../data/schemas/index.ts';
import { toast } from '../../../state/toast.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { REMOVAL_CONSEQUENCE, sharingProblem } from './messages.ts';
import { PersonName, PersonSearch, personName } from './PersonSearch.tsx';
import { SharingRefusals } from './SharingRefusals.tsx';
import * as s from './sharing.css.ts';

interface Props {
  layer: DataLayer;
  notebookId: string;
  shares: NotebookShareDoc[];
  /** Who already has access (owner, shares, collaborators): the search marks them instead of offering to share. */
  alreadyIn: ReadonlySet<string>;
  profiles: Map<string, ProfileDoc> | undefined;
  online: boolean;
}

/**
 * Invite registered people (search by @username or name) and see or remove who has access.
 * Removing someone is asked first: they cannot come back through the notebook's links or codes
 * until the owner shares with them again (the database keeps them out).
 */
export function PeopleWithAccess({ layer, notebookId, shares, alreadyIn, profiles, online }: Props) {
  const { t, i18n } = useLingui();
  const [removing, setRemoving] = useState<string | null>(null);

  async function share(person: PersonFound): Promise<boolean> {
    const result = await layer.api.sharing.share(notebookId, person.id);
    if (result.ok) toast({ title: t`Caderno compartilhado` });
    else toast({ title: t`Erro ao compartilhar caderno`, description: i18n._(sharingProblem(result.problem, 'share')), variant: 'destructive' });
    return result.ok;
  }

  async function remove(userId: string) {
    setRemoving(null);
    const result = await layer.api.sharing.unshare(notebookId, userId);
    if (result.ok) toast({ title: t`Acesso removido` });
    else toast({ title: t`Erro ao remover acesso`, description: i18n._(sharingProblem(result.problem, 'remove')), variant: 'destructive' });
  }

  const nameOf = (userId: string) => {
    const profile = profiles?.get(userId);
    return profile ? <PersonName person={profile} /> : t`Pessoa convidada`;
  };

  return (
    <>
      <section className={s.section} aria-labelledby="invite-people-title">
        <h3 id="invite-people-title" className={s.sectionTitle}>
          <Trans>Convidar pessoas</Trans>
        </h3>
        <PersonSearch
          layer={layer}
          online={online}
          action={<Trans>Compartilhar</Trans>}
          actionName={(person) => {
            const who = personName(person);
            return t`Compartilhar com ${who}`;
          }}
          alreadyIn={alreadyIn}
          alreadyLabel={<Trans>Já tem acesso</Trans>}
          onPick={share}
        />
      </section>
      <section className={s.section} aria-labelledby="access-title">
        <h3 id="access-title" className={s.sectionTitle}>
          <Trans>Quem tem acesso</Trans>
        </h3>
        {shares.length === 0 ? (
          <p className={f.hint}>
            <Trans>Só você, por enquanto.</Trans>
          </p>
        ) : (
          <ul className={s.rows} data-testid="people-with-access">
            {shares.map((share) => (
              <li key={share.id} className={s.rowMain}>
                <span className={s.person}>{nameOf(share.shared_with)}</span>
                <button type="button" className={button.ghost} onClick={() => setRemoving(share.shared_with)}>
                  <Trans>Remover acesso</Trans>
                </button>
              </li>
            ))}
          </ul>
        )}
        <SharingRefusals layer={layer} notebookId={notebookId} collection="notebook_shares" profiles={profiles} />
      </section>
      {removing && (
        <RemoveAccessDialog who={nameOf(removing)} onConfirm={() => void remove(removing)} onCancel={() => setRemoving(null)} />
      )}
    </>
  );
}

function RemoveAccessDialog({ who, onConfirm, onCancel }: { who: ReactNode; onConfirm: () => void; onCancel: () => void }) {
  const { i18n } = useLingui();
  return (
    <ConfirmDialog title={<Trans>Remover o acesso de {who}?</Trans>} confirmLabel={<Trans>Remover acesso</Trans>} onConfirm={onConfirm} onCancel={onCancel}>
      {i18n._(REMOVAL_CONSEQUENCE)}
    </ConfirmDialog>
  );
}
