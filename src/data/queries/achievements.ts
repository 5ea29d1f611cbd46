/**
 * The person's new achievements, as this device learns them (issue 31): the database awards at the
 * write and tells the person with an 'achievement_earned' notification (subject = the award's
 * id), which reaches the device with the notifications' pull — right after the write's push when
 * online, or with the first pull after a write made offline reaches the server. Nothing here asks
 * the server.
 */
import { Observable, distinctUntilChanged, map, skip } from 'rxjs';
import { kvStore, type KvStore } from '../kv-store.ts';
import type { DataContext } from '../repositories/context.ts';
import { all$ } from './common.ts';

export interface AwardNotice {
  notificationId: string;
  /** The award (user_achievements.id); null from a server that did not name it. */
  awardId: string | null;
  createdAt: string;
}

/** The unread 'achievement_earned' notifications, newest first, live. */
export function achievementNotices$(ctx: DataContext): Observable<AwardNotice[]> {
  return all$(ctx, 'notifications', { type: 'achievement_earned', is_read: false }).pipe(
    map((docs) =>
      docs
        .map((doc) => ({ notificationId: doc.id, awardId: doc.subject_id ?? null, createdAt: doc.created_at ?? '' }))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.notificationId.localeCompare(a.notificationId)),
    ),
  );
}

/** How many announced notices a device remembers (older ones are read or long gone). */
const REMEMBERED = 200;
const announcedKey = (userId: string) => `achievements-announced:${userId}`;

/**
 * The awards not yet announced on this device, in batches, each notice once (remembered in the
 * device's key-value store, per person): what the app shows as "new achievement". A notice already
 * read elsewhere is not announced.
 */
export function newAchievementAwards$(ctx: DataContext & { kv?: KvStore }): Observable<AwardNotice[]> {
  const kv = ctx.kv ?? kvStore;
  return new Observable<AwardNotice[]>((subscriber) => {
    let announced: string[] | null = null;
    let latest: AwardNotice[] = [];
    let closed = false;
    const announce = () => {
      if (!announced || closed) return;
      const fresh = latest.filter((notice) => !announced!.includes(notice.notificationId));
      if (fresh.length === 0) return;
      announced = [...fresh.map((n) => n.notificationId), ...announced].slice(0, REMEMBERED);
      void kv.setItem(announcedKey(ctx.userId), JSON.stringify(announced)).catch(() => undefined);
      subscriber.next(fresh);
    };
    const subscription = achievementNotices$(ctx).subscribe({
      next: (notices) => {
        latest = notices;
        announce();
      },
      error: (error: unknown) => subscriber.error(error),
    });
    void kv
      .getItem(announcedKey(ctx.userId))
      .catch(() => null)
      .then((stored) => {
        try {
          const parsed: unknown = stored ? JSON.parse(stored) : [];
          announced = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
        } catch {
          announced = [];
        }
        announce();
      });
    return () => {
      closed = true;
      subscription.unsubscribe();
    };
  });
}

/** 'changed' each time a new award reaches the device (not for the awards it holds already). */
export function achievementChanges$(ctx: DataContext): Observable<'changed'> {
  return achievementNotices$(ctx).pipe(
    map((notices) => notices.map((n) => n.notificationId).join(',')),
    distinctUntilChanged(),
    skip(1),
    map(() => 'changed' as const),
  );
}
