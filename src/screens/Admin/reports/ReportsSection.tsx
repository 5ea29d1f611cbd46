import { useEffect, useId, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { UserText } from '../../../components/UserText.tsx';
import { button } from '../../../components/ui.css.ts';
import {
  ACTIONS_WITH_REASON,
  DESTRUCTIVE_ACTIONS,
  ModerationError,
  REASON_MAX,
  REPORT_KINDS,
  REPORT_STATES,
  type ModerationAction,
  type ModerationProblem,
  type QueueItem,
  type ReportKind,
  type ReportReason,
  type ReportStateFilter,
  type ReportTarget,
} from '../../../data/online/moderation.ts';
import { toast } from '../../../state/toast.ts';
import { useModerationAct, useReportQueue, useReportTarget } from '../../online/hooks/moderation.ts';
import * as css from './ReportsSection.css.ts';

/**
 * /admin › Denúncias (issue 33; spec §2): the queue of reported content — self-harm first, then the
 * most reported, then the newest — filtered by kind and state, 20 targets a page; a target opens in
 * place with its content in context (the notebook and question of an answer, the profile of a
 * guestbook message or a poll; an anonymous answer's author, for the moderators), its reports,
 * the actions (dismiss, hide / restore, delete, warn, ban the author) with the reason the author
 * reads, a confirmation for those that change content or an account, and the audit log's entries
 * about it. Online only; the database lets only admins read and act (supabase/schemas/moderation.sql).
 */
export default function ReportsSection() {
  const { t } = useLingui();
  const online = useOnline();
  const headingId = useId();
  const [kind, setKind] = useState<ReportKind | null>(null);
  const [state, setState] = useState<ReportStateFilter>('open');
  const [openKey, setOpenKey] = useState<string | null>(null);
  const queue = useReportQueue(kind, state);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const names = useNames();
  // another filter closes the open target (it may not be in the new list)
  const choose = (change: () => void) => {
    setOpenKey(null);
    change();
  };
  const problem = queue.error instanceof ModerationError ? queue.error.problem : queue.error ? 'server' : null;

  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="admin-reports">
      <h2 id={headingId} className={css.title}>
        <Trans>Denúncias</Trans>
      </h2>
      <div className={css.filterGroup}>
        <p className={css.filterLabel} id={`${headingId}-state`}>
          <Trans>Estado</Trans>
        </p>
        <div className={css.filters} role="group" aria-labelledby={`${headingId}-state`}>
          {REPORT_STATES.map((which) => (
            <button key={which} type="button" className={css.filter} aria-pressed={state === which} onClick={() => choose(() => setState(which))}>
              {names.state[which]}
            </button>
          ))}
        </div>
      </div>
      <div className={css.filterGroup}>
        <p className={css.filterLabel} id={`${headingId}-kind`}>
          <Trans>Tipo</Trans>
        </p>
        <div className={css.filters} role="group" aria-labelledby={`${headingId}-kind`}>
          <button type="button" className={css.filter} aria-pressed={kind === null} onClick={() => choose(() => setKind(null))}>
            <Trans>Todos os tipos</Trans>
          </button>
          {REPORT_KINDS.map((which) => (
            <button key={which} type="button" className={css.filter} aria-pressed={kind === which} onClick={() => choose(() => setKind(which))}>
              {names.kind[which]}
            </button>
          ))}
        </div>
      </div>
      {!online && (
        <p className={css.muted} role="status">
          <Trans>Você está sem internet. As denúncias precisam de conexão.</Trans>
        </p>
      )}
      {problem && problem !== 'offline' && (
        <div role="alert">
          <p className={css.error}>
            {problem === 'not_allowed' ? <Trans>Só administradores veem as denúncias.</Trans> : <Trans>Não foi possível carregar as denúncias.</Trans>}
          </p>
          <button type="button" className={button.secondary} onClick={() => void queue.refetch()}>
            <Trans>Tentar de novo</Trans>
          </button>
        </div>
      )}
      {queue.isSuccess && items.length === 0 && (
        <p className={css.muted}>
          <Trans>Nenhuma denúncia aqui.</Trans>
        </p>
      )}
      {items.length > 0 && (
        <ul className={css.list}>
          {items.map((item) => {
            const key = `${item.kind}:${item.target_id}`;
            const open = openKey === key;
            const panelId = `report-target-${item.target_id}`;
            return (
              <li key={key} className={css.item} data-testid="admin-report">
                <button type="button" className={css.opener} aria-expanded={open} aria-controls={panelId} onClick={() => setOpenKey(open ? null : key)}>
                  <span className={css.preview}>
                    {item.preview === null ? <Trans>Conteúdo excluído</Trans> : <UserText>{item.preview}</UserText>}
                  </span>
                  <QueueMeta item={item} />
                </button>
                {open && (
                  <div id={panelId}>
                    <TargetPanel kind={item.kind} target={item.target_id} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {items.length > 0 && (
        <LoadMore
          hasMore={Boolean(queue.hasNextPage)}
          loading={queue.isFetchingNextPage}
          enabled={online}
          onLoadMore={() => void queue.fetchNextPage()}
          status={<Plural value={items.length} one="# conteúdo denunciado" other="# conteúdos denunciados" />}
          label={<Trans>Carregar mais</Trans>}
          loadingLabel={<Trans>Carregando…</Trans>}
        />
      )}
      {queue.isPending && online && <p className={css.muted}>{t`Carregando…`}</p>}
    </section>
  );
}

function QueueMeta({ item }: { item: QueueItem }) {
  const names = useNames();
  const { i18n } = useLingui();
  const otherReasons = item.self_harm ? item.reasons.filter((r) => r !== 'self_harm') : item.reasons;
  return (
    <span className={css.meta}>
      {item.self_harm && (
        <>
          <span className={css.urgent}>{names.reason.self_harm}</span>{' '}
          ·{' '}
        </>
      )}
      {names.kind[item.kind]} · <Plural value={item.reports} one="# denúncia" other="# denúncias" />
      {/* self-harm is the mark in front, not said twice */}
      {otherReasons.length > 0 && <> · {otherReasons.map((r) => names.reason[r]).join(', ')}</>}
      {item.hidden && (
        <>
          {' '}
          · <Trans>Oculto</Trans>
        </>
      )}{' '}
      · <time dateTime={item.newest}>{i18n.date(new Date(item.newest), { dateStyle: 'short', timeStyle: 'short' })}</time>
    </span>
  );
}

/** A target in its context, its reports, the actions and its audit entries. */
function TargetPanel({ kind, target }: { kind: ReportKind; target: string }) {
  const { t, i18n } = useLingui();
  const names = useNames();
  const query = useReportTarget(kind, target);
  const when = (at: string) => i18n.date(new Date(at), { dateStyle: 'short', timeStyle: 'short' });
  if (query.isPending) return <p className={css.muted}>{t`Carregando…`}</p>;
  if (query.isError || !query.data) {
    return (
      <p className={css.error} role="alert">
        <Trans>Não foi possível abrir este conteúdo.</Trans>
      </p>
    );
  }
  const data = query.data;
  return (
    <div className={css.detail} data-testid="admin-report-target">
      <div className={css.column}>
        <Context data={data} />
        {data.present && data.content ? (
          <blockquote className={css.quote}>
            <UserText>{data.content.text || '—'}</UserText>
            {data.content.options && (
              <ul>
                {data.content.options.map((option, i) => (
                  <li key={i}>
                    <UserText>{option}</UserText>
                  </li>
                ))}
              </ul>
            )}
          </blockquote>
        ) : (
          <p className={css.muted}>
            <Trans>Este conteúdo foi excluído.</Trans>
          </p>
        )}
        <dl className={css.facts}>
          <dt>
            <Trans>Autor</Trans>
          </dt>
          <dd className={css.factValue}>
            {data.author ? (
              <>
                <UserText>{data.author.display_name || data.author.username}</UserText> (@{data.author.username})
                {data.author.account_status === 'banned' && (
                  <>
                    {' '}
                    · <Trans>conta banida</Trans>
                  </>
                )}
              </>
            ) : data.content?.guest_name ? (
              <Trans>
                Convidado: <UserText>{data.content.guest_name}</UserText>
              </Trans>
            ) : (
              '—'
            )}
            {data.content?.is_anonymous && (
              <>
                {' '}
                · <Trans>publicado como anônimo</Trans>
              </>
            )}
          </dd>
          {data.hidden_at && (
            <>
              <dt>
                <Trans>Oculto desde</Trans>
              </dt>
              <dd className={css.factValue}>
                <time dateTime={data.hidden_at}>{when(data.hidden_at)}</time>
              </dd>
            </>
          )}
        </dl>
        <Actions data={data} />
      </div>
      <div className={css.column}>
        <h3 className={css.subheading}>
          <Trans>Denúncias deste conteúdo</Trans>
        </h3>
        <ul className={css.small}>
          {data.reports.map((report) => (
            <li key={report.id}>
              <strong>{report.reason ? names.reason[report.reason] : t`Sem categoria`}</strong> · {names.reportState[report.status]}
              {report.decision && <> ({report.decision === 'actioned' ? names.reportState.actioned : names.action[report.decision]})</>} · <time dateTime={report.created_at}>{when(report.created_at)}</time>
              {report.details && (
                <>
                  <br />
                  <UserText>{report.details}</UserText>
                </>
              )}
            </li>
          ))}
        </ul>
        <h3 className={css.subheading}>
          <Trans>Registro de ações</Trans>
        </h3>
        {data.audit.length === 0 ? (
          <p className={css.muted}>
            <Trans>Nenhuma ação ainda.</Trans>
          </p>
        ) : (
          <ul className={css.small} data-testid="admin-report-audit">
            {data.audit.map((entry) => (
              <li key={entry.id}>
                <strong>{names.action[entry.action as ModerationAction] ?? entry.action}</strong> · {entry.admin ? `@${entry.admin}` : '—'} ·{' '}
                <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
                {entry.reason && (
                  <>
                    <br />
                    <UserText>{entry.reason}</UserText>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Context({ data }: { data: ReportTarget }) {
  const names = useNames();
  const { notebook, question, profile } = data.context;
  return (
    <p className={css.meta}>
      {names.kind[data.kind]}
      {notebook && (
        <>
          {' '}
          · <Trans>Caderno:</Trans> <UserText>{notebook.title}</UserText> (@{notebook.owner})
        </>
      )}
      {question && (
        <>
          {' '}
          · <Trans>Pergunta</Trans>: <UserText>{question.text}</UserText>
        </>
      )}
      {profile && (
        <>
          {' '}
          · <Trans>Perfil</Trans> @{profile.username}
        </>
      )}
    </p>
  );
}

/** The actions with their reason; those that change content or an account ask first. */
function Actions({ data }: { data: ReportTarget }) {
  const { t } = useLingui();
  const online = useOnline();
  const names = useNames();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<ModerationAction | null>(null);
  const [problem, setProblem] = useState<ModerationProblem | null>(null);
  const act = useModerationAct();
  // The question comes below the buttons: focus goes to its safe choice (as in the app's modal
  // dialogs), so keyboard and screen-reader users meet it, and back to the action on Cancelar.
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  function cancelConfirm() {
    setConfirming(null);
    opener.current?.focus();
  }

  const available: ModerationAction[] = ['dismiss'];
  if (data.present && data.kind !== 'profile') available.push(data.hidden_at ? 'restore' : 'hide', 'delete');
  if (data.author) available.push('warn', 'ban');

  async function run(action: ModerationAction) {
    setProblem(null);
    if (ACTIONS_WITH_REASON.includes(action) && !reason.trim()) {
      setConfirming(null);
      setProblem('reason_required');
      return;
    }
    if (DESTRUCTIVE_ACTIONS.includes(action) && confirming !== action) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setConfirming(action);
      return;
    }
    setConfirming(null);
    try {
      await act.mutateAsync({ kind: data.kind, target: data.target_id, action, reason });
      setReason('');
      toast({ title: names.done[action] });
    } catch (error) {
      const code = error instanceof ModerationError ? error.problem : 'server';
      setProblem(code);
    }
  }

  const problemText: Record<ModerationProblem, string> = {
    offline: t`Você está sem internet. Conecte-se para agir.`,
    not_allowed: t`Só administradores agem sobre denúncias.`,
    reason_required: t`Escreva o motivo: o autor vai lê-lo.`,
    not_found: t`Este conteúdo não existe mais.`,
    no_author: t`A resposta de um convidado não tem conta para advertir ou banir.`,
    own_account: t`Você não pode banir a sua própria conta.`,
    validation: t`Esta ação não vale para este conteúdo.`,
    server: t`Não foi possível concluir a ação. Tente de novo.`,
  };

  return (
    <div className={css.column}>
      <label htmlFor={reasonId} className={css.filterLabel}>
        <Trans>Motivo (o autor lê)</Trans>
      </label>
      <textarea
        id={reasonId}
        className={css.reason}
        value={reason}
        maxLength={REASON_MAX}
        onChange={(event) => setReason(event.currentTarget.value)}
        aria-invalid={problem === 'reason_required'}
      />
      <div className={css.actions}>
        {available.map((action) => (
          <button
            key={action}
            type="button"
            className={DESTRUCTIVE_ACTIONS.includes(action) ? button.danger : button.secondary}
            disabled={!online || act.isPending}
            onClick={() => void run(action)}
          >
            {names.action[action]}
          </button>
        ))}
      </div>
      {confirming && (
        <div className={css.confirm} role="alertdialog" aria-label={names.confirm[confirming]}>
          <p className={css.factValue}>{names.confirm[confirming]}</p>
          <div className={css.actions}>
            <button type="button" className={button.primary} disabled={!online || act.isPending} onClick={() => void run(confirming)}>
              <Trans>Confirmar</Trans>
            </button>
            <button ref={keep} type="button" className={button.secondary} onClick={cancelConfirm}>
              <Trans>Cancelar</Trans>
            </button>
          </div>
        </div>
      )}
      {problem && (
        <p className={css.error} role="alert">
          {problemText[problem]}
        </p>
      )}
    </div>
  );
}

/** The section's words for the server's codes. */
function useNames() {
  const { t } = useLingui();
  const kind: Record<ReportKind, string> = {
    question: t`Pergunta`,
    answer: t`Resposta`,
    guestbook_message: t`Recado do mural`,
    poll: t`Enquete`,
    profile: t`Perfil`,
  };
  const state: Record<ReportStateFilter, string> = {
    open: t`Abertas`,
    actioned: t`Resolvidas`,
    dismissed: t`Descartadas`,
    all: t`Todas`,
  };
  const reportState: Record<'open' | 'dismissed' | 'actioned', string> = {
    open: t`aberta`,
    actioned: t`resolvida`,
    dismissed: t`descartada`,
  };
  const reason: Record<ReportReason, string> = {
    bullying: t`Bullying ou assédio`,
    sexual: t`Conteúdo sexual`,
    // the reporter's words (src/screens/online/reports/messages.ts): one vocabulary for both sides
    self_harm: t`Automutilação ou suicídio`,
    hate: t`Discurso de ódio`,
    spam: t`Spam ou golpe`,
    other: t`Outro motivo`,
  };
  const action: Record<ModerationAction, string> = {
    dismiss: t`Descartar denúncias`,
    hide: t`Ocultar`,
    restore: t`Restaurar`,
    delete: t`Excluir`,
    warn: t`Advertir`,
    ban: t`Banir autor`,
  };
  const done: Record<ModerationAction, string> = {
    dismiss: t`Denúncias descartadas`,
    hide: t`Conteúdo ocultado`,
    restore: t`Conteúdo restaurado`,
    delete: t`Conteúdo excluído`,
    warn: t`Autor advertido`,
    ban: t`Autor banido`,
  };
  const confirm: Record<ModerationAction, string> = {
    dismiss: t`Descartar as denúncias?`,
    hide: t`Ocultar este conteúdo de todos os aparelhos?`,
    restore: t`Restaurar este conteúdo?`,
    delete: t`Excluir este conteúdo para sempre?`,
    warn: t`Advertir o autor?`,
    ban: t`Banir a conta do autor? A pessoa sai de todos os aparelhos.`,
  };
  return { kind, state, reportState, reason, action, done, confirm };
}
