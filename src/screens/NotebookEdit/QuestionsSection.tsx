import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { I18n } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../components/form.css.ts';
import { Icon } from '../../components/Icon.tsx';
import { UserText } from '../../components/UserText.tsx';
import { button } from '../../components/ui.css.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import type { WriteResult } from '../../data/problems.ts';
import type { NotebookView, QuestionView } from '../../data/queries/notebook.ts';
import { useSyncStatusStore, type RejectedWrite } from '../../state/sync-status.ts';
import { toast } from '../../state/toast.ts';
import { ConfirmDialog, RefusedNotice, SyncBadge } from '../notebooks/common/index.ts';
import { problemText } from '../notebooks/common/messages.ts';
import { RECOMMENDED_MAX_QUESTIONS, canAddQuestions, moveId, pastRecommended, questionRights, questionTextProblem } from './questions.ts';
import * as css from './Edit.css.ts';

interface Props {
  layer: DataLayer;
  view: NotebookView;
}

/** The problem of a refused local write in the person's language, with the forbidden words. */
function resultText(i18n: I18n, result: WriteResult<unknown>): string | null {
  return result.ok ? null : problemText(i18n, result.problem, 'question');
}

/** The questions list (spec §2 edit): add, edit, remove, reorder, block — all offline. */
export function QuestionsSection({ layer, view }: Props) {
  const { t, i18n } = useLingui();
  const { api, userId } = layer;
  const notebookId = view.notebook.id;
  const count = view.questions.length;
  const orderedIds = view.questions.map((q) => q.question.id);
  const rejections = useSyncStatusStore((s) => s.rejections);
  const refusedInserts = rejections.filter((r) => r.collection === 'questions' && r.operation === 'insert' && r.attempted.notebook_id === notebookId);
  const [announcement, setAnnouncement] = useState('');

  async function move(id: string, delta: -1 | 1) {
    const order = moveId(orderedIds, id, delta);
    const result = await api.questions.reorder(notebookId, order);
    const problem = resultText(i18n, result);
    if (problem) {
      toast({ title: t`Erro ao atualizar pergunta`, description: problem, variant: 'destructive' });
      return;
    }
    const position = order.indexOf(id) + 1;
    setAnnouncement(t`Pergunta movida para a posição ${position}`);
    // Keep the keyboard on the same button of the moved question.
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-move="${id}:${delta}"]`)?.focus());
  }

  return (
    <section className={css.section} aria-labelledby="questions" id="questions-section">
      <h2 id="questions" className={css.sectionTitle} tabIndex={-1}>
        <Trans>Perguntas</Trans> ({count})
      </h2>
      {count === 0 ? (
        <p className={css.muted}>
          <Trans>Ainda não há perguntas. Escreva a primeira abaixo — por exemplo, “Qual é a sua cor favorita?”.</Trans>
        </p>
      ) : (
        <ol className={css.questionList} data-testid="question-list">
          {view.questions.map((item, index) => (
            <QuestionItem key={item.question.id} layer={layer} item={item} index={index} total={count} view={view} userId={userId} onMove={move} />
          ))}
        </ol>
      )}
      {refusedInserts.map((rejection) => (
        <RefusedQuestion key={rejection.key} layer={layer} notebookId={notebookId} rejection={rejection} />
      ))}
      {pastRecommended(count) ? (
        <p className={css.note} data-testid="questions-note">
          <Plural
            value={RECOMMENDED_MAX_QUESTIONS}
            one="Este caderno já tem mais de # pergunta. Tudo bem continuar, mas cadernos mais curtos costumam receber mais respostas."
            other="Este caderno já tem mais de # perguntas. Tudo bem continuar, mas cadernos mais curtos costumam receber mais respostas."
          />
        </p>
      ) : null}
      {canAddQuestions(view.role) ? <AddQuestion layer={layer} notebookId={notebookId} /> : null}
      <p className={css.muted} role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

export function AddQuestion({ layer, notebookId }: { layer: DataLayer; notebookId: string }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    const local = questionTextProblem(text);
    if (local) {
      setError(problemText(i18n, local, 'question'));
      inputRef.current?.focus();
      return;
    }
    const submitted = text;
    const result = await layer.api.questions.add(notebookId, submitted);
    const problem = resultText(i18n, result);
    if (problem) {
      setError(problem);
      toast({ title: t`Erro ao adicionar pergunta`, description: problem, variant: 'destructive' });
      inputRef.current?.focus();
      return;
    }
    // The list shows the new question before the write resolves: whoever already typed the next
    // one keeps it (clearing unconditionally erased it).
    setText((current) => (current === submitted ? '' : current));
    setError(null);
    toast({ title: t`Pergunta adicionada` });
    inputRef.current?.focus();
  }

  return (
    <form className={css.addRow} onSubmit={(e) => void add(e)} noValidate>
      <div className={`${f.field} ${css.grow}`}>
        <label htmlFor="new-question" className={f.label}>
          <Trans>Nova pergunta</Trans>
        </label>
        <input
          ref={inputRef}
          id="new-question"
          className={f.input}
          dir="auto"
          value={text}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-question-error' : 'new-question-hint'}
        />
        {error ? (
          <p id="new-question-error" className={f.error}>
            {error}
          </p>
        ) : (
          <p id="new-question-hint" className={f.hint}>
            <Trans>Pelo menos 3 caracteres.</Trans>
          </p>
        )}
      </div>
      <button type="submit" className={button.primary}>
        <Trans>Adicionar pergunta</Trans>
      </button>
    </form>
  );
}

interface ItemProps {
  layer: DataLayer;
  item: QuestionView;
  index: number;
  total: number;
  view: NotebookView;
  userId: string;
  onMove: (id: string, delta: -1 | 1) => void;
}

function QuestionItem({ layer, item, index, total, view, userId, onMove }: ItemProps) {
  const { t, i18n } = useLingui();
  const { question } = item;
  const rights = questionRights(view.role, question, userId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rejection = useSyncStatusStore((s) => s.rejections.find((r) => r.key === `questions/${question.id}`));
  const number = index + 1;
  const textId = `question-text-${question.id}`;

  async function toggleBlocked() {
    const result = await layer.api.questions.setBlocked(question.id, !question.blocked);
    const problem = resultText(i18n, result);
    if (problem) toast({ title: t`Erro ao atualizar pergunta`, description: problem, variant: 'destructive' });
    else toast({ title: question.blocked ? t`Pergunta desbloqueada` : t`Pergunta bloqueada` });
  }

  async function remove() {
    setConfirming(false);
    const result = await layer.api.questions.remove(question.id);
    const problem = resultText(i18n, result);
    if (problem) toast({ title: t`Erro ao remover pergunta`, description: problem, variant: 'destructive' });
    else toast({ title: t`Pergunta removida` });
  }

  return (
    <li className={`${css.questionItem} ${question.blocked ? css.questionBlocked : ''}`} data-testid="question-item" data-question={question.id}>
      <div className={css.questionHead}>
        <span className={css.questionNumber} aria-hidden="true">
          {number}.
        </span>
        {editing ? null : (
          <p className={css.questionText} id={textId} dir="auto">
            {question.text}
          </p>
        )}
        {question.blocked ? (
          <span className={css.blockedBadge} data-testid="question-blocked">
            <Trans>Bloqueada — escondida de quem responde</Trans>
          </span>
        ) : null}
        <SyncBadge collection="questions" id={question.id} />
      </div>
      {editing ? (
        <EditQuestion
          layer={layer}
          questionId={question.id}
          initial={question.text}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className={css.actions}>
          {rights.move ? (
            <>
              <button
                type="button"
                className={`${button.secondary} ${css.small}`}
                disabled={index === 0}
                data-move={`${question.id}:-1`}
                aria-label={t`Mover para cima: pergunta ${number}`}
                onClick={() => onMove(question.id, -1)}
              >
                <Icon name="arrow-up" />
              </button>
              <button
                type="button"
                className={`${button.secondary} ${css.small}`}
                disabled={index === total - 1}
                data-move={`${question.id}:1`}
                aria-label={t`Mover para baixo: pergunta ${number}`}
                onClick={() => onMove(question.id, 1)}
              >
                <Icon name="arrow-down" />
              </button>
            </>
          ) : null}
          {rights.edit ? (
            <button type="button" className={`${button.secondary} ${css.small}`} aria-describedby={textId} onClick={() => setEditing(true)}>
              <Trans>Editar</Trans>
            </button>
          ) : null}
          {rights.block ? (
            <button type="button" className={`${button.secondary} ${css.small}`} aria-describedby={textId} aria-pressed={question.blocked} onClick={() => void toggleBlocked()}>
              {question.blocked ? <Trans>Desbloquear</Trans> : <Trans>Bloquear</Trans>}
            </button>
          ) : null}
          {rights.remove ? (
            <button type="button" className={`${button.ghost} ${css.small}`} aria-describedby={textId} onClick={() => setConfirming(true)}>
              <Trans>Remover</Trans>
            </button>
          ) : null}
        </div>
      )}
      {rejection ? (
        <RefusedNotice
          rejection={rejection}
          attemptedText={typeof rejection.attempted.text === 'string' ? rejection.attempted.text : null}
          onFix={rights.edit ? () => setEditing(true) : undefined}
          onDiscard={() => void layer.api.rejections.discard(rejection.key)}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog title={<Trans>Remover esta pergunta?</Trans>} confirmLabel={<Trans>Remover</Trans>} onConfirm={() => void remove()} onCancel={() => setConfirming(false)}>
          <p style={{ margin: 0 }}>
            “<UserText>{question.text}</UserText>”
          </p>
          <p style={{ margin: '0.5rem 0 0' }}>
            <Plural
              value={item.answers.length}
              _0="Ela ainda não tem respostas."
              one="A # resposta dela também será apagada."
              other="As # respostas dela também serão apagadas."
            />
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}

function EditQuestion({ layer, questionId, initial, onDone }: { layer: DataLayer; questionId: string; initial: string; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = `edit-${questionId}`;
  // Typing goes to the field that replaced the "Editar" button. Not autoFocus: Preact sets it as
  // the attribute, which browsers ignore on an element added after the page loaded.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  async function save(event: FormEvent) {
    event.preventDefault();
    const local = questionTextProblem(text);
    if (local) return setError(problemText(i18n, local, 'question'));
    const key = `questions/${questionId}`;
    const result = await layer.api.rejections.fix(key, () => layer.api.questions.edit(questionId, text));
    const problem = resultText(i18n, result);
    if (problem) {
      setError(problem);
      toast({ title: t`Erro ao atualizar pergunta`, description: problem, variant: 'destructive' });
      return;
    }
    toast({ title: t`Pergunta atualizada` });
    onDone();
  }

  return (
    <form className={css.addRow} onSubmit={(e) => void save(e)} noValidate>
      <div className={`${f.field} ${css.grow}`}>
        <label htmlFor={id} className={f.label}>
          <Trans>Texto da pergunta</Trans>
        </label>
        <input
          id={id}
          className={f.input}
          dir="auto"
          value={text}
          ref={field}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className={f.error}>
            {error}
          </p>
        ) : null}
      </div>
      <div className={css.actions}>
        <button type="submit" className={button.primary}>
          <Trans>Salvar</Trans>
        </button>
        <button type="button" className={button.ghost} onClick={onDone}>
          <Trans>Cancelar</Trans>
        </button>
      </div>
    </form>
  );
}

/** A new question the server refused: it is gone from the list, so what was typed waits here to be fixed or discarded. */
function RefusedQuestion({ layer, notebookId, rejection }: { layer: DataLayer; notebookId: string; rejection: RejectedWrite }) {
  const { t, i18n } = useLingui();
  const attempted = typeof rejection.attempted.text === 'string' ? rejection.attempted.text : '';
  const [fixing, setFixing] = useState(false);
  const [text, setText] = useState(attempted);
  const [error, setError] = useState<string | null>(null);
  const id = `fix-${rejection.id}`;

  async function fix(event: FormEvent) {
    event.preventDefault();
    const local = questionTextProblem(text);
    if (local) return setError(problemText(i18n, local, 'question'));
    const result = await layer.api.rejections.fix(rejection.key, () => layer.api.questions.add(notebookId, text));
    const problem = resultText(i18n, result);
    if (problem) setError(problem);
    else toast({ title: t`Pergunta adicionada` });
  }

  return (
    <RefusedNotice rejection={rejection} attemptedText={attempted} onFix={fixing ? undefined : () => setFixing(true)} onDiscard={() => void layer.api.rejections.discard(rejection.key)}>
      {fixing ? (
        <form className={css.addRow} onSubmit={(e) => void fix(e)} noValidate>
          <div className={`${f.field} ${css.grow}`}>
            <label htmlFor={id} className={f.label}>
              <Trans>Texto da pergunta</Trans>
            </label>
            <input id={id} className={f.input} dir="auto" value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
            {error ? (
              <p id={`${id}-error`} className={f.error}>
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className={button.primary}>
            <Trans>Salvar correção</Trans>
          </button>
        </form>
      ) : null}
    </RefusedNotice>
  );
}
