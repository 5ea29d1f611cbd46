import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { backTo } from '../../navigation/links.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { ProfileDoc } from '../../data/schemas/index.ts';
import { useSyncStatusStore } from '../../state/sync-status.ts';
import { button, page } from '../../components/ui.css.ts';
import { AnswerList, type SavingAnswer } from './AnswerList.tsx';
import { NotebookAbout, NotebookSidebar } from './NotebookSidebar.tsx';
import { QuestionStepper } from './QuestionStepper.tsx';
import { StatePanel } from '../notebooks/common/StatePanel.tsx';
import { SignedInData } from '../notebooks/common/SignedInData.tsx';
import { useObservable } from '../../state/data-layer.ts';
import { blockedBy, refreshBlocked, useBlockedStore } from '../safety/blocked-store.ts';
import { preloadBlockPersonButton } from '../safety/lazy.ts';
import * as css from './NotebookView.css.ts';
import { useScreenName } from '../../components/frame/document-title.ts';
import { notebookNextParts, usePreloadNextParts } from '../../navigation/next-parts.ts';

const NO_PROFILES = new Map<string, ProfileDoc>();

/** /notebook/{id}: read the notebook, answer it page by page, see the answers (spec §2). */
export default function NotebookViewScreen() {
  const { id } = useParams<{ id: string }>();
  usePreloadNextParts(notebookNextParts(id));
  const signedOut = (
    <StatePanel title={<Trans>Entre para ver este caderno</Trans>}>
      <p>
        <Trans>Cadernos compartilhados precisam de login e permissão para serem vistos.</Trans>
      </p>
      {/* Back here after logging in: a shared notebook's link is often the first thing a friend opens. */}
      <Link href={backTo('/login', `/notebook/${id}`)} className={button.primary}>
        <Trans>Entrar</Trans>
      </Link>
    </StatePanel>
  );
  const failed = (
    <StatePanel title={<Trans>Erro ao carregar caderno</Trans>}>
      <p>
        <Trans>Não foi possível carregar os detalhes do caderno</Trans>
      </p>
    </StatePanel>
  );
  return (
    <SignedInData signedOut={signedOut} failed={failed} loading={<Loading />}>
      {(layer) => <NotebookViewBody layer={layer} notebookId={id} />}
    </SignedInData>
  );
}

export function NotebookViewBody({ layer, notebookId }: { layer: DataLayer; notebookId: string }) {
  const { api, userId } = layer;
  const view = useObservable(useMemo(() => api.queries.notebook(notebookId), [api, notebookId]));
  const profiles = useObservable(useMemo(() => api.queries.profiles(), [api]));
  const everSynced = useSyncStatusStore((s) => s.lastSyncedAt !== null || !s.online);
  // issue 22: what people I blocked wrote is not shown to me
  const blocked = useBlockedStore((s) => blockedBy(s, userId));
  useEffect(() => void refreshBlocked(userId), [userId]);
  // The block button's chunk arrives while there is a connection, not when the first named answer
  // shows up (perhaps offline at a party).
  useEffect(() => {
    if (navigator.onLine) preloadBlockPersonButton().catch(() => undefined);
  }, []);
  const answersHeading = useRef<HTMLHeadingElement>(null);
  const [openQuestion, setOpenQuestion] = useState<{ questionId: string; at: number } | null>(null);
  const answerHeading = useRef<HTMLHeadingElement>(null);
  const onFix = useCallback((questionId: string) => {
    setOpenQuestion({ questionId, at: Date.now() });
    answerHeading.current?.scrollIntoView({ block: 'start' });
  }, []);
  // The page's title names the notebook (the top bar says only "Caderno").
  useScreenName(view?.notebook.title);
  const isOwner = view?.role === 'owner';
  const viewer = useMemo(() => ({ userId, isOwner }), [userId, isOwner]);
  const [saving, setSaving] = useState<Record<string, SavingAnswer>>({});
  const onSaving = useCallback((questionId: string, answer: SavingAnswer | null) => {
    setSaving(({ [questionId]: _done, ...others }) => (answer ? { ...others, [questionId]: answer } : others));
  }, []);

  if (view === undefined || (view === null && !everSynced)) return <Loading />;
  if (view === null) {
    return (
      <StatePanel title={<Trans>Caderno não encontrado</Trans>}>
        <p>
          <Trans>Este caderno não existe, foi excluído ou não foi compartilhado com você.</Trans>
        </p>
        <Link href="/meus-cadernos" className={button.primary}>
          <Trans>Ir para meus cadernos</Trans>
        </Link>
      </StatePanel>
    );
  }
  const showAnswers = () => {
    answersHeading.current?.scrollIntoView({ block: 'start' });
    answersHeading.current?.focus();
  };
  return (
    <div className={page}>
      <div className={css.layout}>
        <NotebookSidebar view={view} ownerUsername={profiles?.get(view.notebook.user_id)?.username} />
        <div className={css.main}>
          {view.may.answer ? (
            <section aria-labelledby="answer-heading">
              <h2 className={css.sectionTitle} id="answer-heading" ref={answerHeading}>
                <Trans>Responder</Trans>
              </h2>
              <QuestionStepper api={api} view={view} onShowAnswers={showAnswers} onSaving={onSaving} openQuestion={openQuestion} />
            </section>
          ) : null}
          <AnswerList api={api} view={view} saving={saving} onFix={onFix} viewer={viewer} profiles={profiles ?? NO_PROFILES} hiddenAuthors={blocked} headingRef={answersHeading} />
        </div>
        <NotebookAbout />
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className={page}>
      <p role="status" className={css.muted}>
        <Trans>Carregando caderno…</Trans>
      </p>
    </div>
  );
}
