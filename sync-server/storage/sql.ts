/**
 * SQL fragments that build Storage's JSON shapes inside Postgres, so both backends produce the same
 * values: numbers as numbers, arrays as arrays, timestamps as `2024-01-01T12:00:00.000Z` (what
 * Supabase Storage sends, node-postgres Dates serialised by JSON.stringify).
 */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A storage.buckets row as GET /bucket returns it. */
export const BUCKET_JSON = `json_build_object(
  'id', b.id, 'name', b.name, 'owner', coalesce(b.owner::text, b.owner_id, ''), 'public', b.public,
  'type', b.type, 'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
  'created_at', ${isoTimestamp('b.created_at')}, 'updated_at', ${isoTimestamp('b.updated_at')})`;

/** A storage.objects row as remove() and copy() return it. */
export const OBJECT_JSON = `json_build_object(
  'bucket_id', o.bucket_id, 'name', o.name, 'owner', o.owner, 'owner_id', o.owner_id, 'id', o.id,
  'version', o.version, 'metadata', o.metadata, 'user_metadata', o.user_metadata,
  'created_at', ${isoTimestamp('o.created_at')}, 'updated_at', ${isoTimestamp('o.updated_at')},
  'last_accessed_at', ${isoTimestamp('o.last_accessed_at')})`;

/** The metadata jsonb Supabase Storage records for each object. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** Columns for ObjectRow (timestamps already ISO). */
export const OBJECT_ROW_COLUMNS = `o.id, o.bucket_id, o.name, o.version, o.metadata, o.user_metadata,
  ${isoTimestamp('o.created_at')} as created_at, ${isoTimestamp('o.updated_at')} as updated_at`;
