/**
 * Answers (spec §3, §4, §5): one per question and person, its id derived from the question and
 * the person's secret (S6) so two devices answering offline write one row; anonymous or signed,
 * with an optional responder name; not empty, no forbidden words (answer_empty,
 * forbidden_words). Every edit of the answerer's fields moves the answer's
 * clock forward (S7: the later edit wins, monotonic per document).
 *
 * With pre-moderation, a new or edited answer waits for approval; a rejected answer edited by
 * its author is resubmitted as pending. The server decides; this device shows its guess until
 * the server's state arrives.
 */
import { checkAnswerText } from '../content-rules.ts';
import { ok, refuse, type Problem, type WriteResult } from '../problems.ts';
import { answerIdFor } from '../derived-ids.ts';
import { nextAnswerClock } from '../replication/conflicts.ts';
import { newAnswerDoc } from '../schemas/answers.ts';
import type { RxDocument } from 'rxdb';
import type { AnswerDoc, NotebookDoc, QuestionDoc } from '../schemas/index.ts';
import { collectionOf, findDoc, forbiddenWords, hasCollection, isoNow, labelOf, notFound, recordWrite, type DataContext } from './context.ts';
import { awaitsApproval, expectedAnswerStatus } from './answer-status.ts';
import { ANSWERS, roleIn, type NotebookRole } from './roles.ts';
import { track } from '../../analytics/analytics.ts';

export interface AnswerInput {
  text: string;
  is_anonymous?: boolean;
  responder_name?: string | null;
}

export interface AnswerOutcome {
  answer: AnswerDoc;
  created: boolean;
  /** The owner must approve it first (spec §8: 'Sua resposta foi enviada e aguarda aprovação…'). */
  awaitingApproval: boolean;
}

const NO_SECRET: Problem = { code: 'no_answer_secret' };

/** The id of my answer to a question: derived offline from my secret, or asked online. */
export async function myAnswerId(ctx: DataContext, questionId: string): Promise<string | null> {
  if (hasCollection(ctx, 'user_settings')) {
    const settings = await collectionOf(ctx, 'user_settings').findOne(ctx.userId).exec();
    if (settings?.answer_secret) return answerIdFor(settings.answer_secret, questionId);
  }
  // A device that has not pulled its settings yet (first minutes of a new device) asks the server.
  if (!ctx.client) return null;
  const { data, error } = await ctx.client.rpc('my_answer_id', { p_question_id: questionId });
  return error || typeof data !== 'string' ? null : data;
}

export async function answerQuestion(ctx: DataContext, questionId: string, input: AnswerInput): Promise<WriteResult<AnswerOutcome>> {
  // Independent reads side by side: each is an IndexedDB transaction, and an answer is saved
  // while the person waits for it on screen.
  const [words, question, id] = await Promise.all([forbiddenWords(ctx), findDoc(ctx, 'questions', questionId), myAnswerId(ctx, questionId)]);
  const problem = checkAnswerText(words, input.text, input.responder_name);
  if (problem) return refuse(problem);
  if (!question) return refuse(notFound);
  const [notebook, role, existing] = await Promise.all([
    findDoc(ctx, 'notebooks', question.notebook_id),
    roleIn(ctx, question.notebook_id),
    id ? findDoc(ctx, 'answers', id) : null,
  ]);
  if (!ANSWERS.has(role)) return refuse({ code: 'not_allowed' });
  if (!id) return refuse(NO_SECRET);

  const awaitingApproval = awaitsApproval(notebook, role);
  const fields = {
    text: input.text.trim(),
    is_anonymous: input.is_anonymous ?? false,
    responder_name: input.responder_name?.trim() || null,
  };
  const wasRejected = existing?.moderation_status === 'rejected';
  const written = await writeAnswer(ctx, { id, question, notebook, writer: { user_id: ctx.userId, guest_id: null, role }, fields, existing });
  // Unchanged words are not sent again: the answer waits only if it already did.
  const waits = written.changed ? awaitingApproval || wasRejected : written.answer.moderation_status === 'pending';
  if (written.changed) track('answer_submitted', { offline: !ctx.client }); // nothing of the answer or its author
  return ok({ answer: written.answer, created: written.created, awaitingApproval: waits });
}

/** Who writes an answer: the signed-in person with their role, or a guest of a round ('viewer': a guest moderates nothing). */
export interface AnswerWriter {
  user_id: string | null;
  guest_id: string | null;
  role: NotebookRole;
}

export interface AnswerWrite {
  /** Derived from the writer's secret and the question (S6). */
  id: string;
  question: Pick<QuestionDoc, 'id' | 'notebook_id'>;
  notebook: Pick<NotebookDoc, 'pre_moderation_enabled'> | null;
  writer: AnswerWriter;
  fields: Pick<AnswerDoc, 'text' | 'is_anonymous' | 'responder_name'>;
  /** The answer already on this device with that id, if any. */
  existing: RxDocument<AnswerDoc> | null;
}

/**
 * The one rule for writing an answer on this device, a person's or a guest's: the answer already
 * there is patched with the next clock (S7: the later edit wins, monotonic per document) and the
 * moderation status the server is expected to give — a rejected answer edited is recreated at the
 * time of the edit (the server reads it from the clock); otherwise a new document, upserted
 * because its id may be held by a deletion. The same words again write nothing: the server keeps
 * neither a new clock alone nor the resubmission of the same words.
 */
export async function writeAnswer(ctx: DataContext, write: AnswerWrite): Promise<{ answer: AnswerDoc; created: boolean; changed: boolean }> {
  const { id, existing, fields, writer } = write;
  const label = labelOf(fields.text);
  if (existing) {
    const unchanged =
      existing.text === fields.text &&
      existing.is_anonymous === fields.is_anonymous &&
      (existing.responder_name ?? null) === fields.responder_name;
    if (unchanged) return { answer: existing.toJSON() as AnswerDoc, created: false, changed: false };
    const guess: Partial<AnswerDoc> = { moderation_status: expectedAnswerStatus(existing, write.notebook, writer.role) };
    if (existing.moderation_status === 'rejected') guess.created_at = isoNow(ctx);
    const updated = await recordWrite(ctx, 'answers', [{ id, label }], () =>
      existing.incrementalPatch({ ...fields, ...guess, client_clock: nextAnswerClock(ctx.now(), existing.client_clock) }),
    );
    return { answer: updated.toJSON() as AnswerDoc, created: false, changed: true };
  }
  const doc = newAnswerDoc(
    {
      id,
      question_id: write.question.id,
      notebook_id: write.question.notebook_id,
      user_id: writer.user_id,
      guest_id: writer.guest_id,
      ...fields,
      moderation_status: expectedAnswerStatus(null, write.notebook, writer.role),
    },
    { at: isoNow(ctx), clock: nextAnswerClock(ctx.now(), 0) },
  );
  await recordWrite(ctx, 'answers', [{ id, label }], () => collectionOf(ctx, 'answers').upsert(doc));
  return { answer: doc, created: true, changed: true };
}

export async function deleteAnswer(ctx: DataContext, answerId: string): Promise<WriteResult<null>> {
  const doc = await findDoc(ctx, 'answers', answerId);
  if (!doc) return refuse(notFound);
  await recordWrite(ctx, 'answers', [{ id: answerId, label: labelOf(doc.text) }], () => doc.remove());
  return ok(null);
}
