import type { Database, Queryable } from '../db/types.ts';
import { asCaller, ownerColumns, type Caller } from './caller.ts';
import type { DiskStore } from './disk.ts';
import { ERRORS, fromDatabaseError, StorageHttpError } from './errors.ts';
import { assertValidBucketName } from './keys.ts';
import { BUCKET_JSON } from './sql.ts';
import type { BucketLimits } from './upload.ts';

/** What uploads and downloads need to know about a bucket, read without RLS as Supabase does. */
export interface BucketInfo extends BucketLimits {
  id: string;
  public: boolean;
}

export async function findBucketAsAdmin(db: Database, id: string): Promise<BucketInfo | undefined> {
  const { rows } = await db.query<{ bucket: BucketInfo }>(
    `select json_build_object('id', id, 'public', coalesce(public, false), 'file_size_limit', file_size_limit,
       'allowed_mime_types', allowed_mime_types) as bucket
     from storage.buckets where id = $1`,
    [id],
  );
  return rows[0]?.bucket;
}

export interface BucketInput {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
  type?: unknown;
}

/** The bucket operations of storage-js (listBuckets … deleteBucket), each under the caller's RLS. */
export class BucketService {
  constructor(
    private readonly db: Database,
    private readonly store: DiskStore,
  ) {}

  async list(caller: Caller, query: URLSearchParams): Promise<unknown[]> {
    const sortColumn = ['id', 'name', 'created_at', 'updated_at'].includes(query.get('sortColumn') ?? '')
      ? query.get('sortColumn')
      : 'name';
    const sortOrder = query.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    const limit = optionalCount(query.get('limit'), 'limit');
    const offset = optionalCount(query.get('offset'), 'offset') ?? 0;
    return this.run(caller, async (tx) => {
      const { rows } = await tx.query<{ bucket: unknown }>(
        `select ${BUCKET_JSON} as bucket from storage.buckets b
         where $1::text is null or b.name ilike '%' || $1 || '%'
         order by b.${sortColumn} ${sortOrder} limit $2 offset $3`,
        [query.get('search') || null, limit ?? null, offset],
      );
      return rows.map((r) => r.bucket);
    });
  }

  async get(caller: Caller, id: string): Promise<unknown> {
    return this.run(caller, async (tx) => {
      const { rows } = await tx.query<{ bucket: unknown }>(
        `select ${BUCKET_JSON} as bucket from storage.buckets b where b.id = $1`,
        [id],
      );
      if (!rows[0]) throw ERRORS.noSuchBucket();
      return rows[0].bucket;
    });
  }

  async create(caller: Caller, input: BucketInput): Promise<{ name: string }> {
    const id = input.id ?? input.name;
    const name = input.name ?? id;
    assertValidBucketName(id);
    assertValidBucketName(name);
    if (input.type !== undefined && input.type !== null && input.type !== 'STANDARD') {
      throw ERRORS.invalidRequest('Only STANDARD buckets are supported');
    }
    const { owner, ownerId } = ownerColumns(caller);
    await this.run(caller, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          name,
          owner,
          ownerId,
          input.public === true,
          parseFileSizeLimit(input.file_size_limit),
          parseMimeTypes(input.allowed_mime_types),
        ],
      ),
    );
    return { name };
  }

  async update(caller: Caller, id: string, input: BucketInput): Promise<{ message: string }> {
    const sizeLimit = input.file_size_limit === undefined ? undefined : parseFileSizeLimit(input.file_size_limit);
    const mimeTypes = input.allowed_mime_types === undefined ? undefined : parseMimeTypes(input.allowed_mime_types);
    await this.run(caller, async (tx) => {
      // Absent fields keep their value; an explicit null clears a limit.
      const { affectedRows } = await tx.query(
        `update storage.buckets set
           public = coalesce($2, public),
           file_size_limit = case when $3 then $4::bigint else file_size_limit end,
           allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
           updated_at = now()
         where id = $1`,
        [
          id,
          typeof input.public === 'boolean' ? input.public : null,
          sizeLimit !== undefined,
          sizeLimit ?? null,
          mimeTypes !== undefined,
          mimeTypes ?? null,
        ],
      );
      if (affectedRows === 0) throw ERRORS.noSuchBucket();
    });
    return { message: 'Successfully updated' };
  }

  /** Deletes every object the caller may delete (RLS), then their files. */
  async empty(caller: Caller, id: string): Promise<{ message: string }> {
    await this.get(caller, id);
    await this.run(caller, async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        `delete from storage.objects where bucket_id = $1 returning name`,
        [id],
      );
      for (const { name } of rows) await this.store.remove(id, name);
    });
    return { message: 'Successfully emptied' };
  }

  async remove(caller: Caller, id: string): Promise<{ message: string }> {
    // Objects the caller cannot see still keep the bucket (checked first: on PGlite a second
    // transaction inside the caller's one would wait for it forever).
    if (await anyObjectAsAdmin(this.db, id)) throw ERRORS.bucketNotEmpty();
    await this.run(caller, async (tx) => {
      const deleted = await tx.query(`delete from storage.buckets where id = $1`, [id]);
      if (deleted.affectedRows === 0) throw ERRORS.noSuchBucket();
    });
    await this.store.removeBucketFolder(id).catch(() => {});
    return { message: 'Successfully deleted' };
  }

  private async run<T>(caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await asCaller(this.db, caller, fn);
    } catch (error) {
      throw error instanceof StorageHttpError ? error : fromDatabaseError(error, 'bucket');
    }
  }
}

async function anyObjectAsAdmin(db: Database, bucketId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [bucketId]);
  return rows.length > 0;
}

function optionalCount(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw ERRORS.invalidRequest(`querystring/${name} must be a non-negative integer`);
  return n;
}

/** A byte count, or Supabase's `20GB` / `20MB` / `30KB` / `3B` strings; null means no limit. */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)?$/i.exec(value.trim());
    if (match) {
      const unit = (match[2] ?? 'b').toLowerCase();
      const factor = unit === 'gb' ? 1e9 : unit === 'mb' ? 1e6 : unit === 'kb' ? 1e3 : 1;
      return Math.round(Number.parseFloat(match[1]) * factor);
    }
  }
  throw ERRORS.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

function parseMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw ERRORS.invalidRequest('allowed_mime_types must be an array of strings');
  }
  const types = (value as string[]).filter((v) => v !== '');
  if (types.some((t) => !/^[a-z0-9.+-]+\/([a-z0-9.+-]+|\*)$/i.test(t))) {
    throw ERRORS.invalidRequest('allowed_mime_types must be MIME types such as image/png or image/*');
  }
  return types;
}
