/**
 * Documents between the server and the local database: the server's rows are stored with the
 * schema's fields only (a column added on the server later does not break validation on old
 * clients), and a deletion, which carries only its keys, gets placeholder values for the
 * required fields RxDB validates even on deleted documents.
 */
import { COLLECTIONS, type CollectionName } from '../schemas/index.ts';
import type { ServerDoc } from './transport.ts';

export type LocalDoc = Record<string, unknown> & { id: string; _deleted: boolean };

const FIELD_SETS = new Map<CollectionName, Set<string>>(
  (Object.keys(COLLECTIONS) as CollectionName[]).map((name) => [name, new Set(COLLECTIONS[name].fields)]),
);

export function fromServer(collection: CollectionName, doc: ServerDoc): LocalDoc {
  const fields = FIELD_SETS.get(collection)!;
  const local: LocalDoc = { id: doc.id, _deleted: Boolean(doc._deleted) };
  for (const key of Object.keys(doc)) {
    if (fields.has(key) && doc[key] !== undefined) local[key] = doc[key];
  }
  if (local._deleted) {
    const defaults = COLLECTIONS[collection].deletionDefaults as Record<string, unknown>;
    for (const [key, value] of Object.entries(defaults)) {
      if (local[key] === undefined || local[key] === null) local[key] = value;
    }
  }
  return local;
}

/** A deletion of `id` as the server would send it (for rows the server no longer has). */
export function deletionOf(collection: CollectionName, id: string, keys: Record<string, unknown> = {}): LocalDoc {
  return fromServer(collection, { ...keys, id, _deleted: true });
}
