/** Notifications (spec §4): read one, several, or all at once. */
import { ok, type WriteResult } from '../problems.ts';
import { collectionOf, recordWrite, type DataContext } from './context.ts';

export async function markNotificationsRead(ctx: DataContext, ids: string[]): Promise<WriteResult<number>> {
  const docs = await collectionOf(ctx, 'notifications').findByIds(ids).exec();
  const unread = [...docs.values()].filter((doc) => !doc.is_read);
  if (unread.length === 0) return ok(0);
  await recordWrite(
    ctx,
    'notifications',
    unread.map((doc) => ({ id: doc.id, label: doc.title })),
    () => Promise.all(unread.map((doc) => doc.incrementalPatch({ is_read: true }))),
  );
  return ok(unread.length);
}

export async function markAllNotificationsRead(ctx: DataContext): Promise<WriteResult<number>> {
  const unread = await collectionOf(ctx, 'notifications').find({ selector: { is_read: false } }).exec();
  return markNotificationsRead(ctx, unread.map((doc) => doc.id));
}
