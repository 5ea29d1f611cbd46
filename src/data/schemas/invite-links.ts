import { ROW_TIMESTAMPS, defineCollection, nullableTimestamp, nullableUuid, text, uuid, type ReplicatedRow } from './fields.ts';

export type InviteStatus = 'active' | 'revoked' | 'expired';

/** Spec §3 Invite link. Created online (the server draws the code); revoked offline or online. */
export interface InviteLinkDoc extends ReplicatedRow {
  notebook_id: string;
  code: string;
  status: InviteStatus;
  expires_at: string | null;
  redeemed_count: number;
  created_by: string | null;
}

export const inviteLinksCollection = defineCollection<InviteLinkDoc>(
  {
    title: 'invite_links',
    version: 1,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: uuid,
      notebook_id: uuid,
      code: text,
      status: text,
      expires_at: nullableTimestamp,
      redeemed_count: { type: 'integer', minimum: 0 },
      created_by: nullableUuid,
      ...ROW_TIMESTAMPS,
    },
    required: ['id', 'notebook_id'],
    indexes: ['notebook_id'],
  },
  { deletionDefaults: { notebook_id: '' } },
);
