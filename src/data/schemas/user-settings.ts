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
}

export const userSettingsCollection = defineCollection<UserSettingsDoc>({
  title: 'user_settings',
  version: 1,
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
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
});
