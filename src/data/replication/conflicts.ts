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
 *   - Notifications: a read mark on a notification the server has grouped more into since is
 *     dropped (the newer news stays unread).
 */
import { isSyncBase, syncBaseFields } from './sync-base.ts';
import type { CollectionName, DocTypes } from '../schemas/index.ts';

/** A document as replication sees it: its fields and the deletion flag. */
export type Replicated<Doc> = Doc & { _deleted: boolean };
/** Any collection's document, as the replication moves rows of every collection alike. */
export type ReplicatedDocument = { id: string; _deleted: boolean; [field: string]: unknown };
/**
 * What the rules need of a document: its key and the deletion flag (RxDB's typed documents have
 * them; written as an intersection, a collection's document type given generically satisfies it).
 */
type Keyed = { id: string } & { _deleted: boolean };

/**
 * The three states of a replicated row, told apart by type (excalidraw's reconcile.ts brands
 * local and remote elements the same way): what this device wrote, what it last knew of the
 * server, and what the server has now. The push and pull code cannot pass a state of one kind
 * where another is expected; a plain document (RxDB's, a test's) is taken as any of them.
 */
declare const stateOf: unique symbol;
type StateOf<Doc, State extends string> = Doc & { readonly [stateOf]?: State };
export type LocalState<Doc = ReplicatedDocument> = StateOf<Doc, 'local'>;
export type AssumedMasterState<Doc = ReplicatedDocument> = StateOf<Doc, 'assumed master'>;
export type MasterState<Doc = ReplicatedDocument> = StateOf<Doc, 'master'>;

/** RxDB's three states of one document (its RxConflictHandlerInput). */
export interface ConflictInput<Doc> {
  assumedMasterState?: Doc;
  realMasterState: Doc;
  newDocumentState: Doc;
}

/** A document's fields by name (every document is one; reading them needs no knowledge of its type). */
type Fields = Readonly<Record<string, unknown>>;

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
  // A guest row is written once by the host; only claim_guest changes it on the server.
  guests: [],
  // A report is written once by its reporter; only the moderation changes its state (issue 33).
  reports: [],
};

/** The answerer's fields, decided together by the clock. */
export const ANSWERER_FIELDS = ['text', 'is_anonymous', 'responder_name'] as const;
/** What a moderator reads before deciding. */
export const MODERATED_WORDS = ['text', 'responder_name'] as const;
/** The moderators' fields. */
export const MODERATION_FIELDS = ['moderation_status', 'moderation_notes'] as const;

/** RxDB's keys beside a document's own fields; they never take part in a comparison. */
const RXDB_KEYS = new Set(['_meta', '_rev', '_attachments']);
/** Keys kept beside a document's own fields: RxDB's, and the first sync's base (sync-base.ts). */
const isLocalKey = (key: string) => RXDB_KEYS.has(key) || isSyncBase(key);

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
    if (isLocalKey(key)) continue;
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}

/** The server state a document was based on, when RxDB keeps none for it (a first-sync document). */
export function syncBaseOf(doc: Fields & { id: string }): AssumedMasterState | undefined {
  const base = syncBaseFields(doc);
  return base && { ...base, id: doc.id, _deleted: false };
}

function withoutLocalKeys<Doc extends object>(doc: Doc): Doc {
  const copy = { ...doc };
  for (const key of Object.keys(copy)) if (isLocalKey(key)) Reflect.deleteProperty(copy, key);
  return copy;
}

/** `doc` with these fields taken from `from`. */
function withFieldsOf<Doc extends Keyed>(doc: Doc, from: Fields, fields: readonly string[]): Doc {
  return { ...doc, ...Object.fromEntries(fields.map((field) => [field, from[field]] as const)) };
}

/** Fields this device changed since it last knew the server's state (all of them for a new row). */
function changedLocally(fields: readonly string[], local: Fields, assumed: Keyed | undefined, master: Fields): string[] {
  const base: Fields | undefined = assumed && !assumed._deleted ? assumed : undefined;
  return fields.filter((field) =>
    base ? !deepEqual(local[field], base[field]) : !deepEqual(local[field], master[field]),
  );
}

function clockOf(doc: Fields | undefined): number {
  const clock = doc?.client_clock;
  return typeof clock === 'number' && Number.isFinite(clock) ? clock : 0;
}

