/**
 * Local versus server: every conflict rule of the replication (ARCHITECTURE S6, S7), in one pure
 * module. RxDB calls `resolveConflict` when the server refuses a push because the row moved on
 * (compare-and-swap on server_rev, S9) and hands over three states of one document:
 *
 *   assumed   what this device last knew of the server (undefined for a row it created)
 *   master    what the server has now (its revision, its deletions)
 *   local     what this device wants (its edits since `assumed`)
 *
 * The answer is the document this device keeps and pushes again when it differs from `master`.
 *
 * The rules:
 *   - Deletion wins. A row the server deleted stays deleted, whatever was edited meanwhile; a
 *     row this device deleted stays deleted (the server lets a delete from a stale base through
 *     for notebooks and questions, and takes it on the second push for the rest).
 *   - Fields have owners, so they merge field by field: a field this device changed (local
 *     differs from assumed) keeps the local value; every other field takes the server's.
 *     Fields the server maintains (revision, timestamps, moderator, ids) always come from it.
 *   - Answers: text, anonymity and responder name belong to the answerer and move as one; the
 *     later edit by the editing device's clock (client_clock) wins. The pushed clock is moved
 *     past the server's, which needs it strictly greater. Two devices of one person answering
 *     one question offline have one answer id (S6) and meet here, so they converge.
 *   - Answers: moderation status and notes belong to the owner and moderators. A decision taken
 *     on an answer whose words (text, responder name) have changed since — the answerer edited
 *     it; with pre-moderation it is pending again — is dropped: nobody approves words they have
 *     not read. A decision carries its moderator's time (moderation.ts stamps moderated_at; the
 *     server stamps its own once it takes the decision): a status changed without it is this
 *     device's guess for its own screen (an answerer's edit "awaiting approval"), which the
 *     server sets itself and never takes from the device, so the server's status stands —
 *     keeping the guess would push it again, and get the server's row back, for ever.
 */
import { SYNC_BASE } from '../schemas/fields.ts';
import type { CollectionName, DocTypes } from '../schemas/index.ts';

/** A document as replication sees it: its fields and the deletion flag. */
export type Replicated<Doc> = Doc & { _deleted: boolean };
type AnyDoc = Replicated<Record<string, unknown>>;

export interface ConflictInput<Doc> {
  assumedMasterState?: Replicated<Doc>;
  realMasterState: Replicated<Doc>;
  newDocumentState: Replicated<Doc>;
}

/** What a device may change in each collection (the server's `updatable` columns). */
export const WRITABLE_FIELDS: { readonly [Name in CollectionName]: readonly (keyof DocTypes[Name] & string)[] } = {
  notebooks: ['title', 'description', 'author', 'theme', 'pre_moderation_enabled', 'paper_style', 'sticker_border', 'cover', 'is_shared'],
  questions: ['text', 'order_index', 'blocked'],
  answers: ['text', 'is_anonymous', 'responder_name', 'client_clock', 'moderation_status', 'moderation_notes'],
  notebook_shares: [],
  notebook_collaborators: ['role', 'status'],
  invite_links: ['status'],
  profiles: ['username', 'display_name', 'avatar_url', 'cover_url', 'bio', 'status_message', 'visibility', 'connections_visibility'],
  user_settings: ['language', 'ui_theme', 'email_notifications'],
  notifications: ['is_read'],
  favorites: [],
  forbidden_words: [],
};

/** The answerer's fields, decided together by the clock. */
export const ANSWERER_FIELDS = ['text', 'is_anonymous', 'responder_name'] as const;
/** What a moderator reads before deciding. */
export const MODERATED_WORDS = ['text', 'responder_name'] as const;
/** The moderators' fields. */
export const MODERATION_FIELDS = ['moderation_status', 'moderation_notes'] as const;

/**
 * Keys kept beside a document's own fields — RxDB's, and the first sync's record of the server
 * state (SYNC_BASE); they never take part in a comparison.
 */
const LOCAL_KEYS = new Set(['_meta', '_rev', '_attachments', SYNC_BASE]);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    // A field that is missing and one that is undefined or null mean the same to the server.
    return (a ?? null) === (b ?? null);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}

/** Whether two states of a document are the same for replication (RxDB's `isEqual`). */
export function sameDocument(a: { _deleted?: boolean }, b: { _deleted?: boolean }): boolean {
  if (Boolean(a._deleted) !== Boolean(b._deleted)) return false;
  // Two deletions of one row are the same, whatever fields each carries.
  if (a._deleted) return true;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (LOCAL_KEYS.has(key)) continue;
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}

/** The server state a document was based on, when RxDB keeps none for it (a first-sync document). */
export function syncBaseOf(doc: Record<string, unknown>): AnyDoc | undefined {
  const base = doc[SYNC_BASE];
  if (!base || typeof base !== 'object') return undefined;
  return { ...(base as Record<string, unknown>), id: doc.id as string, _deleted: false };
}

