import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ModerationItem, ModerationLists } from '../../data/queries/moderation.ts';
import type { DataApi } from '../../data/repositories/index.ts';
import type { ModerationStatus, ProfileDoc } from '../../data/schemas/index.ts';
import { useSyncStatusStore } from '../../state/sync-status.ts';
import { toast } from '../../state/toast.ts';
import { button } from '../../components/ui.css.ts';
import { UserText } from '../../components/UserText.tsx';
import { AnswerAuthorLabel } from '../notebooks/common/AnswerAuthorLabel.tsx';
import { answerAuthor, type Viewer } from '../notebooks/common/identity.ts';
import { problemMessage } from '../notebooks/common/messages.ts';
import { RefusedNotice } from '../notebooks/common/RefusedNotice.tsx';
import * as css from './Moderation.css.ts';

const TABS = ['pending', 'approved', 'rejected'] as const;
type Tab = (typeof TABS)[number];

interface Props {
  api: DataApi;
  lists: ModerationLists;
  viewer: Viewer;
  profiles: Map<string, ProfileDoc>;
}

/** Pending / approved / rejected as tabs (arrow keys move between them, WAI-ARIA tabs pattern). */
export function ModerationTabs({ api, lists, viewer, profiles }: Props) {
  const { t } = useLingui();
  const ids = useId();
  const [tab, setTab] = useState<Tab>('pending');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ pending: null, approved: null, rejected: null });
  const pending = lists.pending.length;
  const approved = lists.approved.length;
  const rejected = lists.rejected.length;
  const label: Record<Tab, string> = {
    pending: t`Pendentes (${pending})`,
    approved: t`Aprovadas (${approved})`,
    rejected: t`Rejeitadas (${rejected})`,
  };

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? TABS[0] : event.key === 'End' ? TABS[TABS.length - 1] : null;
    if (!step && !jump) return;
    event.preventDefault();
    const next = jump ?? TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  const items = lists[tab];
  return (
    <>
      <div role="tablist" aria-label={t`Respostas por situação`} className={css.tabs} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${ids}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${ids}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={css.tab}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            onClick={() => setTab(name)}
          >
            {label[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${tab}`} tabIndex={0} data-testid={`moderation-${tab}`}>
        {items.length === 0 ? (
          <p className={css.subtitle}>
            <EmptyList tab={tab} />
          </p>
        ) : (
          <ul className={css.list}>
            {items.map((item) => (
              <ModerationCard key={item.answer.id} api={api} item={item} viewer={viewer} profiles={profiles} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function EmptyList({ tab }: { tab: Tab }) {
  if (tab === 'pending') return <Trans>Nenhuma resposta aguardando moderação.</Trans>;
  if (tab === 'approved') return <Trans>Nenhuma resposta aprovada.</Trans>;
  return <Trans>Nenhuma resposta rejeitada.</Trans>;
}

function ModerationCard({ api, item, viewer, profiles }: { api: DataApi; item: ModerationItem; viewer: Viewer; profiles: Map<string, ProfileDoc> }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const { answer, question } = item;
  const key = `answers/${answer.id}`;
  const pendingSync = useSyncStatusStore((s) => s.documents[key]?.state === 'pending');
  const rejection = useSyncStatusStore((s) => s.rejections.find((r) => r.key === key));
  const [notes, setNotes] = useState(answer.moderation_notes ?? '');
  const [busy, setBusy] = useState(false);
  // When the person wrote the answer (their device's time, kept by the server), not its last change.
  const answeredAt = answer.created_at;

  async function moderate(status: ModerationStatus) {
    setBusy(true);
    const result = await api.answers.moderate(answer.id, status, notes.trim() || null);
    setBusy(false);
    if (result.ok) {
      toast({ title: t`Resposta moderada` });
    } else {
      toast({ title: t`Erro ao moderar`, description: i18n._(problemMessage(result.problem, 'moderation')), variant: 'destructive' });
    }
  }

  return (
    <li className={css.card} data-testid="moderation-item" data-answer={answer.id}>
      <h2 className={css.question}>{question ? <UserText>{question.text}</UserText> : t`Pergunta removida`}</h2>
      <p className={css.answer} dir="auto">
        {answer.text}
      </p>
      <p className={css.meta}>
        <span data-testid="answer-author">
          <AnswerAuthorLabel author={answerAuthor(answer, viewer, profiles)} />
        </span>
        <time dateTime={answeredAt}>{new Date(answeredAt).toLocaleString(i18n.locale)}</time>
        {pendingSync ? (
          <span>
            <Trans>Aguardando sincronização</Trans>
          </span>
        ) : null}
      </p>
      <label className={css.notesLabel} htmlFor={`${ids}-notes`}>
        <Trans>Observações (opcional)</Trans>
      </label>
      <textarea id={`${ids}-notes`} className={css.notes} dir="auto" value={notes} onChange={(e) => setNotes(e.target.value)} />
      <div className={css.buttons}>
        {answer.moderation_status !== 'approved' ? (
          <button type="button" className={button.primary} disabled={busy} onClick={() => void moderate('approved')}>
            <Trans>Aprovar</Trans>
          </button>
        ) : null}
        {answer.moderation_status !== 'rejected' ? (
          <button type="button" className={button.danger} disabled={busy} onClick={() => void moderate('rejected')}>
            <Trans>Rejeitar</Trans>
          </button>
        ) : null}
      </div>
      {rejection ? <RefusedNotice rejection={rejection} onDiscard={() => void api.rejections.discard(rejection.key)} /> : null}
    </li>
  );
}
