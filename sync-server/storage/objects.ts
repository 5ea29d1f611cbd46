import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types.ts';
import { findBucketAsAdmin, type BucketInfo } from './buckets.ts';
import { asAdmin, asCaller, ownerColumns, type Caller } from './caller.ts';
import type { DiskStore } from './disk.ts';
import { serveObject, type ServeOptions } from './download.ts';
import { ERRORS, fromDatabaseError, StorageHttpError } from './errors.ts';
import { assertValidKey } from './keys.ts';
import { OBJECT_JSON, OBJECT_ROW_COLUMNS, type ObjectMetadata, type ObjectRow } from './sql.ts';
import { receiveUpload } from './upload.ts';

/** How a download route decides who may read (Supabase's getObject / getPublicObject routes). */
export type ReadAccess = 'public' | 'caller';

/** Largest number of keys one remove / createSignedUrls call may name (Supabase's limit). */
const MAX_KEYS_PER_REQUEST = 1000;

/**
 * Object operations. Rows are read and written as the caller (RLS decides), except where Supabase
 * Storage itself reads as the storage admin: bucket flags, and objects of public buckets on download.
 */
export class ObjectService {
  constructor(
    private readonly db: Database,
    private readonly store: DiskStore,
  ) {}

  /** POST (upsert only with x-upsert: true) and PUT (always upsert) /object/:bucket/*key. */
  async upload(caller: Caller, bucketId: string, key: string, request: Request, upsert: boolean) {
    assertValidKey(key);
    const bucket = await this.bucketOrThrow(bucketId);
    const upload = await receiveUpload(request, this.store, bucket);
    try {
      const metadata: ObjectMetadata = {
        eTag: upload.staged.eTag,
        size: upload.staged.size,
        mimetype: upload.mimetype,
        cacheControl: upload.cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: upload.staged.size,
        httpStatusCode: 200,
      };
      const id = await this.asCaller(caller, async (tx) => {
        const rowId = await writeObjectRow(tx, caller, {
          bucketId,
          key,
          metadata,
          userMetadata: upload.userMetadata ?? null,
          upsert,
        });
        // Only once the row is accepted do the bytes take the key's place (rolled back otherwise).
        await this.store.commit(upload.staged, bucketId, key);
        return rowId;
      });
      return { Id: id, Key: `${bucketId}/${key}` };
    } finally {
      await this.store.discard(upload.staged);
    }
  }

  /**
   * Checks, without writing anything, that the caller could upload this key (Supabase's canUpload:
   * the insert or upsert is tried under RLS in a transaction that is then rolled back).
   */
  async assertCanUpload(caller: Caller, bucketId: string, key: string, upsert: boolean): Promise<void> {
    assertValidKey(key);
    await this.bucketOrThrow(bucketId);
    const rollback = new Error('rollback');
    try {
      await asCaller(this.db, caller, async (tx) => {
        await writeObjectRow(tx, caller, { bucketId, key, metadata: {}, userMetadata: null, upsert });
        throw rollback;
      });
    } catch (error) {
      if (error === rollback) return;
      throw error instanceof StorageHttpError ? error : fromDatabaseError(error);
    }
  }

  /** GET /object/(public|authenticated/)?:bucket/*key. */
  async download(caller: Caller, access: ReadAccess, bucketId: string, key: string, request: Request, options: ServeOptions) {
    const row = await this.findReadable(caller, access, bucketId, key);
    return serveObject(request, this.store.filePath(bucketId, key), row.metadata, options);
  }

