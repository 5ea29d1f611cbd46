/**
 * The moderation screen's three lists (spec §2 /moderation/answers/{notebookId}, §4): pending,
 * approved and rejected answers of one notebook, each with its question, for those who moderate
 * (owner, editors, collaborators). Others get empty lists: the server sends them neither pending
 * nor rejected answers (S4), and the screen tells them they may not moderate.
 */
import { Observable, combineLatest, map } from 'rxjs';
import type { DataContext } from '../repositories/context.ts';
import type { NotebookPermissions, NotebookRole } from '../repositories/roles.ts';
import type { AnswerDoc, NotebookDoc, QuestionDoc } from '../schemas/index.ts';
import { all$ } from './common.ts';
import { notebookView$ } from './notebook.ts';

export interface ModerationItem {
  answer: AnswerDoc;
  question: QuestionDoc | null;
}

export interface ModerationLists {
  notebook: NotebookDoc;
  role: NotebookRole;
  may: NotebookPermissions;
  /** Oldest first: the one waiting longest comes first. */
  pending: ModerationItem[];
  /** Most recently moderated first. */
  approved: ModerationItem[];
  rejected: ModerationItem[];
}

const oldestFirst = (a: ModerationItem, b: ModerationItem) => String(a.answer.created_at).localeCompare(String(b.answer.created_at));
const lastModeratedFirst = (a: ModerationItem, b: ModerationItem) =>
  String(b.answer.moderated_at ?? b.answer.updated_at).localeCompare(String(a.answer.moderated_at ?? a.answer.updated_at));

export function moderationLists$(ctx: DataContext, notebookId: string): Observable<ModerationLists | null> {
  return combineLatest([notebookView$(ctx, notebookId), all$(ctx, 'answers', { notebook_id: notebookId })]).pipe(
    map(([view, answers]) => {
      if (!view) return null;
      const lists: ModerationLists = { notebook: view.notebook, role: view.role, may: view.may, pending: [], approved: [], rejected: [] };
      if (!view.may.manage) return lists;
      const questions = new Map(view.questions.map(({ question }) => [question.id, question]));
      for (const answer of answers) {
        lists[answer.moderation_status].push({ answer, question: questions.get(answer.question_id) ?? null });
      }
      lists.pending.sort(oldestFirst);
      lists.approved.sort(lastModeratedFirst);
      lists.rejected.sort(lastModeratedFirst);
      return lists;
    }),
  );
}
