import { ROW_TIMESTAMPS, defineCollection, flag, nullableUuid, text, uuid, type ReplicatedRow } from './fields.ts';

/** The kinds of notification (supabase/schemas/notebooks.sql, private.notify_event): codes, never sentences. */
export const NOTIFICATION_TYPES = [
  'new_answer',
  'answer_pending',
  'answer_approved',
  'answer_rejected',
  'notebook_shared',
  'collaboration_invite',
  'collaboration_accepted',
  'friend_request',
  'friend_accepted',
  'friendship_started',
  'guestbook_message',
  'poll_vote',
  'achievement_earned',
  // the moderation (issue 33, supabase/schemas/moderation.sql): `message` carries the decision's
  // code (report_handled) or the moderator's reason, the statement of reasons (the others)
  'report_handled',
  'content_hidden',
  'content_removed',
  'warning',
  'content_restored',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Spec §3 Notification: created by the server; only `is_read` changes here. A type code and ids
 * (issue 31): the app writes the sentence. `title` and `message` are the first version's
 * sentences, no longer written (empty).
 */
export interface NotificationDoc extends ReplicatedRow {
  recipient_id: string;
  notebook_id: string | null;
  answer_id: string | null;
  type: NotificationType;
  title: string;
  message: string;
  is_read: boolean;
  /** Who did it; null when anonymous, a guest, or when naming them would reveal something. */
  actor_id: string | null;
  /** What it is about besides a notebook: a share, a friend request, a guestbook message, a poll, an achievement … */
  subject_id: string | null;
  /** How many it groups (people, for new answers); 1 for one. */
  group_count: number;
}

export const notificationsCollection = defineCollection<NotificationDoc>({
  title: 'notifications',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    recipient_id: uuid,
    notebook_id: nullableUuid,
    answer_id: nullableUuid,
    type: text,
    title: text,
    message: text,
    is_read: flag,
    actor_id: nullableUuid,
    subject_id: nullableUuid,
    group_count: { type: 'integer', minimum: 1 },
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
}, {
  // version 2 (issue 31) added actor, subject and the group's count: a stored notification is one,
  // naming nobody, until the server sends it again
  migrationStrategies: { 2: (doc: Partial<NotificationDoc>) => ({ actor_id: null, subject_id: null, group_count: 1, ...doc }) },
});
