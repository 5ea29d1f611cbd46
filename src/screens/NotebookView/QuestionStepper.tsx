import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DataApi } from '../../data/repositories/index.ts';
import type { QuestionView, NotebookView } from '../../data/queries/notebook.ts';
import type { AnswerDoc } from '../../data/schemas/index.ts';
import { useSyncStatusStore, type RejectedWrite } from '../../state/sync-status.ts';
import { toast } from '../../state/toast.ts';
import { button } from '../../components/ui.css.ts';
import { useOnline } from '../../components/frame/useOnline.ts';
import { UserText } from '../../components/UserText.tsx';
import { NotebookPaper } from '../notebooks/look/index.ts';
import { markSavePressed, markWritten } from './latency.ts';
import type { SavingAnswer } from './AnswerList.tsx';
import { answerSavedNotice, problemMessage } from '../notebooks/common/messages.ts';
import type { Problem } from '../../data/problems.ts';
import { RefusedNotice } from '../notebooks/common/RefusedNotice.tsx';
import { refusalFor } from './refusals.ts';
import { firstUnanswered, initialStepper, isCompletion, stepperReducer } from './stepper.ts';
import { UnsavedAnswerDialog } from './UnsavedAnswerDialog.tsx';
import * as css from './NotebookView.css.ts';

interface StepperProps {
  api: DataApi;
  view: NotebookView;
  onShowAnswers: () => void;
  /** Told when an answer starts being saved (shown in the list at once) and when it is done (null). */
  onSaving: (questionId: string, answer: SavingAnswer | null) => void;
  /** A request to open a question's page (to fix a refused answer); `at` makes each request new. */
  openQuestion: { questionId: string; at: number } | null;
}

/**
 * The question stepper (spec §2 view): one notebook page per question, "page N of M", a page
 * flip between them (none with reduced motion), anonymity and the responder's name, then the
 * completion page. Saving writes to the local database and moves on at once; the sync status
 * says when it has reached the server.
 */
export function QuestionStepper({ api, view, onShowAnswers, onSaving, openQuestion }: StepperProps) {
  const questions = view.questions.filter((q) => !q.question.blocked);
  const [stepper, dispatch] = useReducer(stepperReducer, undefined, () =>
    initialStepper(questions.length, firstUnanswered(questions.map((q) => q.myAnswer !== null))),
  );
  useEffect(() => dispatch({ type: 'count', count: questions.length }), [questions.length]);
  const questionIds = questions.map((q) => q.question.id).join(' ');
  useEffect(() => {
    if (!openQuestion) return;
    const index = questionIds.split(' ').indexOf(openQuestion.questionId);
    if (index !== -1) dispatch({ type: 'goto', page: index });
  }, [openQuestion, questionIds]);

  if (questions.length === 0) {
    return (
      <NotebookPaper paper={view.notebook.paper_style} theme={view.notebook.theme} as="section">
        <p>
          <Trans>Este caderno ainda não tem perguntas.</Trans>
        </p>
      </NotebookPaper>
    );
  }
  const paperProps = { paper: view.notebook.paper_style, theme: view.notebook.theme, flip: stepper.turn } as const;
  if (isCompletion(stepper)) {
    const answered = questions.filter((q) => q.myAnswer).length;
    return (
      <NotebookPaper {...paperProps} key="done" as="section" handwriting>
        <Completion answered={answered} total={questions.length} onReview={() => dispatch({ type: 'goto', page: 0 })} onShowAnswers={onShowAnswers} />
      </NotebookPaper>
    );
  }
  const current = questions[stepper.page];
  return (
    <NotebookPaper {...paperProps} key={current.question.id} as="section" handwriting>
      <QuestionPage
        api={api}
        entry={current}
        page={stepper.page + 1}
        total={questions.length}
        myAnswersWait={view.myAnswersWait}
        onSaving={onSaving}
        focusOnMount={stepper.turn !== 'none'}
        onPrevious={stepper.page > 0 ? () => dispatch({ type: 'previous' }) : null}
        onNext={() => dispatch({ type: 'next' })}
      />
    </NotebookPaper>
  );
}

