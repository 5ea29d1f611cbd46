/**
 * Notebooks (spec §3, §5): create, edit, delete. Title of at least 3 characters; no forbidden
 * words in title, description, author label or cover texts; an edit that changes nothing does
 * nothing. Deleting a notebook removes it here at once; its questions and answers follow when
 * the server's deletions are pulled (the server deletes them with it).
 */
import { checkNotebookText } from '../content-rules.ts';
import { ok, refuse, type WriteResult } from '../problems.ts';
import type { NotebookCover, NotebookDoc } from '../schemas/index.ts';
import { collectionOf, findDoc, forbiddenWords, isoNow, labelOf, notFound, recordWrite, type DataContext } from './context.ts';
import { track } from '../../analytics/analytics.ts';

export const DEFAULT_THEME = 'purple';
export const DEFAULT_AUTHOR = 'Usuário';
export const DEFAULT_PAPER_STYLE = 'lined-blue';

export interface NotebookInput {
  title: string;
  description?: string | null;
  author?: string | null;
  theme?: string;
  pre_moderation_enabled?: boolean;
  paper_style?: string;
  sticker_border?: string | null;
  cover?: NotebookCover | null;
  is_shared?: boolean;
}

export type NotebookChanges = Partial<NotebookInput>;

const EDITABLE: (keyof NotebookInput)[] = [
  'title', 'description', 'author', 'theme', 'pre_moderation_enabled', 'paper_style', 'sticker_border', 'cover', 'is_shared',
];

function textProblem(ctx: DataContext, fields: NotebookChanges) {
  return forbiddenWords(ctx).then((list) =>
    checkNotebookText(list, {
      title: fields.title,
      description: fields.description,
      author: fields.author,
      coverTitle: fields.cover?.title,
      coverSubtitle: fields.cover?.subtitle,
    }),
  );
}

export async function createNotebook(ctx: DataContext, input: NotebookInput): Promise<WriteResult<NotebookDoc>> {
  const problem = await textProblem(ctx, input);
  if (problem) return refuse(problem);
  const now = isoNow(ctx);
  const doc: NotebookDoc = {
    id: ctx.newId(),
    user_id: ctx.userId,
    title: input.title.trim(),
    description: input.description?.trim() || null,
    author: input.author?.trim() || DEFAULT_AUTHOR,
    theme: input.theme ?? DEFAULT_THEME,
    pre_moderation_enabled: input.pre_moderation_enabled ?? false,
    paper_style: input.paper_style ?? DEFAULT_PAPER_STYLE,
    sticker_border: input.sticker_border ?? null,
    cover: input.cover ?? null,
    is_shared: input.is_shared ?? false,
    created_at: now,
    updated_at: now,
    server_rev: 0,
  };
  await recordWrite(ctx, 'notebooks', [{ id: doc.id, label: doc.title }], () => collectionOf(ctx, 'notebooks').insert(doc));
  track('notebook_created');
  return ok(doc);
}

/** Only the fields that differ from the stored notebook; none means nothing is written (spec §5). */
function changedFields(current: NotebookDoc, changes: NotebookChanges): Partial<NotebookDoc> {
  const patch: Partial<NotebookDoc> = {};
  for (const key of EDITABLE) {
    if (!(key in changes)) continue;
    let value = changes[key] as unknown;
    if (key === 'title' && typeof value === 'string') value = value.trim();
    if (JSON.stringify(value ?? null) !== JSON.stringify(current[key] ?? null)) (patch as Record<string, unknown>)[key] = value ?? null;
  }
  if (patch.author === null || patch.author === '') patch.author = DEFAULT_AUTHOR;
  return patch;
}

export async function updateNotebook(
  ctx: DataContext,
  id: string,
  changes: NotebookChanges,
): Promise<WriteResult<{ notebook: NotebookDoc; changed: boolean }>> {
  const doc = await findDoc(ctx, 'notebooks', id);
  if (!doc) return refuse(notFound);
  const patch = changedFields(doc.toJSON() as NotebookDoc, changes);
  if (Object.keys(patch).length === 0) return ok({ notebook: doc.toJSON() as NotebookDoc, changed: false });
  const problem = await textProblem(ctx, patch);
  if (problem) return refuse(problem);
  const label = labelOf(patch.title ?? doc.title);
  const updated = await recordWrite(ctx, 'notebooks', [{ id, label }], () =>
    doc.incrementalPatch({ ...patch }),
  );
  return ok({ notebook: updated.toJSON() as NotebookDoc, changed: true });
}

export async function deleteNotebook(ctx: DataContext, id: string): Promise<WriteResult<null>> {
  const doc = await findDoc(ctx, 'notebooks', id);
  if (!doc) return refuse(notFound);
  await recordWrite(ctx, 'notebooks', [{ id, label: doc.title }], () => doc.remove());
  return ok(null);
}
