import { useId, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { AdminError, type AdminPerson } from '../../../data/online/admin.ts';
import { useSessionStore } from '../../../state/session.ts';
import { toast } from '../../../state/toast.ts';
import { AdminDialog } from '../AdminDialog.tsx';
import { problemMessage, SAVE_ERROR_TITLE } from '../admin-messages.ts';
import { usePeople, usePersonChange, type PersonChange } from '../../online/hooks/admin.ts';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import * as css from '../admin.css.ts';
import { NotLoaded } from '../NotLoaded.tsx';

/**
 * /admin › Usuários (issue 33): find a person by @username, name or e-mail; see what they wrote
 * and the reports against them; ban or let back (a reason, a confirmation — the banned person is
 * signed out on every device with 'Conta banida'); promote or demote (never the last admin: the
 * database says last_admin).
 */
export default function UsersSection() {
  const { t } = useLingui();
  const inputId = useId();
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const people = usePeople(query);
  const online = useOnline();
  useLoadErrorToast(people.isError && !people.data);
  const rows = people.data?.pages.flat() ?? [];

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
  };

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Usuários</Trans>
      </h2>
      <form role="search" className={css.row} onSubmit={search}>
        <div className={css.grow}>
          <label htmlFor={inputId} className={f.label}>
            <Trans>Buscar por @usuário, nome ou e-mail</Trans>
          </label>
          <input
            id={inputId}
            type="search"
            className={f.input}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            placeholder={t`@usuario, nome ou e-mail`}
            maxLength={254}
            autoComplete="off"
          />
        </div>
        <button type="submit" className={button.primary} disabled={!online}>
          <Trans>Buscar</Trans>
        </button>
      </form>

      {!people.data ? (
        <NotLoaded failed={people.isError} onRetry={() => void people.refetch()} />
      ) : rows.length === 0 ? (
        <p className={css.muted} role="status">
          <Trans>Ninguém encontrado.</Trans>
        </p>
      ) : (
        <>
          <ul className={css.list} data-testid="admin-people">
            {rows.map((person) => (
              <PersonItem key={person.id} person={person} />
            ))}
          </ul>
          <LoadMore
            hasMore={people.hasNextPage}
            loading={people.isFetchingNextPage}
            onLoadMore={() => void people.fetchNextPage()}
            enabled={online}
            status={<Plural value={rows.length} one="# pessoa" other="# pessoas" />}
            label={<Trans>Carregar mais pessoas</Trans>}
            loadingLabel={<Trans>Carregando…</Trans>}
          />
        </>
      )}
    </div>
  );
}

type Asking = 'ban' | 'unban' | 'promote' | 'demote' | null;

function PersonItem({ person }: { person: AdminPerson }) {
  const { t, i18n } = useLingui();
  const me = useSessionStore((s) => s.userId);
  const online = useOnline();
  const change = usePersonChange();
  const [asking, setAsking] = useState<Asking>(null);
  const who = `@${person.username}`;
  const self = person.id === me;
  const removed = person.account_status === 'deleted';

  const run = (next: PersonChange, done: string) => {
    change.mutate(next, {
      onSuccess: () => {
        setAsking(null);
        toast({ title: done });
      },
      onError: (error) => {
        setAsking(null);
        const problem = error instanceof AdminError ? error.problem : 'server';
        toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(problemMessage(problem)), variant: 'destructive' });
      },
    });
  };

  return (
    <li className={css.item} data-testid={`admin-person-${person.username}`}>
      <div>
        <span className={css.name}>{who}</span>
        {person.display_name ? <span className={css.detail}> · {person.display_name}</span> : null}
      </div>
      {person.email ? <p className={css.detail}>{person.email}</p> : null}
      <div className={css.badges}>
        {self ? (
          <span className={css.badge}>
            <Trans>Você</Trans>
          </span>
        ) : null}
        {person.is_admin ? (
          <span className={css.badge}>
            <Trans>Administrador</Trans>
          </span>
        ) : null}
        {person.account_status === 'banned' ? (
          <span className={css.badgeDanger}>
            <Trans>Banida</Trans>
          </span>
        ) : null}
        {removed ? (
          <span className={css.badge}>
            <Trans>Conta removida</Trans>
          </span>
        ) : null}
      </div>
      <dl className={css.counts}>
        <Count label={t`Cadernos`} value={person.notebooks} />
        <Count label={t`Respostas`} value={person.answers} />
        <Count label={t`Recados`} value={person.guestbook_messages} />
        <Count label={t`Enquetes`} value={person.polls} />
        <Count label={t`Denúncias abertas`} value={person.reports_open} />
        <Count label={t`Denúncias no total`} value={person.reports_total} />
      </dl>
      {!removed ? (
        <div className={css.actions}>
          {person.account_status === 'banned' ? (
            <button type="button" className={button.secondary} disabled={!online} onClick={() => setAsking('unban')}>
              <Trans>Reativar conta</Trans>
            </button>
          ) : !self ? (
            <button type="button" className={button.danger} disabled={!online} onClick={() => setAsking('ban')}>
              <Trans>Banir</Trans>
            </button>
          ) : null}
          {person.is_admin ? (
            <button type="button" className={button.secondary} disabled={!online} onClick={() => setAsking('demote')}>
              <Trans>Remover administrador</Trans>
            </button>
          ) : person.account_status === 'active' ? (
            <button type="button" className={button.secondary} disabled={!online} onClick={() => setAsking('promote')}>
              <Trans>Tornar administrador</Trans>
            </button>
          ) : null}
        </div>
      ) : null}

      {asking === 'ban' ? (
        <AdminDialog
          title={<Trans>Banir {who}?</Trans>}
          confirmLabel={<Trans>Banir</Trans>}
          reason="required"
          danger
          busy={change.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => run({ kind: 'ban', userId: person.id, reason }, t`Conta de ${who} banida.`)}
        >
          <Trans>A pessoa sai da conta em todos os aparelhos e não consegue entrar de novo até ser reativada.</Trans>
        </AdminDialog>
      ) : null}
      {asking === 'unban' ? (
        <AdminDialog
          title={<Trans>Reativar a conta de {who}?</Trans>}
          confirmLabel={<Trans>Reativar conta</Trans>}
          reason="optional"
          busy={change.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => run({ kind: 'unban', userId: person.id, reason }, t`Conta de ${who} reativada.`)}
        />
      ) : null}
      {asking === 'promote' ? (
        <AdminDialog
          title={<Trans>Tornar {who} administrador?</Trans>}
          confirmLabel={<Trans>Tornar administrador</Trans>}
          busy={change.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() => run({ kind: 'admin', userId: person.id, isAdmin: true }, t`${who} agora é administrador.`)}
        >
          <Trans>Administradores veem denúncias, contas e o registro de ações, e podem banir pessoas.</Trans>
        </AdminDialog>
      ) : null}
      {asking === 'demote' ? (
        <AdminDialog
          title={self ? <Trans>Deixar de ser administrador?</Trans> : <Trans>Remover {who} dos administradores?</Trans>}
          confirmLabel={<Trans>Remover administrador</Trans>}
          danger
          busy={change.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() => run({ kind: 'admin', userId: person.id, isAdmin: false }, t`${who} não é mais administrador.`)}
        />
      ) : null}
    </li>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className={css.count}>
      <dt>{label}</dt>
      <dd className={css.countValue}>{value}</dd>
    </div>
  );
}
