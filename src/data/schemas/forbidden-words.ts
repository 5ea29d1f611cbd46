import { ROW_TIMESTAMPS, defineCollection, text, uuid, type ReplicatedRow } from './fields.ts';

/** The forbidden-word lists (spec §5), read-only here: checked before every write. */
export interface ForbiddenWordDoc extends ReplicatedRow {
  word: string;
  language: 'pt-BR' | 'en-US';
}

export const forbiddenWordsCollection = defineCollection<ForbiddenWordDoc>({
  title: 'forbidden_words',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    word: text,
    language: text,
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
});
