import { ROW_TIMESTAMPS, defineCollection, flag, nullableUuid, text, uuid, type ReplicatedRow } from './fields.ts';

export type NotificationType =
  | 'new_answer'
  | 'answer_pending'
  | 'answer_approved'
  | 'answer_rejected'
  | 'notebook_shared'
  | 'collaboration_invite'
  | 'collaboration_accepted';

/** Spec §3 Notification: created by the server; only `is_read` changes here. */
export interface NotificationDoc extends ReplicatedRow {
  recipient_id: string;
  notebook_id: string | null;
  answer_id: string | null;
  type: NotificationType;
  title: string;
  message: string;
  is_read: boolean;
}

export const notificationsCollection = defineCollection<NotificationDoc>({
  title: 'notifications',
  version: 1,
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
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
});
