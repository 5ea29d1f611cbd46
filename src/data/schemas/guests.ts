import {
  ROW_TIMESTAMPS,
  defineCollection,
  flag,
  nullableText,
  nullableTimestamp,
  nullableUuid,
  uuid,
  type ReplicatedRow,
} from './fields.ts';

/**
 * Spec §3 Guest ("invited user, invited by owner"): one friend in one round of "Passar o caderno"
 * (issue 21, /tmp contract guests-contract.md, ARCHITECTURE §2 "The party"). The device that ran
 * the round makes the row: its id, the guest's answer secret (their answers' ids derive from it as
 * a person's do from theirs, S6) and the SHA-256 of the claim code the round showed them.
 *
 * S5: `name` arrives as null on a host's device that is not the owner's when the guest chose
 * anonymity; nobody but the owner and the host receives the row at all.
 */
export interface GuestDoc extends ReplicatedRow {
  notebook_id: string;
  host_id: string;
  name: string | null;
  is_anonymous: boolean;
  answer_secret: string | null;
  claim_hash: string | null;
  claimed_by: string | null;
  claimed_at: string | null;
}

export const guestsCollection = defineCollection<GuestDoc>(
  {
    title: 'guests',
    version: 1,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: uuid,
      notebook_id: uuid,
      host_id: nullableUuid,
      name: nullableText,
      is_anonymous: flag,
      answer_secret: nullableText,
      claim_hash: nullableText,
      claimed_by: nullableUuid,
      claimed_at: nullableTimestamp,
      ...ROW_TIMESTAMPS,
    },
    required: ['id', 'notebook_id'],
    indexes: ['notebook_id'],
  },
  { deletionDefaults: { notebook_id: '' } },
);
