/**
 * Building blocks of the collection schemas. Every replicated document keeps the server's column
 * names (snake_case), so a pulled row is stored as it comes and a pushed document is the row the
 * server expects (supabase/migrations/20261124100300_replication.sql).
 *
 * Only `id` and indexed fields are required: a deletion pulled from the server carries just
 * `id`, `_deleted` and the keys clients index by (notebook_id, question_id), and RxDB validates
 * deletions too. Everything else is optional in the schema and filled in by the repositories.
 */
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { SYNC_BASE_PROPERTY } from '../replication/sync-base.ts';

/** A uuid primary key or foreign key; indexed strings need a maxLength. */
export const uuid = { type: 'string', maxLength: 36 } as const;
export const nullableUuid = { type: ['string', 'null'], maxLength: 36 } as const;
export const text = { type: 'string' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
/** ISO 8601 timestamps as Postgres returns them. */
export const timestamp = { type: 'string' } as const;
export const nullableTimestamp = { type: ['string', 'null'] } as const;
export const flag = { type: 'boolean' } as const;
/** The server's revision of the row (compare-and-swap, S9); 0 until the server has it. */
export const serverRev = { type: 'integer', minimum: 0 } as const;

export const ROW_TIMESTAMPS = { created_at: timestamp, updated_at: timestamp, server_rev: serverRev } as const;

/** Fields every replicated document has besides its own. */
export interface ReplicatedRow {
  id: string;
  created_at: string;
  updated_at: string;
  server_rev: number;
}

/** Version 1 added the first sync's base (replication/sync-base.ts); a version-0 document has none, and needs none. */
const keepAsIs = (doc: unknown) => doc;

/**
 * A collection's schema and how older versions of its documents are carried forward: each
 * schema change adds `N: (oldDoc) => newDoc` here, so documents on installed phones are
 * migrated, not stranded.
 */
export interface CollectionDefinition<Doc> {
  schema: RxJsonSchema<Doc>;
  migrationStrategies: MigrationStrategies;
  /** The fields the server sends, in the order of the schema: anything else is dropped on pull. */
  fields: readonly string[];
  /** Values for required fields a pulled deletion does not carry. */
  deletionDefaults: Partial<Doc>;
}

export function defineCollection<Doc>(
  schema: RxJsonSchema<Doc>,
  options: { migrationStrategies?: MigrationStrategies; deletionDefaults?: Partial<Doc> } = {},
): CollectionDefinition<Doc> {
  return {
    schema: { ...schema, properties: { ...schema.properties, ...SYNC_BASE_PROPERTY } },
    migrationStrategies: { 1: keepAsIs, ...options.migrationStrategies },
    // What the server sends: the first sync's base is this device's own.
    fields: Object.keys(schema.properties),
    deletionDefaults: options.deletionDefaults ?? {},
  };
}