  /** GET /object/info/…: the object's description as storage-js info() expects it. */
  async info(caller: Caller, access: ReadAccess, bucketId: string, key: string) {
    const row = await this.findReadable(caller, access, bucketId, key);
    const meta = row.metadata ?? {};
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    };
  }

  /** Serves an object named by a verified signed-URL token (the token is the authorisation). */
  async downloadSigned(bucketId: string, key: string, request: Request, options: ServeOptions) {
    const row = await asAdmin(this.db, (tx) => selectObject(tx, bucketId, key));
    if (!row) throw ERRORS.noSuchKey();
    return serveObject(request, this.store.filePath(bucketId, key), row.metadata, options);
  }

  /** Checks the caller can read the object (for signing a URL to it). */
  async assertReadable(caller: Caller, bucketId: string, key: string): Promise<void> {
    assertValidKey(key);
    const row = await this.asCaller(caller, (tx) => selectObject(tx, bucketId, key));
    if (!row) throw ERRORS.noSuchKey();
  }

  /** The subset of keys the caller can read (createSignedUrls). */
  async readableKeys(caller: Caller, bucketId: string, keys: string[]): Promise<Set<string>> {
    assertKeyList(keys);
    const rows = await this.asCaller(caller, async (tx) => {
      const result = await tx.query<{ name: string }>(
        `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
        [bucketId, keys],
      );
      return result.rows;
    });
    return new Set(rows.map((r) => r.name));
  }

  /** DELETE /object/:bucket {prefixes}: deletes what RLS lets the caller delete; returns those rows. */
  async removeMany(caller: Caller, bucketId: string, keys: unknown): Promise<unknown[]> {
    assertKeyList(keys);
    return this.asCaller(caller, async (tx) => {
      const { rows } = await tx.query<{ object: { name: string } }>(
        `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[])
         returning ${OBJECT_JSON} as object`,
        [bucketId, keys],
      );
      for (const { object } of rows) await this.store.remove(bucketId, object.name);
      return rows.map((r) => r.object);
    });
  }

  /** DELETE /object/:bucket/*key. */
  async removeOne(caller: Caller, bucketId: string, key: string): Promise<{ message: string }> {
    assertValidKey(key);
    await this.asCaller(caller, async (tx) => {
      const { affectedRows } = await tx.query(`delete from storage.objects where bucket_id = $1 and name = $2`, [
        bucketId,
        key,
      ]);
      if (affectedRows === 0) throw ERRORS.noSuchKey();
      await this.store.remove(bucketId, key);
    });
    return { message: 'Successfully deleted' };
  }

  /** POST /object/move: renames the row as the caller (UPDATE policy decides), then the file. */
  async move(caller: Caller, input: TransferInput) {
    const { bucketId, sourceKey, destinationBucket, destinationKey } = parseTransfer(input);
    if (bucketId === destinationBucket && sourceKey === destinationKey) {
      throw ERRORS.invalidRequest('The source and destination are the same object');
    }
    await this.bucketOrThrow(destinationBucket);
    const { owner, ownerId } = ownerColumns(caller);
    const id = await this.asCaller(caller, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `update storage.objects set bucket_id = $3, name = $4, owner = $5, owner_id = $6, version = $7,
           last_accessed_at = now()
         where bucket_id = $1 and name = $2 returning id`,
        [bucketId, sourceKey, destinationBucket, destinationKey, owner, ownerId, randomUUID()],
      );
      if (!rows[0]) throw ERRORS.noSuchKey();
      await this.store.move(bucketId, sourceKey, destinationBucket, destinationKey);
      return rows[0].id;
    });
    return { message: 'Successfully moved', Id: id, Key: destinationKey };
  }

  /** POST /object/copy: reads the source and writes the destination row, both as the caller. */
  async copy(caller: Caller, input: TransferInput, upsert: boolean) {
    const { bucketId, sourceKey, destinationBucket, destinationKey } = parseTransfer(input);
    await this.bucketOrThrow(destinationBucket);
    const destination = await this.asCaller(caller, async (tx) => {
      const source = await selectObject(tx, bucketId, sourceKey);
      if (!source) throw ERRORS.noSuchKey();
      const metadata = { ...source.metadata, lastModified: new Date().toISOString() };
      const id = await writeObjectRow(tx, caller, {
        bucketId: destinationBucket,
        key: destinationKey,
        metadata,
        userMetadata: source.user_metadata,
        upsert,
      });
      await this.store.copy(bucketId, sourceKey, destinationBucket, destinationKey);
      return { id, name: destinationKey, bucket_id: destinationBucket, metadata };
    });
    return { Id: destination.id, Key: `${destinationBucket}/${destinationKey}`, ...destination };
  }

  private async findReadable(caller: Caller, access: ReadAccess, bucketId: string, key: string): Promise<ObjectRow> {
    assertValidKey(key);
    const bucket = await findBucketAsAdmin(this.db, bucketId);
    // Without a valid token only public buckets exist, as in Supabase's getObject route.
    if (!bucket || ((access === 'public' || !caller.authenticated) && !bucket.public)) throw ERRORS.noSuchBucket();
    // Public buckets are readable by anyone: Supabase reads them as the storage admin, no RLS.
    const row = bucket.public
      ? await asAdmin(this.db, (tx) => selectObject(tx, bucketId, key))
      : await this.asCaller(caller, (tx) => selectObject(tx, bucketId, key));
    if (!row) throw ERRORS.noSuchKey();
    return row;
  }

  private async bucketOrThrow(bucketId: string): Promise<BucketInfo> {
    const bucket = await findBucketAsAdmin(this.db, bucketId);
    if (!bucket) throw ERRORS.noSuchBucket();
    return bucket;
  }

  private async asCaller<T>(caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await asCaller(this.db, caller, fn);
    } catch (error) {
      throw error instanceof StorageHttpError ? error : fromDatabaseError(error);
    }
  }
}

export interface TransferInput {
  bucketId?: unknown;
  sourceKey?: unknown;
  destinationKey?: unknown;
  destinationBucket?: unknown;
}

function parseTransfer(input: TransferInput) {
  const { bucketId, sourceKey, destinationKey } = input;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
    throw ERRORS.invalidRequest("body must have required properties 'bucketId', 'sourceKey', 'destinationKey'");
  }
  const destinationBucket = typeof input.destinationBucket === 'string' ? input.destinationBucket : bucketId;
  assertValidKey(sourceKey);
  assertValidKey(destinationKey);
  return { bucketId, sourceKey, destinationBucket, destinationKey };
}

function assertKeyList(keys: unknown): asserts keys is string[] {
  if (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string')) {
    throw ERRORS.invalidRequest('body must name the objects as an array of strings');
  }
  if (keys.length > MAX_KEYS_PER_REQUEST) {
    throw ERRORS.invalidRequest(`Bulk object requests are limited to ${MAX_KEYS_PER_REQUEST} objects per request.`);
  }
}

async function selectObject(tx: Queryable, bucketId: string, key: string): Promise<ObjectRow | undefined> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_ROW_COLUMNS} from storage.objects o where o.bucket_id = $1 and o.name = $2`,
    [bucketId, key],
  );
  return rows[0];
}

interface ObjectWrite {
  bucketId: string;
  key: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata: Record<string, unknown> | null;
  upsert: boolean;
}

/**
 * Inserts (or with upsert, inserts or updates) an object row as the caller, as Supabase does: a
 * plain insert has no RETURNING so an INSERT policy alone suffices; an upsert needs the caller to
 * be able to update (and see) an existing row too.
 */
async function writeObjectRow(tx: Queryable, caller: Caller, write: ObjectWrite): Promise<string> {
  const { owner, ownerId } = ownerColumns(caller);
  const values = [
    write.bucketId,
    write.key,
    owner,
    ownerId,
    JSON.stringify(write.metadata),
    write.userMetadata === null ? null : JSON.stringify(write.userMetadata),
    randomUUID(),
  ];
  if (!write.upsert) {
    const id = randomUUID();
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version, id)
       values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)`,
      [...values, id],
    );
    return id;
  }
  const { rows } = await tx.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)
     on conflict (bucket_id, name) do update set
       owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
       user_metadata = excluded.user_metadata, version = excluded.version, last_accessed_at = now()
     returning id`,
    values,
  );
  return rows[0].id;
}
