import { useId, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { forbiddenIn, SocialError } from '../../../data/online/guestbook.ts';
import { pollProblem, POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, POLL_OPTION_MAX, POLL_QUESTION_MAX, type PollSummary, type PollView } from '../../../data/online/polls.ts';
import { useSessionStore } from '../../../state/session.ts';
import { toast } from '../../../state/toast.ts';
import { OfflineCopyNote, OfflineNote } from '../OnlineData.tsx';
import { useForbiddenWords } from '../hooks/guestbook.ts';
import { useMyPolls, usePoll, usePollActions } from '../hooks/polls.ts';
import { useSocialProblem } from './messages.ts';
import { PollBars } from './PollBars.tsx';
import * as css from './social.css.ts';

/**
 * /manage-profile's poll tab (issue 32): the active poll's results (bars, live), editing it — which
 * removes every vote, said before saving —, ending or removing it, a new poll (which ends the
 * active one), and the results of ended polls.
 */
export default function ManagePoll() {
  const userId = useSessionStore((s) => s.userId);
  if (!userId) return null;
  return <PollPanel userId={userId} />;
}

function PollPanel({ userId }: { userId: string }) {
  const active = usePoll(userId);
  const [editing, setEditing] = useState<'new' | 'edit' | null>(null);
  const poll = active.data;
  return (
    <div className={css.list}>
      <OfflineCopyNote updatedAt={active.dataUpdatedAt} />
      {active.isError && poll === undefined && (
        <p className={css.error} role="alert">
          <Trans>Não foi possível carregar a enquete.</Trans>
        </p>
      )}
      {poll && editing !== 'edit' && <ActivePoll userId={userId} poll={poll} onEdit={() => setEditing('edit')} />}
      {poll && editing === 'edit' && <PollForm userId={userId} poll={poll} onDone={() => setEditing(null)} />}
      {editing === 'new' && <PollForm userId={userId} poll={null} replaces={Boolean(poll)} onDone={() => setEditing(null)} />}
      {poll === null && editing !== 'new' && (
        <p className={css.muted}>
          <Trans>Você não tem uma enquete ativa.</Trans>
        </p>
      )}
      {active.data !== undefined && editing === null && (
        <div className={css.row}>
          <button type="button" className={poll ? button.secondary : button.primary} onClick={() => setEditing('new')}>
            <Trans>Nova enquete</Trans>
          </button>
        </div>
      )}
      <EndedPolls userId={userId} />
    </div>
  );
}

function ActivePoll({ userId, poll, onEdit }: { userId: string; poll: PollView; onEdit: () => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const actions = usePollActions(userId);
  const say = useSocialProblem();
  const headingId = useId();
  const busy = actions.end.isPending || actions.remove.isPending;
  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="manage-poll-active">
      <h2 id={headingId} className={css.title}>
        <Trans>Enquete ativa</Trans>
      </h2>
      <p className={css.body}>
        <strong>{poll.question}</strong>
      </p>
      <PollBars poll={poll} />
      <div className={css.row}>
        <button type="button" className={button.secondary} disabled={!online || busy} onClick={onEdit}>
          <Trans>Editar</Trans>
        </button>
        <button
          type="button"
          className={button.secondary}
          disabled={!online || busy}
          onClick={() =>
            actions.end.mutate(poll.id, {
              onSuccess: () => toast({ title: t`Enquete encerrada` }),
              onError: (error) => toast({ variant: 'destructive', title: t`Erro ao salvar enquete`, description: say(error, t`Não foi possível encerrar a enquete.`) }),
            })
          }
        >
          <Trans>Encerrar</Trans>
        </button>
        <button
          type="button"
          className={button.danger}
          disabled={!online || busy}
          onClick={() =>
            actions.remove.mutate(poll.id, {
              onSuccess: () => toast({ title: t`Enquete removida` }),
              onError: (error) => toast({ variant: 'destructive', title: t`Erro ao remover enquete`, description: say(error, t`Não foi possível remover a enquete.`) }),
            })
          }
        >
          <Trans>Remover</Trans>
        </button>
      </div>
      <OfflineNote>
        <Trans>Você está sem internet. Mudar a enquete precisa de conexão.</Trans>
      </OfflineNote>
    </section>
  );
}

/** Create (poll null) or edit. An edit that changes the text says, before saving, that the votes go. */
function PollForm({ userId, poll, replaces = false, onDone }: { userId: string; poll: PollView | null; replaces?: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const [question, setQuestion] = useState(poll?.question ?? '');
  const [options, setOptions] = useState<string[]>(poll?.options ?? ['', '']);
  const [problem, setProblem] = useState<string | null>(null);
  const { save } = usePollActions(userId);
  const words = useForbiddenWords().data;
  const say = useSocialProblem();
  const headingId = useId();
  const questionId = useId();
  const changed = poll !== null && (question.trim() !== poll.question || options.map((o) => o.trim()).join('\n') !== poll.options.join('\n'));
  const votesGo = changed && (poll?.total ?? 0) > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = forbiddenIn(words, question, ...options);
    const local = found.length > 0 ? new SocialError('forbidden_words', found) : pollProblem(question, options) ? new SocialError(pollProblem(question, options)!) : null;
    if (local) return setProblem(say(local, ''));
    setProblem(null);
    save.mutate(
      { pollId: poll?.id ?? null, question, options },
      {
        onSuccess: (saved) => {
          toast({ title: poll ? (saved.votes_removed > 0 ? t`Enquete salva; a votação recomeçou` : t`Enquete salva`) : t`Enquete criada` });
          onDone();
        },
        onError: (error) => setProblem(say(error, t`Não foi possível salvar a enquete.`)),
      },
    );
  };

  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="poll-form">
      <h2 id={headingId} className={css.title}>
        {poll ? <Trans>Editar enquete</Trans> : <Trans>Nova enquete</Trans>}
      </h2>
      {replaces && (
        <p className={css.warning}>
          <Trans>Criar uma enquete nova encerra a enquete ativa.</Trans>
        </p>
      )}
      <form className={f.form} onSubmit={submit}>
        <div className={f.field}>
          <label className={f.label} htmlFor={questionId}>
            <Trans>Pergunta</Trans>
          </label>
          <input id={questionId} className={css.input} value={question} maxLength={POLL_QUESTION_MAX} onChange={(e) => setQuestion(e.target.value)} />
        </div>
        <fieldset className={css.options}>
          <legend className={f.label}>
            <Trans>Opções (de 2 a 10)</Trans>
          </legend>
          {options.map((option, index) => (
            <div key={index} className={css.optionRow}>
              <input
                className={css.input}
                value={option}
                maxLength={POLL_OPTION_MAX}
                aria-label={t`Opção ${index + 1}`}
                onChange={(e) => setOptions(options.map((o, i) => (i === index ? e.target.value : o)))}
              />
              {options.length > POLL_MIN_OPTIONS && (
                <button type="button" className={button.ghost} aria-label={t`Remover a opção ${index + 1}`} onClick={() => setOptions(options.filter((_, i) => i !== index))}>
                  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              )}
            </div>
          ))}
        </fieldset>
        {options.length < POLL_MAX_OPTIONS && (
          <div className={css.row}>
            <button type="button" className={button.secondary} onClick={() => setOptions([...options, ''])}>
              <Trans>Adicionar opção</Trans>
            </button>
          </div>
        )}
        {votesGo && (
          <p className={css.warning} role="status" data-testid="votes-reset-warning">
            <Plural value={poll!.total} one="Salvar as mudanças apaga o # voto já dado e reinicia a votação." other="Salvar as mudanças apaga os # votos já dados e reinicia a votação." />
          </p>
        )}
        {poll && !votesGo && (
          <p className={f.hint}>
            <Trans>Mudar a pergunta ou as opções apaga os votos e reinicia a votação.</Trans>
          </p>
        )}
        {problem && (
          <p className={css.error} role="alert">
            {problem}
          </p>
        )}
        <div className={css.row}>
          <button type="submit" className={votesGo ? button.danger : button.primary} disabled={!online || save.isPending} aria-busy={save.isPending}>
            {votesGo ? <Trans>Salvar e apagar os votos</Trans> : poll ? <Trans>Salvar</Trans> : <Trans>Criar enquete</Trans>}
          </button>
          <button type="button" className={button.secondary} onClick={onDone}>
            <Trans>Cancelar</Trans>
          </button>
        </div>
        <OfflineNote>
          <Trans>Você está sem internet. Mudar a enquete precisa de conexão.</Trans>
        </OfflineNote>
      </form>
    </section>
  );
}

