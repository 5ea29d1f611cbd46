import { Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { PersonFound } from '../../../data/repositories/invites.ts';
import type { NotebookShareDoc, ProfileDoc } from '../../../data/schemas/index.ts';
import { toast } from '../../../state/toast.ts';
import { sharingProblem } from './messages.ts';
import { PersonName, PersonSearch } from './PersonSearch.tsx';
import * as s from './sharing.css.ts';

interface Props {
  layer: DataLayer;
  notebookId: string;
  shares: NotebookShareDoc[];
  profiles: Map<string, ProfileDoc> | undefined;
  online: boolean;
}

/** Invite registered people (search by @username or name) and see or remove who has access. */
export function PeopleWithAccess({ layer, notebookId, shares, profiles, online }: Props) {
  const { t, i18n } = useLingui();

  async function share(person: PersonFound): Promise<boolean> {
    const result = await layer.api.sharing.share(notebookId, person.id);
    if (result.ok) toast({ title: t`Caderno compartilhado` });
    else toast({ title: t`Erro ao compartilhar caderno`, description: i18n._(sharingProblem(result.problem, 'share')), variant: 'destructive' });
    return result.ok;
  }

  async function remove(userId: string) {
    const result = await layer.api.sharing.unshare(notebookId, userId);
    if (result.ok) toast({ title: t`Acesso removido` });
    else toast({ title: t`Erro`, description: i18n._(sharingProblem(result.problem, 'remove')), variant: 'destructive' });
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
        <PersonSearch layer={layer} online={online} action={<Trans>Compartilhar</Trans>} onPick={share} />
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
                <button type="button" className={button.ghost} onClick={() => void remove(share.shared_with)}>
                  <Trans>Remover acesso</Trans>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
