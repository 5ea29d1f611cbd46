import { ROW_TIMESTAMPS, defineCollection, nullableTimestamp, nullableUuid, text, timestamp, uuid, type ReplicatedRow } from './fields.ts';

export type CollaboratorRole = 'editor' | 'collaborator' | 'viewer';
export type CollaborationStatus = 'pending' | 'accepted';

/** Spec §3 Notebook collaborator: pending until the invitee accepts. */
export interface NotebookCollaboratorDoc extends ReplicatedRow {
  notebook_id: string;
  user_id: string;
  role: CollaboratorRole;
  status: CollaborationStatus;
  invited_at: string;
  invited_by: string | null;
  accepted_at: string | null;
}

export const notebookCollaboratorsCollection = defineCollection<NotebookCollaboratorDoc>(
  {
    title: 'notebook_collaborators',
    version: 1,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: uuid,
      notebook_id: uuid,
      user_id: uuid,
      role: text,
      status: text,
      invited_at: timestamp,
      invited_by: nullableUuid,
      accepted_at: nullableTimestamp,
      ...ROW_TIMESTAMPS,
    },
    required: ['id', 'notebook_id'],
    indexes: ['notebook_id'],
  },
  { deletionDefaults: { notebook_id: '' } },
);
