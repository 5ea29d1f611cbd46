/**
 * One notebook as its screens need it (spec §2 view, edit, moderation), live:
 *
 *   questions       in order; blocked ones only for those who manage the notebook
 *   answers         per question, the ones a list shows: approved (rejected ones never, pending
 *                   ones only on the moderation screen)
 *   myAnswers       my own answer per question, whatever its state (to edit or resubmit)
 *   awaiting        answers waiting for moderation (for those who moderate)
 *
 * What the server does not let this person see never reaches the device (S4, S5), so these
 * are presentation rules, not security.
 */
import { Observable, combineLatest, map } from 'rxjs';
import type { DataContext } from '../repositories/context.ts';
import { awaitsApproval, expectedAnswerStatus } from '../repositories/answer-status.ts';
import { permissionsOf, roleFrom, type NotebookPermissions, type NotebookRole } from '../repositories/roles.ts';
import type { ModerationStatus } from '../schemas/answers.ts';
import type { AnswerDoc, InviteLinkDoc, NotebookCollaboratorDoc, NotebookDoc, NotebookShareDoc, QuestionDoc } from '../schemas/index.ts';
import { all$ } from './common.ts';

export interface QuestionView {
  question: QuestionDoc;
  answers: AnswerDoc[];
  myAnswer: AnswerDoc | null;
  /** The state my answer shows once saved, as this device guesses it until the server's arrives. */
  statusOnSave: ModerationStatus;
}

export interface NotebookView {
  notebook: NotebookDoc;
  role: NotebookRole;
  may: NotebookPermissions;
  /** With pre-moderation, my answers wait for the owner's approval (everyone's but the owner's). */
  myAnswersWait: boolean;
  questions: QuestionView[];
  /** Answers waiting for moderation (empty for people who do not moderate). */
  awaiting: AnswerDoc[];
  shares: NotebookShareDoc[];
  collaborators: NotebookCollaboratorDoc[];
  inviteLinks: InviteLinkDoc[];
  answerCount: number;
}

const byOrder = (a: QuestionDoc, b: QuestionDoc) => a.order_index - b.order_index || a.id.localeCompare(b.id);
const oldestFirst = (a: AnswerDoc, b: AnswerDoc) => String(a.created_at).localeCompare(String(b.created_at));

/** The notebook with everything its screens show; null while it is not (or no longer) here. */
export function notebookView$(ctx: DataContext, notebookId: string): Observable<NotebookView | null> {
  const scope = { notebook_id: notebookId };
  return combineLatest([
    all$(ctx, 'notebooks', { id: notebookId }),
    all$(ctx, 'questions', scope),
    all$(ctx, 'answers', scope),
    all$(ctx, 'notebook_shares', scope),
    all$(ctx, 'notebook_collaborators', scope),
    all$(ctx, 'invite_links', scope),
  ]).pipe(
    map(([[notebook], questions, answers, shares, collaborators, inviteLinks]) => {
      if (!notebook) return null;
      const role = roleFrom(
        ctx.userId,
        notebook,
        collaborators.find((c) => c.user_id === ctx.userId),
        shares.find((s) => s.shared_with === ctx.userId),
      );
      const may = permissionsOf(role);
      const manages = may.manage;
      const listed = answers.filter((a) => a.moderation_status === 'approved').sort(oldestFirst);
      const mine = answers.filter((a) => a.user_id === ctx.userId);
      return {
        notebook,
        role,
        may,
        myAnswersWait: awaitsApproval(notebook, role),
        questions: questions
          .filter((q) => manages || !q.blocked)
          .sort(byOrder)
          .map((question) => {
            const myAnswer = mine.find((a) => a.question_id === question.id) ?? null;
            return {
              question,
              answers: listed.filter((a) => a.question_id === question.id),
              myAnswer,
              statusOnSave: expectedAnswerStatus(myAnswer, notebook, role),
            };
          }),
        awaiting: manages ? answers.filter((a) => a.moderation_status === 'pending').sort(oldestFirst) : [],
        shares,
        collaborators,
        inviteLinks,
        answerCount: listed.length,
      };
    }),
  );
}

/** The moderation screen's list (spec §2 /moderation/answers/{notebookId}). */
export function answersAwaitingModeration$(ctx: DataContext, notebookId: string): Observable<AnswerDoc[]> {
  return notebookView$(ctx, notebookId).pipe(map((view) => view?.awaiting ?? []));
}