function mergeAnswer<Doc extends Keyed>(local: Doc, assumed: Keyed | undefined, master: Doc): Doc {
  const [mine, theirs]: Fields[] = [local, master];
  let merged = master;
  const answerEdited = changedLocally(ANSWERER_FIELDS, local, assumed, master).length > 0;
  if (answerEdited && clockOf(mine) > clockOf(theirs)) {
    merged = { ...withFieldsOf(merged, mine, ANSWERER_FIELDS), client_clock: clockOf(mine) };
  } else if (answerEdited && clockOf(mine) === clockOf(theirs) && !sameAnswerContent(mine, theirs)) {
    // Same clock, different words (two devices in one millisecond): a stable choice, and one
    // that moves the clock on so the server takes it.
    if (String(mine.text ?? '') > String(theirs.text ?? '')) {
      merged = { ...withFieldsOf(merged, mine, ANSWERER_FIELDS), client_clock: clockOf(theirs) + 1 };
    }
  }
  // A device that creates an answer decides nothing about its moderation (its values were a
  // guess for its own screen): only a change from a state it knew, stamped by its moderator
  // with a time the server has not recorded, is a moderator's decision.
  const knewServerState = assumed !== undefined && !assumed._deleted;
  const decided =
    knewServerState && decisionPending(local, assumed, master) ? changedLocally(MODERATION_FIELDS, local, assumed, master) : [];
  if (decided.length > 0 && sameWords(assumed!, master)) merged = withFieldsOf(merged, mine, decided);
  return merged;
}

/**
 * Whether this device holds a moderator's decision the server has not recorded: its time is
 * neither the server's current one nor the one the device last knew (a first sync's base does
 * not keep that one).
 */
function decisionPending(local: Fields, assumed: Fields, master: Fields): boolean {
  const known = 'moderated_at' in assumed && deepEqual(local.moderated_at, assumed.moderated_at);
  return !known && !deepEqual(local.moderated_at, master.moderated_at);
}

function sameAnswerContent(a: Fields, b: Fields): boolean {
  return ANSWERER_FIELDS.every((field) => deepEqual(a[field], b[field]));
}

function sameWords(a: Fields, b: Fields): boolean {
  return MODERATED_WORDS.every((field) => deepEqual(a[field], b[field]));
}

function mergeFields<Doc extends Keyed>(writable: readonly string[], local: Doc, assumed: Keyed | undefined, master: Doc): Doc {
  return withFieldsOf(master, local, changedLocally(writable, local, assumed, master));
}

/**
 * The state this device keeps after a conflict on one document of `collection`: a document of
 * the collection's type (RxDB's conflict handler) or any replicated row (the push).
 */
export function resolveConflict<Doc extends Keyed>(collection: CollectionName, input: ConflictInput<Doc>): Doc {
  const master = withoutLocalKeys<Doc>(input.realMasterState);
  const local = withoutLocalKeys<Doc>(input.newDocumentState);
  // A first sync's document carries its base itself: the server's fields of this very row.
  const assumedState: Keyed | undefined = input.assumedMasterState ?? syncBaseOf(input.newDocumentState);
  const assumed = assumedState ? withoutLocalKeys(assumedState) : undefined;

  if (master._deleted) return master;
  if (local._deleted) return { ...master, _deleted: true };
  if (collection === 'notifications' && groupedSince(assumed, master)) return master;
  return collection === 'answers'
    ? mergeAnswer(local, assumed, master)
    : mergeFields(WRITABLE_FIELDS[collection], local, assumed, master);
}

/**
 * Notifications (issue 31): a read mark made on a notification the server has since grouped more
 * into (another answer, another vote: its count or time moved on) read what the device showed,
 * not what came after: the server's unread state stands, so the new news is not hidden.
 */
function groupedSince(assumed: Keyed | undefined, master: Fields): boolean {
  if (!assumed || assumed._deleted) return false;
  const base: Fields = assumed;
  return !deepEqual(base.group_count ?? 1, master.group_count ?? 1) || !deepEqual(base.created_at, master.created_at);
}

/**
 * The clock an answerer's edit carries: the device's time, but never at or behind the clock the
 * document already has (a device whose clock is wrong still moves its own edits forward).
 */
export function nextAnswerClock(now: number, previous: number | undefined): number {
  return Math.max(Math.floor(now), (previous ?? 0) + 1);
}
