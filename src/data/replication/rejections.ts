/**
 * A refused write as data (S8): the server's reason code, what was attempted (insert, update,
 * delete, a moderation), the forbidden words when that was the reason, and what was typed. The
 * screens choose the words (src/screens/notebooks/common/messages.ts); none are made here.
 */
import { serverRefusalCode } from '../problems.ts';
import type { RejectedWrite } from '../sync-status.ts';
import type { CollectionName } from '../schemas/index.ts';
import { MODERATION_FIELDS, deepEqual } from './conflicts.ts';
import { documentKey } from './ledger.ts';
import type { PushRejection, PushRow } from './transport.ts';

type Operation = RejectedWrite['operation'];

function operationOf(row: PushRow): Operation {
  if (row.newDocumentState._deleted) return 'delete';
  return row.assumedMasterState && !row.assumedMasterState._deleted ? 'update' : 'insert';
}

function isModerationChange(collection: CollectionName, row: PushRow): boolean {
  const assumed = row.assumedMasterState;
  return (
    collection === 'answers' &&
    !!assumed &&
    MODERATION_FIELDS.some((field) => !deepEqual(row.newDocumentState[field], assumed[field]))
  );
}

/** The server's `details` when they are a list of words (forbidden_words), else none. */
function wordsOf(details: unknown): string[] {
  return Array.isArray(details) ? details.filter((word): word is string => typeof word === 'string') : [];
}

export function describeRejection(collection: CollectionName, row: PushRow, rejection: PushRejection, at: number): RejectedWrite {
  const reason = serverRefusalCode(rejection.reason);
  return {
    key: documentKey(collection, rejection.id),
    collection,
    id: rejection.id,
    reason,
    words: reason === 'forbidden_words' ? wordsOf(rejection.details) : [],
    operation: operationOf(row),
    moderation: isModerationChange(collection, row),
    attempted: row.newDocumentState,
    at,
  };
}
