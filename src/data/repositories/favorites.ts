/** Favorites: star or unstar a notebook I can read. The id is derived, so devices agree. */
import { ok, type WriteResult } from '../problems.ts';
import { favoriteIdFor } from '../derived-ids.ts';
import type { FavoriteDoc } from '../schemas/index.ts';
import { collectionOf, isoNow, recordWrite, type DataContext } from './context.ts';

export async function setFavorite(ctx: DataContext, notebookId: string, favorite: boolean): Promise<WriteResult<boolean>> {
  const collection = collectionOf(ctx, 'favorites');
  const id = await favoriteIdFor(ctx.userId, notebookId);
  const existing = await collection.findOne(id).exec();
  if (Boolean(existing) === favorite) return ok(favorite);
  if (existing) {
    await recordWrite(ctx, 'favorites', [{ id, label: '' }], () => existing.remove());
    return ok(false);
  }
  const now = isoNow(ctx);
  const doc: FavoriteDoc = { id, user_id: ctx.userId, notebook_id: notebookId, created_at: now, updated_at: now, server_rev: 0 };
  await recordWrite(ctx, 'favorites', [{ id, label: '' }], () => collection.upsert(doc));
  return ok(true);
}
