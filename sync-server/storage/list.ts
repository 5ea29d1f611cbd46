import type { Database } from '../db/types.ts';
import { asCaller, type Caller } from './caller.ts';
import { ERRORS, fromDatabaseError, StorageHttpError } from './errors.ts';
import { isoTimestamp } from './sql.ts';

export interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  sortBy?: unknown;
  search?: unknown;
}

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
/** storage.search caps a page at this many entries. */
const MAX_LIMIT = 1500;

/**
 * POST /object/list/:bucket — one folder level, as Supabase's storage.search returns it: the
 * folders (name only, other fields null) and files directly under `prefix` (treated as a folder),
 * names relative to it, filtered by a case-insensitive `search` name prefix, under the caller's RLS.
 * Sorted by name (folders and files interleaved, case-insensitive, byte order), or by a timestamp
 * column (folders first); `limit` 100 and `offset` 0 by default.
 */
export async function listObjects(db: Database, caller: Caller, bucketId: string, body: ListBody): Promise<unknown[]> {
  const options = parseListBody(body);
  const folder = options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
  const direction = options.order === 'desc' ? 'desc' : 'asc';
  const byName = `lower(e.name || case when e.is_folder then '/' else '' end) collate "C" ${direction}`;
  const orderBy =
    options.column === 'name'
      ? byName
      : `e.is_folder desc, case when e.is_folder then lower(e.name) end ${direction}, e.${options.column} ${direction}, ${byName}`;
  try {
    return await asCaller(db, caller, async (tx) => {
      const { rows } = await tx.query<{ entry: unknown }>(
        `with matched as (
           select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
                  substr(o.name, length($2) + 1) as rel
           from storage.objects o
           where o.bucket_id = $1 and starts_with(lower(o.name), lower($2 || $3))
         ), entries as (
           select split_part(rel, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
                  null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
                  true as is_folder
           from matched where strpos(rel, '/') > 0 group by split_part(rel, '/', 1)
           union all
           select rel, id, updated_at, created_at, last_accessed_at, metadata, false
           from matched where strpos(rel, '/') = 0
         )
         select json_build_object('name', e.name, 'id', e.id,
                  'updated_at', ${isoTimestamp('e.updated_at')}, 'created_at', ${isoTimestamp('e.created_at')},
                  'last_accessed_at', ${isoTimestamp('e.last_accessed_at')}, 'metadata', e.metadata) as entry
         from entries e
         order by ${orderBy}
         limit $4 offset $5`,
        [bucketId, folder, options.search, options.limit, options.offset],
      );
      return rows.map((r) => r.entry);
    });
  } catch (error) {
    throw error instanceof StorageHttpError ? error : fromDatabaseError(error);
  }
}

interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  column: (typeof SORT_COLUMNS)[number];
  order: 'asc' | 'desc';
}

/** Validates the body as Supabase's route schema does (prefix required, limit ≥ 1, offset ≥ 0). */
function parseListBody(body: ListBody): ListOptions {
  if (typeof body.prefix !== 'string') throw ERRORS.invalidRequest("body must have required property 'prefix'");
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw ERRORS.invalidRequest('body/limit must be an integer >= 1');
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    throw ERRORS.invalidRequest('body/offset must be an integer >= 0');
  }
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sortBy.column ?? 'name';
  if (!SORT_COLUMNS.includes(column as never)) {
    throw ERRORS.invalidRequest(`body/sortBy/column must be one of ${SORT_COLUMNS.join(', ')}`);
  }
  const order = String(sortBy.order ?? 'asc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw ERRORS.invalidRequest('body/sortBy/order must be asc or desc');
  if (body.search !== undefined && typeof body.search !== 'string') {
    throw ERRORS.invalidRequest('body/search must be a string');
  }
  return {
    prefix: body.prefix,
    search: (body.search as string | undefined) ?? '',
    limit: Math.min(limit, MAX_LIMIT),
    offset,
    column: column as ListOptions['column'],
    order,
  };
}
