import { memo, Suspense, useLayoutEffect, type Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserText, isolate } from '../../components/UserText.tsx';
import { userBlock } from '../../components/user-text.css.ts';
import type { DataApi } from '../../data/repositories/index.ts';
import type { NotebookView } from '../../data/queries/notebook.ts';
import { newAnswerDoc } from '../../data/schemas/answers.ts';
import type { AnswerDoc, ProfileDoc } from '../../data/schemas/index.ts';
import { useSyncStatusStore } from '../../state/sync-status.ts';
import { AnswerAuthorLabel } from '../notebooks/common/AnswerAuthorLabel.tsx';
import { answerAuthor, type Viewer } from '../notebooks/common/identity.ts';
import { noteListed } from './latency.ts';
import { RefusedNotice } from '../notebooks/common/RefusedNotice.tsx';
import { refusalFor } from './refusals.ts';
import * as css from './NotebookView.css.ts';
// Blocking a person (issue 22): its own chunk; no button when it cannot be fetched offline.
import { LazyBlockPersonButton as BlockPersonButton } from '../safety/lazy.ts';
// Reporting (issue 33): works offline, like any write.
import ReportButton from '../online/reports/ReportButton.tsx';

interface AnswerListProps {
  api: DataApi;
  view: NotebookView;
  /** Answers being saved, by question id. */
  saving: Readonly<Record<string, SavingAnswer>>;
  /** Opens the question's page to correct a refused answer (S8). */
  onFix: (questionId: string) => void;
  viewer: Viewer;
  profiles: Map<string, ProfileDoc>;
  /** People the viewer blocked: their answers are not listed (issue 22). */
  hiddenAuthors?: readonly string[];
  headingRef?: Ref<HTMLHeadingElement>;
}

/** An answer being written to the local database right now (shown at once, S1; see issue 8's figure). */
export interface SavingAnswer {
  text: string;
  is_anonymous: boolean;
  responder_name: string | null;
  /** The status the saved answer will have here (pending under pre-moderation). */
  moderation_status: AnswerDoc['moderation_status'];
}

export const SAVING_ID_PREFIX = 'saving:';


/**
 * The answers shown under each question: approved ones, and my own one whatever its state
 * (I see it waiting for approval or for sync; rejected ones are hidden from lists, spec §4, and
 * shown to me on the question's page instead). An answer being saved shows with what was
 * typed from the moment "save" is pressed. Blocked questions reach only those who manage the
 * notebook (the query hides them from participants).
 */
export function listedAnswers(entry: Pick<NotebookView['questions'][number], 'question' | 'answers' | 'myAnswer'>, saving?: SavingAnswer, userId?: string): AnswerDoc[] {
  const stored = entry.myAnswer;
  const mine: AnswerDoc | null = saving
    ? {
        ...(stored ?? placeholderAnswer(entry.question.id, entry.question.notebook_id, userId ?? null)),
        text: saving.text.trim(),
        is_anonymous: saving.is_anonymous,
        responder_name: saving.responder_name,
        moderation_status: saving.moderation_status,
      }
    : stored;
  if (!mine || mine.moderation_status === 'rejected') return entry.answers.filter((a) => a.id !== mine?.id);
  const at = entry.answers.findIndex((a) => a.id === mine.id);
  if (at === -1) return [...entry.answers, mine];
  return entry.answers.map((a, i) => (i === at ? mine : a));
}

const NOBODY: readonly string[] = [];

/** The answers whose author is not one of `hidden` (anonymous ones carry no author for others). */
export function withoutAuthors(answers: AnswerDoc[], hidden: readonly string[]): AnswerDoc[] {
  if (hidden.length === 0) return answers;
  return answers.filter((answer) => !answer.user_id || !hidden.includes(answer.user_id));
}

function placeholderAnswer(questionId: string, notebookId: string, userId: string | null): AnswerDoc {
  return newAnswerDoc({ id: `${SAVING_ID_PREFIX}${questionId}`, question_id: questionId, notebook_id: notebookId, user_id: userId }, { at: '', clock: 0 });
}

export function AnswerList({ api, view, saving, onFix, viewer, profiles, hiddenAuthors = NOBODY, headingRef }: AnswerListProps) {
  const groups = view.questions.map((entry) => ({
    entry,
    answers: withoutAuthors(listedAnswers(entry, saving[entry.question.id], viewer.userId), hiddenAuthors),
  }));
  useLayoutEffect(() => noteListed(groups.flatMap((g) => g.answers)));
  return (
    <section aria-labelledby="answers-heading">
      <h2 className={css.sectionTitle} id="answers-heading" tabIndex={-1} ref={headingRef}>
        <Trans>Respostas</Trans>
      </h2>
      {groups.length === 0 ? (
        <p className={css.muted}>
          <Trans>Ainda não há perguntas.</Trans>
        </p>
      ) : (
        <ol className={css.answersList} data-testid="answers-list">
          {groups.map(({ entry, answers }) => (
            <QuestionGroup key={entry.question.id} api={api} entry={entry} answers={answers} viewer={viewer} profiles={profiles} onFix={onFix} />
          ))}
        </ol>
      )}
    </section>
  );
}

