import { ROW_TIMESTAMPS, defineCollection, flag, nullableText, text, uuid, type ReplicatedRow } from './fields.ts';

/**
 * My private settings (one document, id = my user id). `answer_secret` derives my answer ids
 * (S6) offline; it never leaves this person's devices and the server.
 */
export interface UserSettingsDoc extends ReplicatedRow {
  user_id: string;
  email: string | null;
  language: 'pt-BR' | 'en-US' | null;
  ui_theme: 'light' | 'dark' | 'system';
  email_notifications: boolean;
  answer_secret: string;
  /** What the create screen starts a new notebook with (Settings → notebooks; issue 22). Absent until pulled again. */
  notebook_theme?: string;
  notebook_pre_moderation?: boolean;
  notebook_author?: string | null;
}

export const userSettingsCollection = defineCollection<UserSettingsDoc>({
  title: 'user_settings',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    user_id: uuid,
    email: nullableText,
    language: nullableText,
    ui_theme: text,
    email_notifications: flag,
    answer_secret: text,
    notebook_theme: text,
    notebook_pre_moderation: flag,
    notebook_author: nullableText,
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
}, {
  // version 2 added the notebook defaults: a stored document has none until the server sends them
  migrationStrategies: { 2: (doc: unknown) => doc },
});