function EndedPolls({ userId }: { userId: string }) {
  const mine = useMyPolls(userId);
  const ended = (mine.data ?? []).filter((p) => !p.is_active);
  const headingId = useId();
  if (ended.length === 0) return null;
  return (
    <section className={css.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={css.title}>
        <Trans>Enquetes encerradas</Trans>
      </h2>
      <ul className={css.list}>
        {ended.map((p) => (
          <EndedPoll key={p.id} userId={userId} poll={p} />
        ))}
      </ul>
    </section>
  );
}

function EndedPoll({ userId, poll }: { userId: string; poll: PollSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={css.message}>
      <p className={css.body}>{poll.question}</p>
      <div className={css.row}>
        <button type="button" className={button.secondary} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? <Trans>Esconder resultado</Trans> : <Trans>Ver resultado</Trans>}
        </button>
      </div>
      {open && <EndedResults userId={userId} pollId={poll.id} />}
    </li>
  );
}

function EndedResults({ userId, pollId }: { userId: string; pollId: string }) {
  const query = usePoll(userId, pollId);
  if (query.isError)
    return (
      <p className={css.error} role="alert">
        <Trans>Não foi possível carregar a enquete.</Trans>
      </p>
    );
  return query.data ? <PollBars poll={query.data} /> : null;
}
