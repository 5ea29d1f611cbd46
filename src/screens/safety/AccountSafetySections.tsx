import { useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { FormField } from '../../components/FormField.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { button } from '../../components/ui.css.ts';
import { useOnline } from '../../components/frame/useOnline.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { deleteMyAccount, exportMyData } from '../../data/online/safety.ts';
import { OfflineNote } from '../online/OnlineData.tsx';
import { useBlockedPeople, useUnblockPerson } from '../online/hooks/safety.ts';
import { noteBlocked } from './blocked-store.ts';
import GuardianSection from './GuardianSection.tsx';
import { safetyProblemMessage } from './messages.ts';
import * as css from './safety.css.ts';

/**
 * The settings' account tab, below security (issue 22): the guardian's state for a minor, the
 * people one blocked (with unblock), download one's data, delete the account.
 */
export default function AccountSafetySections() {
  const userId = useSessionStore((s) => s.userId);
  if (!userId) return null;
  return (
    <>
      <GuardianSection userId={userId} />
      <BlockedPeopleSection userId={userId} />
      <DownloadDataSection />
      <DeleteAccountSection />
    </>
  );
}

function BlockedPeopleSection({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  // A page of 20 at a time, the next when the list's end is reached.
  const query = useBlockedPeople(userId);
  const unblock = useUnblockPerson(userId, {
    onSuccess: (person) => {
      noteBlocked(userId, person.id, false);
      toast({ title: t`@${person.username} foi desbloqueado(a)` });
    },
    onError: (error) =>
      toast({
        title: t`Não foi possível desbloquear`,
        description: i18n._(safetyProblemMessage(error.message as never)),
        variant: 'destructive',
      }),
  });
  const people = query.data?.pages.flat() ?? [];

  return (
    <section className={css.section} aria-labelledby="safety-blocked-title">
      <h2 id="safety-blocked-title" className={css.sectionTitle}>
        <Trans>Pessoas bloqueadas</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>
          Quem você bloqueia não vê seu perfil, não encontra você na busca e não responde nem entra nos seus cadernos.
          Para bloquear alguém, use o botão no perfil da pessoa ou numa resposta dela.
        </Trans>
      </p>
      {query.isError && !query.data ? (
        <p className={css.error} role="alert">
          <Trans>Não foi possível carregar a lista.</Trans>
        </p>
      ) : query.isPending ? (
        <p className={css.muted}>
          <Trans>Carregando…</Trans>
        </p>
      ) : people.length === 0 ? (
        <p className={css.muted}>
          <Trans>Você não bloqueou ninguém.</Trans>
        </p>
      ) : (
        <ul className={css.list} aria-label={t`Pessoas bloqueadas`}>
          {people.map((person) => (
            <li key={person.blocked_id} className={css.person}>
              <span className={css.name}>
                {person.display_name ? `${person.display_name} ` : ''}@{person.username}
              </span>
              <button
                type="button"
                className={button.secondary}
                disabled={!online || unblock.isPending}
                onClick={() => unblock.mutate({ id: person.blocked_id, username: person.username })}
              >
                <Trans>Desbloquear @{person.username}</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {people.length > 0 && (
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          enabled={online}
          label={<Trans>Carregar mais</Trans>}
          loadingLabel={<Trans>Carregando…</Trans>}
          onLoadMore={() => void query.fetchNextPage()}
          status={<Plural value={people.length} one="Mostrando # pessoa bloqueada" other="Mostrando # pessoas bloqueadas" />}
        />
      )}
      <OfflineNote />
    </section>
  );
}

function DownloadDataSection() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setProblem(null);
    const result = await exportMyData();
    setBusy(false);
    if (!result.ok) {
      setProblem(i18n._(safetyProblemMessage(result.problem)));
      return;
    }
    const url = URL.createObjectURL(new Blob([result.value.json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = result.value.fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast({ title: t`Seus dados foram baixados` });
  }

  return (
    <section className={css.section} aria-labelledby="safety-data-title">
      <h2 id="safety-data-title" className={css.sectionTitle}>
        <Trans>Seus dados</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>
          Baixe tudo o que você escreveu no Cadernos — perfil, cadernos, perguntas, respostas (também as anônimas),
          compartilhamentos — num arquivo JSON.
        </Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={button.secondary} disabled={!online || busy} onClick={() => void download()}>
          {busy ? <Trans>Preparando…</Trans> : <Trans>Baixar meus dados</Trans>}
        </button>
      </div>
      {problem && (
        <p className={css.error} role="alert">
          {problem}
        </p>
      )}
      <OfflineNote />
    </section>
  );
}

function DeleteAccountSection() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [, navigate] = useLocation();
  const username = useSessionStore((s) => s.username) ?? '';
  const userId = useSessionStore((s) => s.userId) ?? '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== username.toLowerCase()) {
      setProblem(i18n._(safetyProblemMessage('confirmation_mismatch')));
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await deleteMyAccount(typed.trim(), userId);
    if (!result.ok) {
      setBusy(false);
      setProblem(i18n._(safetyProblemMessage(result.problem)));
      return;
    }
    // The server ended every session; this device clears its own copy and goes home (spec §2).
    const auth = await import('../../data/auth.ts');
    await auth.signOut({ reason: 'deleted' }).catch(() => undefined);
    toast({ title: t`Conta removida`, description: t`Sua conta foi removida.` });
    navigate('/', { replace: true });
  }

  return (
    <section className={css.section} aria-labelledby="safety-delete-title">
      <h2 id="safety-delete-title" className={css.sectionTitle}>
        <Trans>Excluir conta</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>
          Seus cadernos (com as respostas que receberam) e todas as suas respostas são apagados, e você sai da conta em
          todos os aparelhos. Isso não pode ser desfeito. Se quiser, baixe seus dados antes.
        </Trans>
      </p>
      {!open ? (
        <div className={css.actions}>
          <button type="button" className={button.danger} onClick={() => setOpen(true)}>
            <Trans>Excluir minha conta</Trans>
          </button>
        </div>
      ) : (
        <form className={css.confirmBox} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          <FormField
            id="delete-account-username"
            label={<Trans>Para confirmar, digite seu nome de usuário ({username})</Trans>}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={problem}
          />
          <div className={css.actions}>
            <button type="submit" className={button.danger} disabled={!online || busy}>
              {busy ? <Trans>Excluindo…</Trans> : <Trans>Excluir para sempre</Trans>}
            </button>
            <button
              type="button"
              className={button.ghost}
              disabled={busy}
              onClick={() => {
                setOpen(false);
                setTyped('');
                setProblem(null);
              }}
            >
              <Trans>Cancelar</Trans>
            </button>
          </div>
          <OfflineNote />
        </form>
      )}
    </section>
  );
}
