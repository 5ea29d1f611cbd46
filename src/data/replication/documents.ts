/**
 * Documents between the server and the local database: the server's rows are stored with the
 * schema's fields only (a column added on the server later does not break validation on old
 * clients), and a deletion, which carries only its keys, gets placeholder values for the
 * required fields RxDB validates even on deleted documents.
 */
import { WRITABLE_FIELDS } from './conflicts.ts';
import { SYNC_BASE } from '../schemas/fields.ts';
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

/**
 * A document as a first sync stores it: with `sync_base`, what the server had of the fields a
 * push compares (the ones a device may change, and the revision of the compare-and-swap).
 */
export function withSyncBase(collection: CollectionName, doc: LocalDoc): LocalDoc {
  const base: Record<string, unknown> = { server_rev: doc.server_rev };
  for (const field of WRITABLE_FIELDS[collection]) {
    if (doc[field] !== undefined) base[field] = doc[field];
  }
  return { ...doc, [SYNC_BASE]: base };
}

/** The document without this device's own bookkeeping (what the server is sent). */
export function withoutSyncBase<Doc extends Record<string, unknown>>(doc: Doc): Doc {
  if (!(SYNC_BASE in doc)) return doc;
  const { [SYNC_BASE]: _base, ...rest } = doc;
  return rest as Doc;
}
