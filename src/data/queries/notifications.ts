/** Notifications, newest first and paged, and the unread count for the bell. */
import { Observable, combineLatest, map, of, switchMap } from 'rxjs';
import { collectionOf, hasCollection, type DataContext } from '../repositories/context.ts';
import type { NotificationDoc } from '../schemas/index.ts';
import type { NotificationType } from '../schemas/notifications.ts';
import { all$, newestFirst } from './common.ts';
import { profilesById$ } from './profiles.ts';

export function notifications$(ctx: DataContext): Observable<NotificationDoc[]> {
  return all$(ctx, 'notifications').pipe(map((docs) => docs.sort(newestFirst('created_at'))));
}

export function unreadNotificationCount$(ctx: DataContext): Observable<number> {
  return all$(ctx, 'notifications', { is_read: false }).pipe(map((docs) => docs.length));
}

/**
 * One notification as a screen writes it (issue 31): the type code, the names it may show and
 * what it is about. Names come from this device (the profiles and notebooks it holds; a guest's
 * name from the answer); a name the device does not hold is null ("someone", "a notebook").
 */
export interface NotificationItem {
  id: string;
  type: NotificationType;
  isRead: boolean;
  createdAt: string;
  /** How many it groups (people, for new answers). */
  count: number;
  /** Who did it, as the device may name them; null: anonymous, or not known here. */
  actorName: string | null;
  /** The person who did it (null: anonymous, a guest, or not to be named). */
  actorId: string | null;
  /** The person's username, for a link to their profile. */
  actorUsername: string | null;
  notebookId: string | null;
  notebookTitle: string | null;
  subjectId: string | null;
  /** The moderation's words (issue 33): a report's decision code, or the reason the author reads. */
  text?: string | null;
}

export interface NotificationPage {
  items: NotificationItem[];
  /** More notifications than the page holds. */
  hasMore: boolean;
  unread: number;
}

/** The newest `limit` notifications, live (the query is limited: a long history is not read whole). */
export function notificationPage$(ctx: DataContext, limit: number): Observable<NotificationPage> {
  if (!hasCollection(ctx, 'notifications')) return of({ items: [], hasMore: false, unread: 0 });
  const page$ = collectionOf(ctx, 'notifications')
    .find({ selector: {}, sort: [{ created_at: 'desc' }, { id: 'desc' }], limit: limit + 1 })
    .$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as NotificationDoc)));
  return combineLatest([page$, profilesById$(ctx), unreadNotificationCount$(ctx)]).pipe(
    switchMap(([docs, profiles, unread]) => {
      const shown = docs.slice(0, limit);
      const notebookIds = [...new Set(shown.map((d) => d.notebook_id).filter((id): id is string => !!id))];
      // a guest's answer names the guest (never an anonymous one): the device holds the answer
      const answerIds = shown.filter((d) => !d.actor_id && d.answer_id && d.group_count <= 1).map((d) => d.answer_id!);
      const notebooks$ = notebookIds.length && hasCollection(ctx, 'notebooks')
        ? collectionOf(ctx, 'notebooks').findByIds(notebookIds).$
        : of(new Map());
      const answers$ = answerIds.length && hasCollection(ctx, 'answers') ? collectionOf(ctx, 'answers').findByIds(answerIds).$ : of(new Map());
      return combineLatest([notebooks$, answers$]).pipe(
        map(([notebooks, answers]) => ({
          hasMore: docs.length > limit,
          unread,
          items: shown.map((doc): NotificationItem => {
            const actor = doc.actor_id ? profiles.get(doc.actor_id) : undefined;
            const answer = doc.answer_id ? answers.get(doc.answer_id) : undefined;
            const guestName = answer && answer.guest_id && !answer.is_anonymous ? answer.responder_name?.trim() || null : null;
            const notebook = doc.notebook_id ? notebooks.get(doc.notebook_id) : undefined;
            return {
              id: doc.id,
              type: doc.type,
              isRead: doc.is_read,
              createdAt: doc.created_at,
              count: Math.max(1, doc.group_count ?? 1),
              actorName: actor ? actor.display_name?.trim() || actor.username : guestName,
              actorId: doc.actor_id ?? null,
              actorUsername: actor?.username ?? null,
              notebookId: doc.notebook_id,
              notebookTitle: notebook && !notebook._deleted ? (notebook.title as string) : null,
              subjectId: doc.subject_id ?? null,
              text: doc.message?.trim() || null,
            };
          }),
        })),
      );
    }),
  );
}
