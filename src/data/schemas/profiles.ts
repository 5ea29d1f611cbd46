import { ROW_TIMESTAMPS, defineCollection, nullableText, text, uuid, type ReplicatedRow } from './fields.ts';

/** Spec §3 Profile: mine and those of the people in my notebooks whom I may know. */
export interface ProfileDoc extends ReplicatedRow {
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  cover_url: string | null;
  bio: string | null;
  status_message: string | null;
  visibility: 'public' | 'private';
  connections_visibility: 'public' | 'friends' | 'private';
  /** Only in one's own profile: someone else's would say whom a moderator banned (issue 33). */
  account_status?: 'active' | 'banned' | 'deleted';
}

export const profilesCollection = defineCollection<ProfileDoc>({
  title: 'profiles',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    username: text,
    display_name: nullableText,
    avatar_url: nullableText,
    cover_url: nullableText,
    bio: nullableText,
    status_message: nullableText,
    visibility: text,
    connections_visibility: text,
    account_status: text,
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
});
