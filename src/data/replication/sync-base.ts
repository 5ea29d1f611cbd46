/**
 * `sync_base`: the server's state of a document as a first sync stored it (first-sync.ts), kept
 * in the document itself — the base of the document's first push, until RxDB keeps a base of its
 * own. Never sent, never shown, never compared; a pull that brings the row again replaces the
 * whole document, this field with it. This module is the only one that knows the field.
 */
const SYNC_BASE = 'sync_base';

/** The field in every collection's schema (schemas/fields.ts; version 1 of each added it). */
export const SYNC_BASE_PROPERTY = { [SYNC_BASE]: { type: ['object', 'null'] } } as const;

/** Whether a key is this device's bookkeeping rather than one of the document's own fields. */
export function isSyncBase(key: string): boolean {
  return key === SYNC_BASE;
}

/** The document as a first sync stores it: with what the server had of `fields`. */
export function withSyncBase<Doc extends Readonly<Record<string, unknown>>>(doc: Doc, fields: readonly string[]): Doc {
  const base = Object.fromEntries(fields.filter((field) => doc[field] !== undefined).map((field) => [field, doc[field]] as const));
  return { ...doc, [SYNC_BASE]: base };
}

/** The server's fields a document was stored with by a first sync (none once RxDB keeps its own base). */
export function syncBaseFields(doc: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined {
  const base = doc[SYNC_BASE];
  return base && typeof base === 'object' ? { ...base } : undefined;
}

/** The document without this device's own bookkeeping (what the server is sent). */
export function withoutSyncBase<Doc extends object>(doc: Doc): Doc {
  if (!(SYNC_BASE in doc)) return doc;
  const copy = { ...doc };
  Reflect.deleteProperty(copy, SYNC_BASE);
  return copy;
}
