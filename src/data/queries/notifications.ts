/** Notifications, newest first, and the unread count for the bell. */
import { Observable, map } from 'rxjs';
import type { DataContext } from '../repositories/context.ts';
import type { NotificationDoc } from '../schemas/index.ts';
import { all$, newestFirst } from './common.ts';

export function notifications$(ctx: DataContext): Observable<NotificationDoc[]> {
  return all$(ctx, 'notifications').pipe(map((docs) => docs.sort(newestFirst('created_at'))));
}

export function unreadNotificationCount$(ctx: DataContext): Observable<number> {
  return all$(ctx, 'notifications', { is_read: false }).pipe(map((docs) => docs.length));
}