function Completion({ answered, total, onReview, onShowAnswers }: { answered: number; total: number; onReview(): void; onShowAnswers(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={css.completion} data-testid="stepper-complete">
      <h3 className={css.question} tabIndex={-1} ref={heading}>
        <Trans>Obrigado por responder!</Trans>
      </h3>
      <p className={css.hint}>
        <Plural value={total} one={`Você respondeu ${answered} de # pergunta.`} other={`Você respondeu ${answered} de # perguntas.`} />
      </p>
      <div className={css.stepButtons}>
        <button type="button" className={button.primary} onClick={onShowAnswers}>
          <Trans>Ver respostas</Trans>
        </button>
        <button type="button" className={button.secondary} onClick={onReview}>
          <Trans>Revisar minhas respostas</Trans>
        </button>
      </div>
    </div>
  );
}

interface PageProps {
  api: DataApi;
  entry: QuestionView;
  page: number;
  total: number;
  /** With pre-moderation my answer waits for approval (the data layer says so: NotebookView). */
  myAnswersWait: boolean;
  onSaving: StepperProps['onSaving'];
  focusOnMount: boolean;
  onPrevious: (() => void) | null;
  onNext: () => void;
}

function QuestionPage({ api, entry, page, total, myAnswersWait, onSaving, focusOnMount, onPrevious, onNext }: PageProps) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const ids = useId();
  const { question, myAnswer } = entry;
  const preModeration = myAnswersWait;
  const rejection = useSyncStatusStore((s) => refusalFor(s.rejections, question.id));
  // What was typed comes back: the stored answer, or else what the server refused (S8).
  const start = (myAnswer ?? rejection?.attempted ?? {}) as Partial<AnswerDoc>;
  const [text, setText] = useState(String(start.text ?? ''));
  const [anonymous, setAnonymous] = useState(Boolean(start.is_anonymous));
  const [name, setName] = useState(String(start.responder_name ?? ''));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  // What the page opened with, to tell typed-and-unsaved from already saved (QA J1).
  const [opened] = useState(() => ({ text: String(start.text ?? ''), anonymous: Boolean(start.is_anonymous), name: String(start.responder_name ?? '') }));
  const unsaved = text.trim() !== '' && (text !== opened.text || anonymous !== opened.anonymous || name !== opened.name);
  /** Where the person asked to go while the page had unsaved text; the dialog asks first. */
  const [leavingTo, setLeavingTo] = useState<(() => void) | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const say = (refused: Problem) => i18n._(problemMessage(refused, 'answer'));

  const last = page === total;
  /**
   * The last page has one finish (issue 29): it saves what was typed and finishes, or just
   * finishes when there is nothing new to save — never a second "Concluir" that asks first.
   */
  const finishSaves = text.trim() !== '' && (unsaved || !myAnswer);

  function save(event: FormEvent) {
    event.preventDefault();
    if (last && !finishSaves) return onNext();
    void persist(onNext);
  }

  /** Leaves the page at once, or first asks whether to save the text typed there. */
  function leave(go: () => void) {
    if (unsaved) setLeavingTo(() => go);
    else go();
  }

  /** Saves the answer, then goes on (`after`); a refusal keeps the page open with its message. */
  async function persist(after: () => void) {
    if (saving) return;
    setSaving(true);
    markSavePressed(question.id, text);
    const fields = { text, is_anonymous: anonymous, responder_name: name.trim() || null };
    // Shown in the list in this very frame; an empty answer is refused before it could be shown.
    if (text.trim()) onSaving(question.id, { ...fields, moderation_status: entry.statusOnSave });
    const write = () => api.answers.answer(question.id, fields);
    const result = await (rejection ? api.rejections.fix(rejection.key, write) : write()).finally(() => onSaving(question.id, null));
    markWritten();
    setSaving(false);
    if (!result.ok) {
      setProblem(result.problem);
      toast({ title: t`Erro ao enviar resposta`, description: say(result.problem), variant: 'destructive' });
      textarea.current?.focus();
      return;
    }
    setProblem(null);
    const notice = answerSavedNotice(result.value, online);
    toast({ title: i18n._(notice.title), description: notice.description ? i18n._(notice.description) : undefined });
    after();
  }

  async function remove() {
    if (!myAnswer) return;
    const result = await api.answers.delete(myAnswer.id);
    if (result.ok) {
      setText('');
      toast({ title: t`Resposta excluída` });
    } else {
      toast({ title: t`Erro ao excluir resposta`, description: t`Ocorreu um erro ao excluir a resposta`, variant: 'destructive' });
    }
  }

  function fixRefused(refused: RejectedWrite) {
    const attempted = refused.attempted as Partial<AnswerDoc>;
    setText(String(attempted.text ?? text));
    setAnonymous(Boolean(attempted.is_anonymous ?? anonymous));
    setName(String(attempted.responder_name ?? name));
    textarea.current?.focus();
  }

  const errorId = `${ids}-error`;
  return (
    <div data-testid="question-page">
      <p className={css.pageNumber} aria-live="polite" data-testid="page-number">
        <Trans>
          Página {page} de {total}
        </Trans>
      </p>
      <h3 className={css.question} tabIndex={-1} ref={heading} id={`${ids}-q`}>
        <UserText>{question.text}</UserText>
      </h3>
      <MyAnswerState answer={myAnswer} />
      {rejection ? (
        <RefusedNotice rejection={rejection} onFix={() => fixRefused(rejection)} onDiscard={() => void api.rejections.discard(rejection.key)} />
      ) : null}
      <form className={css.form} onSubmit={save} noValidate>
        <label className={css.label} htmlFor={`${ids}-text`}>
          <Trans>Sua resposta</Trans>
        </label>
        <textarea
          id={`${ids}-text`}
          ref={textarea}
          className={css.textarea}
          dir="auto"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          required
        />
        {problem ? (
          <p className={css.error} id={errorId} role="alert">
            {say(problem)}
            {problem.words?.length ? (
              <>
                {' ('}
                <UserText>{problem.words.join(', ')}</UserText>)
              </>
            ) : null}
          </p>
        ) : null}
        <label className={css.checkRow}>
          <input type="checkbox" className={css.checkbox} checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} aria-describedby={`${ids}-anon`} />
          <span>
            <Trans>Responder anonimamente</Trans>
          </span>
        </label>
        <p className={css.hint} id={`${ids}-anon`}>
          <Trans>Ninguém verá seu nome nesta resposta, só o dono do caderno.</Trans>
        </p>
        <label className={css.label} htmlFor={`${ids}-name`}>
          <Trans>Seu nome (opcional)</Trans>
        </label>
        <input id={`${ids}-name`} className={css.input} dir="auto" value={name} onChange={(e) => setName(e.target.value)} autoComplete="nickname" />
        {preModeration ? (
          <p className={css.hint}>
            <Trans>Este caderno tem pré-moderação: sua resposta aparece para os outros depois de aprovada pelo dono.</Trans>
          </p>
        ) : null}
        <div className={css.stepNav}>
          <div className={css.stepButtons}>
            {onPrevious ? (
              <button type="button" className={button.secondary} onClick={() => leave(onPrevious)}>
                <Trans>Anterior</Trans>
              </button>
            ) : null}
            {last ? null : (
              <button type="button" className={button.ghost} onClick={() => leave(onNext)}>
                <Trans>Pular</Trans>
              </button>
            )}
          </div>
          {myAnswer ? (
            <button type="button" className={button.ghost} onClick={() => void remove()}>
              <Trans>Excluir resposta</Trans>
            </button>
          ) : null}
          <button type="submit" className={button.primary} disabled={saving}>
            {!last ? <Trans>Salvar e continuar</Trans> : finishSaves ? <Trans>Salvar e concluir</Trans> : <Trans>Concluir</Trans>}
          </button>
        </div>
      </form>
      {leavingTo ? (
        <UnsavedAnswerDialog
          onSave={() => {
            setLeavingTo(null);
            void persist(leavingTo);
          }}
          onDiscard={() => {
            setLeavingTo(null);
            leavingTo();
          }}
          onKeepEditing={() => {
            setLeavingTo(null);
            textarea.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

/** Where my answer to this question stands: waiting to sync, waiting for approval, or rejected. */
function MyAnswerState({ answer }: { answer: AnswerDoc | null }) {
  const notes = answer?.moderation_notes ? <UserText>{answer.moderation_notes}</UserText> : null;
  const pendingSync = useSyncStatusStore((s) => (answer ? s.documents[`answers/${answer.id}`]?.state === 'pending' : false));
  if (!answer) return null;
  if (answer.moderation_status === 'rejected') {
    return (
      <div className={css.notice.danger} data-testid="my-answer-rejected">
        <Trans>Sua resposta foi rejeitada pelo dono do caderno. Edite e envie de novo.</Trans>
        {notes ? (
          <>
            {' '}
            <Trans>Observações: {notes}</Trans>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <>
      {pendingSync ? (
        <p className={css.notice.waiting} data-testid="my-answer-unsynced">
          <Trans>Salva neste aparelho; aguardando sincronização.</Trans>
        </p>
      ) : null}
      {answer.moderation_status === 'pending' ? (
        <p className={css.notice.waiting} data-testid="my-answer-pending">
          <Trans>Aguardando aprovação do dono do caderno.</Trans>
        </p>
      ) : (
        <p className={css.notice.info}>
          <Trans>Você já respondeu esta pergunta; pode editar a resposta.</Trans>
        </p>
      )}
    </>
  );
}
