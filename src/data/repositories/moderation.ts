/**
 * Answer moderation (spec §4, §6): the owner, editors and collaborators approve, reject or put
 * back to pending, with optional notes. The server records who and when.
 */
import { ok, refuse, type WriteResult } from '../problems.ts';
import type { AnswerDoc, ModerationStatus } from '../schemas/index.ts';
import { findDoc, isoNow, labelOf, notFound, recordWrite, type DataContext } from './context.ts';
import { MANAGES, roleIn } from './roles.ts';

export async function moderateAnswer(
  ctx: DataContext,
  answerId: string,
  status: ModerationStatus,
  notes: string | null = null,
): Promise<WriteResult<AnswerDoc>> {
  const doc = await findDoc(ctx, 'answers', answerId);
  if (!doc) return refuse(notFound);
  if (!MANAGES.has(await roleIn(ctx, doc.notebook_id))) {
    return refuse({ code: 'not_allowed' });
  }
  if (doc.moderation_status === status && (doc.moderation_notes ?? null) === notes) return ok(doc.toJSON() as AnswerDoc);
  const updated = await recordWrite(ctx, 'answers', [{ id: answerId, label: labelOf(doc.text) }], () =>
    doc.incrementalPatch({
      moderation_status: status,
      moderation_notes: notes,
      moderated_by: ctx.userId,
      moderated_at: isoNow(ctx),
    }),
  );
  return ok(updated.toJSON() as AnswerDoc);
}
