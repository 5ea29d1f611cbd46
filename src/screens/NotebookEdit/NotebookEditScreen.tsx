import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { button, page } from '../../components/ui.css.ts';
import { UserText } from '../../components/UserText.tsx';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotebookView } from '../../data/queries/notebook.ts';
import { useSyncStatusStore } from '../../state/sync-status.ts';
import { toast } from '../../state/toast.ts';
import { problemMessage } from '../notebooks/common/messages.ts';
import { CollaborationPanel } from '../notebooks/sharing/CollaborationPanel.tsx';
import { ShareDialog } from '../notebooks/sharing/ShareDialog.tsx';
import { SignedInData } from '../notebooks/common/SignedInData.tsx';
import { useObservable } from '../../state/data-layer.ts';
import { AppearanceSection } from './AppearanceSection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { historyOf } from './history.ts';
import { QuestionsSection } from './QuestionsSection.tsx';
import { editRights } from './questions.ts';
import * as css from './Edit.css.ts';

/** /notebook/{id}/edit (spec §2): details, tips, questions, appearance, pre-moderation, sharing, history. */
export default function NotebookEditScreen() {
  const { id } = useParams<{ id: string }>();
  const { t } = useLingui();
  const failed = (
    <StatePanel title={t`Erro ao carregar caderno`}>
      <p>{t`Não foi possível carregar os detalhes do caderno`}</p>
    </StatePanel>
  );
  return (
    <SignedInData loginNext={`/notebook/${id}/edit`} failed={failed} loading={<Loading />}>
      {(layer) => <EditBody layer={layer} notebookId={id} />}
    </SignedInData>
  );
}

function Loading() {
  return (
    <div className={page} aria-busy="true">
      <p role="status" className={css.muted}>
        <Trans>Carregando caderno…</Trans>
      </p>
    </div>
  );
}

function StatePanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={page}>
      <h1 className={css.title}>{title}</h1>
      {children}
      <Link href="/meus-cadernos" className={button.primary}>
        <Trans>Ir para meus cadernos</Trans>
      </Link>
    </div>
  );
}

export function EditBody({ layer, notebookId }: { layer: DataLayer; notebookId: string }) {
  const view = useObservable(useMemo(() => layer.api.queries.notebook(notebookId), [layer, notebookId]));
  const profiles = useObservable(useMemo(() => layer.api.queries.profiles(), [layer]));
  const everSynced = useSyncStatusStore((s) => s.lastSyncedAt !== null || !s.online);
  const [sharing, setSharing] = useState(false);

  useEffect(() => {
    // Coming from the create form (…/edit#questions): start where the questions are written.
    if (view && window.location.hash === '#questions') document.getElementById('new-question')?.focus();
  }, [view === undefined || view === null]); // eslint-disable-line react-hooks/exhaustive-deps

  if (view === undefined || (view === null && !everSynced)) return <Loading />;
  if (view === null) {
    return (
      <StatePanel title={<Trans>Caderno não encontrado</Trans>}>
        <p>
          <Trans>Este caderno não existe, foi excluído ou não foi compartilhado com você.</Trans>
        </p>
      </StatePanel>
    );
  }
  const rights = editRights(view.role);
  if (!rights.open) {
    return (
      <StatePanel title={<Trans>Acesso negado</Trans>}>
        <p>
          <Trans>Você não tem permissão para editar este caderno.</Trans>
        </p>
      </StatePanel>
    );
  }
  const title = <UserText>{view.notebook.title}</UserText>;
  return (
    <div className={page}>
      <h1 className={css.title}>
        <Trans>Editar: {title}</Trans>
      </h1>
      <div className={css.actions} style={{ marginBottom: '1rem' }}>
        <Link href={`/notebook/${notebookId}`} className={button.secondary}>
          <Trans>Ver caderno</Trans>
        </Link>
        {rights.share ? (
          <button type="button" className={button.secondary} onClick={() => setSharing(true)}>
            <Trans>Compartilhar</Trans>
          </button>
        ) : null}
        <Link href={`/moderation/answers/${notebookId}`} className={button.secondary}>
          <Trans>Moderar respostas</Trans>
        </Link>
      </div>
      <div className={css.sections}>
        <DetailsSection layer={layer} notebook={view.notebook} canEdit={rights.details} />
        <Tips />
        <QuestionsSection layer={layer} view={view} />
        <AppearanceSection layer={layer} notebook={view.notebook} canEdit={rights.appearance} />
        {rights.preModeration ? <PreModeration layer={layer} view={view} /> : null}
        {rights.collaborators ? (
          <div className={css.section}>
            <CollaborationPanel layer={layer} view={view} profiles={profiles} />
          </div>
        ) : null}
        <History view={view} />
      </div>
      {sharing ? <ShareDialog notebookId={notebookId} onClose={() => setSharing(false)} /> : null}
    </div>
  );
}

