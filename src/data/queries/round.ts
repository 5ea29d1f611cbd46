/**
 * The round of "Passar o caderno" as its screen shows it, live (issue 21): the round's step, the
 * notebook, its visible questions, and only the current guest's answers — never an earlier
 * guest's, so the next person cannot read the previous one's.
 */
import { Observable, combineLatest, map, of, switchMap } from 'rxjs';
import type { KvStore } from '../kv-store.ts';
import { roundStoreOf, type RoundState } from '../round/round-state.ts';
import type { DataContext } from '../repositories/context.ts';
import type { AnswerDoc, NotebookDoc, QuestionDoc } from '../schemas/index.ts';
import { all$ } from './common.ts';

export interface RoundQuestion {
  question: QuestionDoc;
  /** The current guest's answer (none between turns). */
  answer: AnswerDoc | null;
}

export type RoundView =
  | { kind: 'none' }
  /** A round another account started on this device: only its lock can end it here. */
  | { kind: 'other-host'; state: RoundState }
  | { kind: 'mine'; state: RoundState; notebook: NotebookDoc | null; questions: RoundQuestion[] };

const byOrder = (a: QuestionDoc, b: QuestionDoc) => a.order_index - b.order_index || a.id.localeCompare(b.id);

/** The round's state as it changes (the key-value store's, not a database query). */
export function roundState$(kv?: KvStore): Observable<RoundState | null> {
  return new Observable((subscriber) => roundStoreOf(kv).subscribe((state) => subscriber.next(state)));
}

export function roundView$(ctx: DataContext & { kv?: KvStore }): Observable<RoundView> {
  return roundState$(ctx.kv).pipe(
    switchMap((state): Observable<RoundView> => {
      if (!state) return of({ kind: 'none' });
      if (state.hostId !== ctx.userId) return of({ kind: 'other-host', state });
      const guestId = state.phase === 'answering' ? state.guest?.id : undefined;
      return combineLatest([
        all$(ctx, 'notebooks', { id: state.notebookId }),
        all$(ctx, 'questions', { notebook_id: state.notebookId }),
        guestId ? all$(ctx, 'answers', { notebook_id: state.notebookId, guest_id: guestId }) : of([] as AnswerDoc[]),
      ]).pipe(
        map(([[notebook], questions, answers]) => ({
          kind: 'mine' as const,
          state,
          notebook: notebook ?? null,
          questions: questions
            .filter((q) => !q.blocked)
            .sort(byOrder)
            .map((question) => ({ question, answer: answers.find((a) => a.question_id === question.id) ?? null })),
        })),
      );
    }),
  );
}
