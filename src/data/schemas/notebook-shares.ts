import { ROW_TIMESTAMPS, defineCollection, nullableUuid, text, uuid, type ReplicatedRow } from './fields.ts';

/** Spec §3 Notebook share: access for a sharee (access_level is always viewer). */
export interface NotebookShareDoc extends ReplicatedRow {
  notebook_id: string;
  created_by: string | null;
  shared_with: string;
  access_level: 'viewer';
}

export const notebookSharesCollection = defineCollection<NotebookShareDoc>(
  {
    title: 'notebook_shares',
    version: 1,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: uuid,
      notebook_id: uuid,
      created_by: nullableUuid,
      shared_with: uuid,
      access_level: text,
      ...ROW_TIMESTAMPS,
    },
    required: ['id', 'notebook_id'],
    indexes: ['notebook_id'],
  },
  { deletionDefaults: { notebook_id: '' } },
);
