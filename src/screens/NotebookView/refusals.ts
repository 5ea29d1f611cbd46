import type { RejectedWrite } from '../../state/sync-status.ts';

/** The refused write of my answer to this question, if the server refused one (S8). */
export function refusalFor(rejections: RejectedWrite[], questionId: string): RejectedWrite | null {
  return rejections.find((r) => r.collection === 'answers' && r.attempted.question_id === questionId && r.operation !== 'delete') ?? null;
}
