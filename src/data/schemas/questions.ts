import { ROW_TIMESTAMPS, defineCollection, flag, nullableUuid, text, uuid, type ReplicatedRow } from './fields.ts';

/** Spec §3 Question. */
export interface QuestionDoc extends ReplicatedRow {
  notebook_id: string;
  user_id: string | null;
  text: string;
  order_index: number;
  blocked: boolean;
}

export const questionsCollection = defineCollection<QuestionDoc>(
  {
    title: 'questions',
    version: 1,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: uuid,
      notebook_id: uuid,
      user_id: nullableUuid,
      text,
      order_index: { type: 'integer', minimum: 0 },
      blocked: flag,
      ...ROW_TIMESTAMPS,
    },
    required: ['id', 'notebook_id'],
    indexes: ['notebook_id'],
  },
  { deletionDefaults: { notebook_id: '' } },
);
