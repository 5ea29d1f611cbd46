import {
  ROW_TIMESTAMPS,
  defineCollection,
  flag,
  nullableText,
  nullableTimestamp,
  nullableUuid,
  text,
  uuid,
  type ReplicatedRow,
} from './fields.ts';

export type ModerationStatus = 'pending' | 'approved' | 'rejected';

/**
 * Spec §3 Answer. The id is derived from the question and the answerer's secret (S6). For an
 * anonymous answer, user_id and responder_name arrive as null on every device but the notebook
 * owner's and the answerer's (S5).
 *
 * A guest's answer (issue 21, "Passar o caderno") has `guest_id` instead of `user_id`: written on
 * the host's device with an id derived from the guest's own secret (schemas/guests.ts), so one
 * answer per question per guest, never overwriting the host's or another guest's. For an
 * anonymous guest, guest_id and responder_name are null on every device but the owner's.
 */
export interface AnswerDoc extends ReplicatedRow {
  question_id: string;
  notebook_id: string;
  user_id: string | null;
  /** The guest who gave this answer at a round (then user_id is null); null for a person's answer. */
  guest_id: string | null;
  text: string;
  is_anonymous: boolean;
  responder_name: string | null;
  moderation_status: ModerationStatus;
  moderated_by: string | null;
  moderated_at: string | null;
  moderation_notes: string | null;
  /** The answerer's device clock (ms) of the last edit of text, anonymity or name (S7). */
  client_clock: number;
}

export const answersCollection = defineCollection<AnswerDoc>(
  {
    title: 'answers',
    version: 2,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: uuid,
      question_id: uuid,
      notebook_id: uuid,
      user_id: nullableUuid,
      guest_id: nullableUuid,
      text,
      is_anonymous: flag,
      responder_name: nullableText,
      moderation_status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
      moderated_by: nullableUuid,
      moderated_at: nullableTimestamp,
      moderation_notes: nullableText,
      client_clock: { type: 'integer', minimum: 0 },
      ...ROW_TIMESTAMPS,
    },
    required: ['id', 'notebook_id'],
    indexes: ['notebook_id'],
  },
  {
    deletionDefaults: { notebook_id: '' },
    // Version 2 added guest_id: every answer stored before was a person's.
    migrationStrategies: { 2: (doc: AnswerDoc) => ({ ...doc, guest_id: null }) },
  },
);

/** What a new answer is made of: its keys, and what its writer typed (all optional for a blank one). */
export type NewAnswer = Pick<AnswerDoc, 'id' | 'question_id' | 'notebook_id' | 'user_id'> &
  Partial<Pick<AnswerDoc, 'guest_id' | 'text' | 'is_anonymous' | 'responder_name' | 'moderation_status'>>;

/**
 * A new answer as a device writes it: nobody has moderated it, and its revision is 0 until the
 * server has it. One shape for the answers repository, the answer shown while it is being saved,
 * and the tests and benchmarks that write answers as the app does.
 */
export function newAnswerDoc(answer: NewAnswer, written: { at: string; clock: number }): AnswerDoc {
  return {
    guest_id: null,
    text: '',
    is_anonymous: false,
    responder_name: null,
    moderation_status: 'approved',
    ...answer,
    moderated_by: null,
    moderated_at: null,
    moderation_notes: null,
    client_clock: written.clock,
    created_at: written.at,
    updated_at: written.at,
    server_rev: 0,
  };
}