interface GroupProps {
  api: DataApi;
  entry: NotebookView['questions'][number];
  answers: AnswerDoc[];
  viewer: Viewer;
  profiles: Map<string, ProfileDoc>;
  onFix: (questionId: string) => void;
}

function QuestionGroup({ api, entry, answers, viewer, profiles, onFix }: GroupProps) {
  const { t } = useLingui();
  const questionText = isolate(entry.question.text);
  // My refused answer to this question stays in sight here, where it would have been (S8).
  const refused = useSyncStatusStore((s) => refusalFor(s.rejections, entry.question.id));
  const fix = () => onFix(entry.question.id);
  return (
    <li className={css.questionBlock} data-question={entry.question.id}>
      <h3 className={css.questionTitle}>
        <UserText>{entry.question.text}</UserText>{' '}
        {entry.question.blocked ? (
          <span className={css.badge.neutral}>
            <Trans>Bloqueada — só quem gerencia vê</Trans>
          </span>
        ) : null}
      </h3>
      <ReportButton kind="question" targetId={entry.question.id} authorId={entry.question.user_id} />
      {refused ? (
        <div data-testid="refused-answer">
          <p className={`${css.answerText} ${userBlock}`} dir="auto">
            {String(refused.attempted.text ?? '')}
          </p>
          <RefusedNotice rejection={refused} onFix={fix} onDiscard={() => void api.rejections.discard(refused.key)} />
        </div>
      ) : null}
      {answers.length === 0 && !refused ? (
        <p className={css.muted}>
          <Trans>Ainda sem respostas.</Trans>
        </p>
      ) : (
        <ul className={css.answerItems} aria-label={t`Respostas a: ${questionText}`}>
          {answers.map((answer) => (
            <AnswerItem key={answer.id} api={api} answer={answer} viewer={viewer} profiles={profiles} refusalShownAbove={refused?.id === answer.id} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Memoised: saving one answer re-renders only the items that changed (issue 8's one-frame figure). */
interface ItemProps {
  api: DataApi;
  answer: AnswerDoc;
  viewer: Viewer;
  profiles: Map<string, ProfileDoc>;
  refusalShownAbove: boolean;
}

const AnswerItem = memo(function AnswerItem({ api, answer, viewer, profiles, refusalShownAbove }: ItemProps) {
  const sync = useSyncStatusStore((s) => s.documents[`answers/${answer.id}`]);
  const rejection = useSyncStatusStore((s) => (sync?.state === 'rejected' ? s.rejections.find((r) => r.key === `answers/${answer.id}`) : undefined));
  const author = answerAuthor(answer, viewer, profiles);
  const beingSaved = answer.id.startsWith(SAVING_ID_PREFIX);
  return (
    <li className={css.answerItem} data-testid="answer" data-answer={answer.id}>
      <p className={`${css.answerText} ${userBlock}`} dir="auto">
        {answer.text}
      </p>
      <p className={css.answerMeta}>
        <span data-testid="answer-author">
          <AnswerAuthorLabel author={author} />
        </span>
        {answer.moderation_status === 'pending' ? (
          <span className={css.badge.waiting}>
            <Trans>Aguardando aprovação</Trans>
          </span>
        ) : null}
        {beingSaved ? (
          <span className={css.badge.waiting}>
            <Trans>Salvando…</Trans>
          </span>
        ) : null}
        {sync?.state === 'pending' ? (
          <span className={css.badge.waiting} data-testid="answer-unsynced">
            <Trans>Aguardando sincronização</Trans>
          </span>
        ) : null}
      </p>
      {answer.user_id && (author.kind === 'named' || author.kind === 'revealed') && author.username && !beingSaved ? (
        <Suspense fallback={null}>
          <BlockPersonButton userId={answer.user_id} username={author.username} checkFirst={false} />
        </Suspense>
      ) : null}
      {beingSaved ? null : <ReportButton kind="answer" targetId={answer.id} authorId={answer.user_id} />}
      {rejection && !refusalShownAbove ? <RefusedNotice rejection={rejection} onDiscard={() => void api.rejections.discard(rejection.key)} /> : null}
    </li>
  );
});
