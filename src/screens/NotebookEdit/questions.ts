/**
 * The questions list's rules (spec §5, §6): at least 3 characters, up to 50 recommended (a
 * gentle note past that, never a limit), reordering by moving one place at a time, and who may
 * do what with a question.
 */
import { QUESTION_MIN_LENGTH } from '../../data/content-rules.ts';
import type { Problem } from '../../data/problems.ts';
import type { NotebookView } from '../../data/queries/notebook.ts';
import type { QuestionDoc } from '../../data/schemas/index.ts';

type NotebookRole = NotebookView['role'];

export const RECOMMENDED_MAX_QUESTIONS = 50;

export function questionTextProblem(text: string): Problem | null {
  return text.trim().length < QUESTION_MIN_LENGTH ? { code: 'question_too_short', field: 'text' } : null;
}

export function pastRecommended(count: number): boolean {
  return count > RECOMMENDED_MAX_QUESTIONS;
}

/** The ids in their new order after moving one of them `delta` places; unchanged at the ends. */
export function moveId(ids: readonly string[], id: string, delta: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

export interface QuestionRights {
  edit: boolean;
  remove: boolean;
  move: boolean;
  block: boolean;
}

/**
 * Owners and editors manage every question; collaborators add questions and change their own;
 * viewers change nothing (the server's policies are the authority).
 */
export function questionRights(role: NotebookRole, question: Pick<QuestionDoc, 'user_id'>, userId: string): QuestionRights {
  const manages = role === 'owner' || role === 'editor';
  const ownQuestion = role === 'collaborator' && question.user_id === userId;
  return { edit: manages || ownQuestion, remove: manages || ownQuestion, move: manages, block: manages };
}

export function canAddQuestions(role: NotebookRole): boolean {
  return role === 'owner' || role === 'editor' || role === 'collaborator';
}

/** Who may open the edit page at all, and who may change details, appearance and pre-moderation. */
export function editRights(role: NotebookRole) {
  const manages = role === 'owner' || role === 'editor';
  return {
    open: manages || role === 'collaborator',
    details: manages,
    appearance: manages,
    preModeration: manages,
    share: role === 'owner',
    collaborators: manages,
  };
}