function Tips() {
  return (
    <section className={css.section} aria-labelledby="tips">
      <h2 id="tips" className={css.sectionTitle}>
        <Trans>Dicas</Trans>
      </h2>
      <ul className={css.tips}>
        <li>
          <Trans>Perguntas curtas e pessoais rendem as melhores respostas.</Trans>
        </li>
        <li>
          <Trans>Misture perguntas divertidas (“Qual é a sua cor favorita?”) com outras de lembrança (“Como nos conhecemos?”).</Trans>
        </li>
        <li>
          <Trans>Bloqueie uma pergunta para escondê-la de quem responde sem perder as respostas.</Trans>
        </li>
        <li>
          <Trans>Sem internet? Tudo o que você escrever fica guardado e é enviado quando a conexão voltar.</Trans>
        </li>
      </ul>
    </section>
  );
}

/** Pre-moderation (spec §4): answers wait for approval before anyone sees them. Saved at once. */
function PreModeration({ layer, view }: { layer: DataLayer; view: NotebookView }) {
  const { t, i18n } = useLingui();
  const enabled = view.notebook.pre_moderation_enabled;
  async function toggle() {
    const result = await layer.api.notebooks.update(view.notebook.id, { pre_moderation_enabled: !enabled });
    if (result.ok) toast({ title: t`Caderno atualizado`, description: !enabled ? t`Pré-moderação ativada.` : t`Pré-moderação desativada.` });
    else toast({ title: t`Erro ao atualizar caderno`, description: i18n._(problemMessage(result.problem, 'notebook')), variant: 'destructive' });
  }
  return (
    <section className={css.section} aria-labelledby="premoderation">
      <h2 id="premoderation" className={css.sectionTitle}>
        <Trans>Pré-moderação</Trans>
      </h2>
      <label className={css.switchRow}>
        <input type="checkbox" role="switch" className={css.checkbox} checked={enabled} onChange={() => void toggle()} aria-describedby="premoderation-hint" />
        <span>
          <Trans>Aprovar as respostas antes de aparecerem</Trans>
        </span>
      </label>
      <p id="premoderation-hint" className={css.muted}>
        <Trans>Com a pré-moderação, uma resposta nova ou editada só aparece depois que você a aprovar.</Trans>
      </p>
    </section>
  );
}

/** The notebook's change history as this device knows it: created, questions added, last change. */
function History({ view }: { view: NotebookView }) {
  const { i18n } = useLingui();
  const entries = historyOf(view);
  const format = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  return (
    <section className={css.section} aria-labelledby="history">
      <h2 id="history" className={css.sectionTitle}>
        <Trans>Histórico de alterações</Trans>
      </h2>
      <ul className={css.history} data-testid="history">
        {entries.map((entry) => {
          const when = format(entry.at);
          const text = <UserText>{entry.text}</UserText>;
          return (
            <li key={`${entry.kind}-${entry.at}-${entry.text}`}>
              {entry.kind === 'created' ? (
                <Trans>{when}: caderno criado</Trans>
              ) : entry.kind === 'updated' ? (
                <Trans>{when}: última alteração do caderno</Trans>
              ) : (
                <Trans>
                  {when}: pergunta adicionada — “{text}”
                </Trans>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
