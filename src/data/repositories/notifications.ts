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

/**
 * The names of people a notification names whom this device holds no profile of (a stranger's
 * friend request …): asked of the server, which answers only for the profiles the person may see
 * (RLS); offline, or for anyone else, no name ("someone"). Never an anonymous answerer: those
 * notifications carry no actor.
 */
export async function notificationActorNames(ctx: DataContext, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!ctx.client || ids.length === 0) return names;
  try {
    const { data, error } = await ctx.client.from('profiles').select('id, username, display_name').in('id', ids.slice(0, 50));
    if (error || !data) return names;
    for (const row of data as { id: string; username: string; display_name: string | null }[]) {
      names.set(row.id, row.display_name?.trim() || row.username);
    }
  } catch {
    // no connection: the sentences say "someone"
  }
  return names;
}
