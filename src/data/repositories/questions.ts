/**
 * Questions (spec §3, §5): add at the end (order_index = highest + 1, 0 for the first), edit,
 * reorder, block or unblock (owner and editors), remove. At least 3 characters, no forbidden words.
 */
import { checkQuestionText } from '../content-rules.ts';
import { ok, refuse, type WriteResult } from '../problems.ts';
import type { QuestionDoc } from '../schemas/index.ts';
import { collectionOf, findDoc, forbiddenWords, isoNow, labelOf, notFound, recordWrite, type DataContext } from './context.ts';
import { roleIn } from './roles.ts';

async function questionsOf(ctx: DataContext, notebookId: string): Promise<QuestionDoc[]> {
  const docs = await collectionOf(ctx, 'questions').find({ selector: { notebook_id: notebookId } }).exec();
  return docs.map((doc) => doc.toJSON() as QuestionDoc);
}

export function nextOrderIndex(questions: Pick<QuestionDoc, 'order_index'>[]): number {
  return questions.reduce((highest, q) => Math.max(highest, q.order_index ?? -1), -1) + 1;
}

export async function addQuestion(ctx: DataContext, notebookId: string, text: string): Promise<WriteResult<QuestionDoc>> {
  const problem = checkQuestionText(await forbiddenWords(ctx), text);
  if (problem) return refuse(problem);
  if (!(await collectionOf(ctx, 'notebooks').findOne(notebookId).exec())) return refuse(notFound);
  const now = isoNow(ctx);
  const doc: QuestionDoc = {
    id: ctx.newId(),
    notebook_id: notebookId,
    user_id: ctx.userId,
    text: text.trim(),
    order_index: nextOrderIndex(await questionsOf(ctx, notebookId)),
    blocked: false,
    created_at: now,
    updated_at: now,
    server_rev: 0,
  };
  await recordWrite(ctx, 'questions', [{ id: doc.id, label: doc.text }], () => collectionOf(ctx, 'questions').insert(doc));
  return ok(doc);
}

export async function editQuestion(ctx: DataContext, id: string, text: string): Promise<WriteResult<QuestionDoc>> {
  const [doc, words] = await Promise.all([findDoc(ctx, 'questions', id), forbiddenWords(ctx)]);
  if (!doc) return refuse(notFound);
  const problem = checkQuestionText(words, text);
  if (problem) return refuse(problem);
  if (doc.text === text.trim()) return ok(doc.toJSON() as QuestionDoc);
  const updated = await recordWrite(ctx, 'questions', [{ id, label: labelOf(text) }], () =>
    doc.incrementalPatch({ text: text.trim() }),
  );
  return ok(updated.toJSON() as QuestionDoc);
}

/** Puts the questions of a notebook in the given order (ids not listed keep their place after them). */
export async function reorderQuestions(ctx: DataContext, notebookId: string, orderedIds: string[]): Promise<WriteResult<null>> {
  const collection = collectionOf(ctx, 'questions');
  const docs = await collection.find({ selector: { notebook_id: notebookId } }).exec();
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const rest = docs.filter((doc) => !orderedIds.includes(doc.id)).sort((a, b) => a.order_index - b.order_index);
  const order = [...orderedIds.filter((id) => byId.has(id)), ...rest.map((doc) => doc.id)];
  const moves = order.map((id, index) => ({ doc: byId.get(id)!, index })).filter(({ doc, index }) => doc.order_index !== index);
  if (moves.length === 0) return ok(null);
  await recordWrite(
    ctx,
    'questions',
    moves.map(({ doc }) => ({ id: doc.id, label: doc.text })),
    () => Promise.all(moves.map(({ doc, index }) => doc.incrementalPatch({ order_index: index }))),
  );
  return ok(null);
}

export async function setQuestionBlocked(ctx: DataContext, id: string, blocked: boolean): Promise<WriteResult<QuestionDoc>> {
  const doc = await findDoc(ctx, 'questions', id);
  if (!doc) return refuse(notFound);
  const role = await roleIn(ctx, doc.notebook_id);
  if (role !== 'owner' && role !== 'editor') {
    return refuse({ code: 'not_allowed' });
  }
  if (doc.blocked === blocked) return ok(doc.toJSON() as QuestionDoc);
  const updated = await recordWrite(ctx, 'questions', [{ id, label: doc.text }], () =>
    doc.incrementalPatch({ blocked }),
  );
  return ok(updated.toJSON() as QuestionDoc);
}

export async function removeQuestion(ctx: DataContext, id: string): Promise<WriteResult<null>> {
  const doc = await findDoc(ctx, 'questions', id);
  if (!doc) return refuse(notFound);
  await recordWrite(ctx, 'questions', [{ id, label: doc.text }], () => doc.remove());
  return ok(null);
}
