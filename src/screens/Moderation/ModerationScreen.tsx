import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { backTo } from '../../navigation/links.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { ModerationLists } from '../../data/queries/moderation.ts';
import { useSyncStatusStore } from '../../state/sync-status.ts';
import { toast } from '../../state/toast.ts';
import { button, page } from '../../components/ui.css.ts';
import { UserText } from '../../components/UserText.tsx';
import { RefusedNotice } from '../notebooks/common/RefusedNotice.tsx';
import { StatePanel } from '../notebooks/common/StatePanel.tsx';
import { problemMessage } from '../notebooks/common/messages.ts';
import { SignedInData } from '../notebooks/common/SignedInData.tsx';
import { useObservable } from '../../state/data-layer.ts';
import { ModerationTabs } from './ModerationTabs.tsx';
import * as css from './Moderation.css.ts';

/** Who may switch pre-moderation on or off (spec §6: owner; editors edit settings; the server agrees). */
export const CHANGES_SETTINGS = new Set(['owner', 'editor']);

/** /moderation/answers/{notebookId}: pending, approved and rejected answers; pre-moderation (spec §2, §4). */
export default function ModerationScreen() {
  const { notebookId } = useParams<{ notebookId: string }>();
  const signedOut = (
    <StatePanel title={<Trans>Entre para moderar respostas</Trans>}>
      <Link href={backTo('/login', `/moderation/answers/${notebookId}`)} className={button.primary}>
        <Trans>Entrar</Trans>
      </Link>
    </StatePanel>
  );
  const failed = (
    <StatePanel title={<Trans>Erro ao carregar respostas</Trans>}>
      <p>
        <Trans>Não foi possível carregar as respostas para este caderno</Trans>
      </p>
    </StatePanel>
  );
  return (
    <SignedInData signedOut={signedOut} failed={failed} loading={<Loading />}>
      {(layer) => <ModerationBody layer={layer} notebookId={notebookId} />}
    </SignedInData>
  );
}

export function ModerationBody({ layer, notebookId }: { layer: DataLayer; notebookId: string }) {
  const { api, userId } = layer;
  const lists = useObservable(useMemo(() => api.queries.moderation(notebookId), [api, notebookId]));
  const profiles = useObservable(useMemo(() => api.queries.profiles(), [api]));
  const everSynced = useSyncStatusStore((s) => s.lastSyncedAt !== null || !s.online);
  if (lists === undefined || (lists === null && !everSynced)) return <Loading />;
  if (lists === null) {
    return (
      <StatePanel title={<Trans>Caderno não encontrado</Trans>}>
        <Link href="/meus-cadernos" className={button.primary}>
          <Trans>Ir para meus cadernos</Trans>
        </Link>
      </StatePanel>
    );
  }
  if (!lists.may.manage) {
    return (
      <StatePanel title={<Trans>Acesso negado</Trans>}>
        <p>
          <Trans>Só o dono do caderno, editores e colaboradores podem moderar as respostas.</Trans>
        </p>
        <Link href={`/notebook/${notebookId}`} className={button.primary}>
          <Trans>Voltar ao caderno</Trans>
        </Link>
      </StatePanel>
    );
  }
  const title = lists.notebook.title;
  return (
    <div className={page}>
      <header className={css.header}>
        <h1 className={css.title}>
          <Trans>Moderar respostas</Trans>
        </h1>
        <p className={css.subtitle}>
          <UserText>{title}</UserText>
        </p>
        <p className={css.subtitle}>
          <Link href={`/notebook/${notebookId}`}>
            <Trans>Voltar ao caderno</Trans>
          </Link>
        </p>
      </header>
      <PreModerationSetting layer={layer} lists={lists} />
      <ModerationTabs api={api} lists={lists} viewer={{ userId, isOwner: lists.role === 'owner' }} profiles={profiles ?? new Map()} />
    </div>
  );
}

function PreModerationSetting({ layer, lists }: { layer: DataLayer; lists: ModerationLists }) {
  const { t, i18n } = useLingui();
  const { notebook } = lists;
  const key = `notebooks/${notebook.id}`;
  const pendingSync = useSyncStatusStore((s) => s.documents[key]?.state === 'pending');
  const rejection = useSyncStatusStore((s) => s.rejections.find((r) => r.key === key));
  // The switch follows the click at once; the local write lands a moment later.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const allowed = CHANGES_SETTINGS.has(lists.role);

  async function toggle(enabled: boolean) {
    if (optimistic !== null) return;
    setOptimistic(enabled);
    const result = await layer.api.notebooks.update(notebook.id, { pre_moderation_enabled: enabled });
    setOptimistic(null);
    if (result.ok) {
      toast({ title: t`Caderno atualizado` });
    } else {
      toast({ title: t`Erro ao atualizar caderno`, description: i18n._(problemMessage(result.problem, 'notebook')), variant: 'destructive' });
    }
  }

  return (
    <section className={css.setting} aria-labelledby="premoderation-heading">
      <h2 className={css.question} id="premoderation-heading">
        <Trans>Pré-moderação</Trans>
      </h2>
      <label className={css.switchRow}>
        <input
          type="checkbox"
          role="switch"
          className={css.switchInput}
          checked={optimistic ?? notebook.pre_moderation_enabled}
          disabled={!allowed}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby="premoderation-hint"
        />
        <span>
          <Trans>Aprovar respostas antes de mostrá-las</Trans>
        </span>
      </label>
      <p className={css.meta} id="premoderation-hint">
        {allowed ? (
          <Trans>Com a pré-moderação, respostas novas e editadas só aparecem para os outros depois de aprovadas.</Trans>
        ) : (
          <Trans>Só o dono do caderno e editores podem mudar esta opção.</Trans>
        )}
        {pendingSync ? (
          <span>
            <Trans>Aguardando sincronização</Trans>
          </span>
        ) : null}
      </p>
      {rejection ? <RefusedNotice rejection={rejection} onDiscard={() => void layer.api.rejections.discard(rejection.key)} /> : null}
    </section>
  );
}

function Loading() {
  return (
    <div className={page}>
      <p role="status">
        <Trans>Carregando respostas…</Trans>
      </p>
    </div>
  );
}
