/**
 * Documents between the server and the local database: the server's rows are stored with the
 * schema's fields only (a column added on the server later does not break validation on old
 * clients), and a deletion, which carries only its keys, gets placeholder values for the
 * required fields RxDB validates even on deleted documents.
 */
import { WRITABLE_FIELDS, type MasterState } from './conflicts.ts';
import { COLLECTIONS, type CollectionName } from '../schemas/index.ts';
import { withSyncBase } from './sync-base.ts';
import type { ServerDoc } from './transport.ts';

const FIELD_SETS = new Map<CollectionName, Set<string>>(
  (Object.keys(COLLECTIONS) as CollectionName[]).map((name) => [name, new Set(COLLECTIONS[name].fields)]),
);

export function fromServer(collection: CollectionName, doc: ServerDoc): MasterState {
  const fields = FIELD_SETS.get(collection)!;
  const local: MasterState = { id: doc.id, _deleted: Boolean(doc._deleted) };
  for (const key of Object.keys(doc)) {
    if (fields.has(key) && doc[key] !== undefined) local[key] = doc[key];
  }
  if (local._deleted) {
    for (const [key, value] of Object.entries(COLLECTIONS[collection].deletionDefaults)) {
      if (local[key] === undefined || local[key] === null) local[key] = value;
    }
  }
  return local;
}

/** A deletion of `id` as the server would send it (for rows the server no longer has). */
export function deletionOf(collection: CollectionName, id: string, keys: Record<string, unknown> = {}): MasterState {
  return fromServer(collection, { ...keys, id, _deleted: true });
}

/**
 * A server row as a first sync stores it: with its base (sync-base.ts), what the server had of
 * the fields a push compares (the ones a device may change, and the revision of the
 * compare-and-swap).
 */
export function storedByFirstSync(collection: CollectionName, doc: MasterState): MasterState {
  return withSyncBase(doc, ['server_rev', ...WRITABLE_FIELDS[collection]]);
}