function withoutLocalKeys<Doc>(doc: Replicated<Doc>): Replicated<Doc> {
  const copy = { ...doc } as Record<string, unknown>;
  for (const key of LOCAL_KEYS) delete copy[key];
  return copy as Replicated<Doc>;
}

/** Fields this device changed since it last knew the server's state (all of them for a new row). */
function changedLocally(fields: readonly string[], local: AnyDoc, assumed: AnyDoc | undefined, master: AnyDoc): string[] {
  const base = assumed && !assumed._deleted ? assumed : undefined;
  return fields.filter((field) =>
    base ? !deepEqual(local[field], base[field]) : !deepEqual(local[field], master[field]),
  );
}

function clockOf(doc: AnyDoc | undefined): number {
  const clock = doc?.client_clock;
  return typeof clock === 'number' && Number.isFinite(clock) ? clock : 0;
}

function mergeAnswer(local: AnyDoc, assumed: AnyDoc | undefined, master: AnyDoc): AnyDoc {
  const merged: AnyDoc = { ...master };
  const answerEdited = changedLocally(ANSWERER_FIELDS, local, assumed, master).length > 0;
  if (answerEdited && clockOf(local) > clockOf(master)) {
    for (const field of ANSWERER_FIELDS) merged[field] = local[field];
    merged.client_clock = clockOf(local);
  } else if (answerEdited && clockOf(local) === clockOf(master) && !sameAnswerContent(local, master)) {
    // Same clock, different words (two devices in one millisecond): a stable choice, and one
    // that moves the clock on so the server takes it.
    if (String(local.text ?? '') > String(master.text ?? '')) {
      for (const field of ANSWERER_FIELDS) merged[field] = local[field];
      merged.client_clock = clockOf(master) + 1;
    }
  }
  // A device that creates an answer decides nothing about its moderation (its values were a
  // guess for its own screen): only a change from a state it knew, stamped by its moderator
  // with a time the server has not recorded, is a moderator's decision.
  const knewServerState = assumed !== undefined && !assumed._deleted;
  const decided =
    knewServerState && decisionPending(local, assumed, master) ? changedLocally(MODERATION_FIELDS, local, assumed, master) : [];
  if (decided.length > 0 && sameWords(assumed!, master)) {
    for (const field of decided) merged[field] = local[field];
  }
  return merged;
}

/**
 * Whether this device holds a moderator's decision the server has not recorded: its time is
 * neither the server's current one nor the one the device last knew (a first sync's base does
 * not keep that one).
 */
function decisionPending(local: AnyDoc, assumed: AnyDoc, master: AnyDoc): boolean {
  const known = 'moderated_at' in assumed && deepEqual(local.moderated_at, assumed.moderated_at);
  return !known && !deepEqual(local.moderated_at, master.moderated_at);
}

function sameAnswerContent(a: AnyDoc, b: AnyDoc): boolean {
  return ANSWERER_FIELDS.every((field) => deepEqual(a[field], b[field]));
}

function sameWords(a: AnyDoc, b: AnyDoc): boolean {
  return MODERATED_WORDS.every((field) => deepEqual(a[field], b[field]));
}

function mergeFields(writable: readonly string[], local: AnyDoc, assumed: AnyDoc | undefined, master: AnyDoc): AnyDoc {
  const merged: AnyDoc = { ...master };
  for (const field of changedLocally(writable, local, assumed, master)) merged[field] = local[field];
  return merged;
}

/** The state this device keeps after a conflict on one document of `collection`. */
export function resolveConflict<Name extends CollectionName>(
  collection: Name,
  input: ConflictInput<DocTypes[Name]>,
): Replicated<DocTypes[Name]> {
  return resolveDocuments(collection, input as unknown as ConflictInput<Record<string, unknown>>) as unknown as Replicated<
    DocTypes[Name]
  >;
}

function resolveDocuments(collection: CollectionName, input: ConflictInput<Record<string, unknown>>): AnyDoc {
  const master = withoutLocalKeys(input.realMasterState);
  const local = withoutLocalKeys(input.newDocumentState);
  const assumedState = input.assumedMasterState ?? syncBaseOf(input.newDocumentState);
  const assumed = assumedState ? withoutLocalKeys(assumedState) : undefined;

  if (master._deleted) return master;
  if (local._deleted) return { ...master, _deleted: true };
  return collection === 'answers'
    ? mergeAnswer(local, assumed, master)
    : mergeFields(WRITABLE_FIELDS[collection], local, assumed, master);
}

/**
 * The clock an answerer's edit carries: the device's time, but never at or behind the clock the
 * document already has (a device whose clock is wrong still moves its own edits forward).
 */
export function nextAnswerClock(now: number, previous: number | undefined): number {
  return Math.max(Math.floor(now), (previous ?? 0) + 1);
}
