import { Readable } from 'node:stream';
import busboy from 'busboy';
import { isRecognisable, mimeEssence, readHead, sniffMimeType } from './content-type.ts';
import type { DiskStore, StagedFile } from './disk.ts';
import { ERRORS, StorageHttpError } from './errors.ts';

/** Supabase's default when a client sends no cache time; storage-js sends 3600 itself. */
export const DEFAULT_CACHE_CONTROL = 'max-age=3600';
/** The Supabase CLI's default upload limit (config.toml `[storage] file_size_limit = "50MiB"`). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface BucketLimits {
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
}

/** An upload read from the request: bytes staged on disk plus what the metadata row records. */
export interface ReceivedUpload {
  staged: StagedFile;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

/**
 * Reads an upload the way Supabase Storage accepts it (src/storage/uploader.ts): a multipart form
 * (file part, optional `cacheControl`, `contentType` and `metadata` fields) or a raw body (type from
 * Content-Type, cache from Cache-Control, user metadata as base64 JSON in x-metadata). Applies the
 * bucket's size limit (413 EntityTooLarge) and MIME allow-list (415 InvalidMimeType). In a bucket
 * with an allow-list, the file's first bytes must show a type the list allows (see content-type.ts).
 */
export async function receiveUpload(request: Request, store: DiskStore, bucket: BucketLimits): Promise<ReceivedUpload> {
  const maxBytes = effectiveSizeLimit(bucket.file_size_limit);
  const contentType = request.headers.get('content-type') ?? '';
  const upload = contentType.toLowerCase().startsWith('multipart/form-data')
    ? await receiveMultipart(request, store, maxBytes)
    : await receiveRaw(request, store, maxBytes, contentType, bucket.allowed_mime_types);
  try {
    assertAllowedMimeType(upload.mimetype, bucket.allowed_mime_types);
    return { ...upload, mimetype: await contentMimeType(upload, bucket.allowed_mime_types) };
  } catch (error) {
    await store.discard(upload.staged);
    throw error;
  }
}

/**
 * The type an upload is stored and served as. Without an allow-list: the declared one, as Supabase
 * keeps it. With one: what the first bytes show, which must itself be allowed — an HTML page
 * declared `image/png` (or `image/png;text/html`, or sent as a form's text/html part with a
 * `contentType=image/png` field) is refused with Storage's invalid_mime_type (415), as a declared
 * type outside the list is. A declared type this server cannot recognise by content (text/csv …)
 * is kept as declared, its essence only.
 */
async function contentMimeType(upload: ReceivedUpload, allowed: string[] | null): Promise<string> {
  if (!allowed || allowed.length === 0) return upload.mimetype;
  const declared = mimeEssence(upload.mimetype);
  const seen = sniffMimeType(await readHead(upload.staged.tempPath));
  if (seen) {
    assertAllowedMimeType(seen, allowed);
    return seen;
  }
  if (isRecognisable(declared)) throw ERRORS.contentMismatch(declared);
  return declared;
}

function effectiveSizeLimit(bucketLimit: number | string | null): number {
  const limit = bucketLimit === null ? Number.NaN : Number(bucketLimit);
  return Number.isFinite(limit) && limit >= 0 ? Math.min(limit, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT;
}

async function receiveRaw(
  request: Request,
  store: DiskStore,
  maxBytes: number,
  contentType: string,
  allowedMimeTypes: string[] | null,
): Promise<ReceivedUpload> {
  const mimetype = contentType || 'application/octet-stream';
  // Refuse before reading a byte when the headers already say no, as Supabase does (the content
  // itself is looked at once staged, in receiveUpload).
  assertAllowedMimeType(mimetype, allowedMimeTypes);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw ERRORS.entityTooLarge();
  const body = request.body ? Readable.fromWeb(request.body as never) : Readable.from([]);
  const staged = await store.stage(body, maxBytes);
  return {
    staged,
    mimetype,
    cacheControl: request.headers.get('cache-control') || DEFAULT_CACHE_CONTROL,
    userMetadata: decodeUserMetadata(request.headers.get('x-metadata')),
  };
}

function receiveMultipart(request: Request, store: DiskStore, maxBytes: number): Promise<ReceivedUpload> {
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        limits: { files: 1, fields: 10, fileSize: maxBytes },
      });
    } catch {
      reject(ERRORS.invalidRequest('Malformed multipart/form-data body'));
      return;
    }
    const fields: Record<string, string> = {};
    let staging: Promise<StagedFile> | undefined;
    let partMimeType = 'application/octet-stream';
    let truncated = false;

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (staging) {
        stream.resume();
        return;
      }
      partMimeType = info.mimeType || partMimeType;
      stream.on('limit', () => {
        truncated = true;
      });
      staging = store.stage(stream, Number.POSITIVE_INFINITY);
      staging.catch(() => {}); // awaited on close; avoid an unhandled rejection meanwhile
    });
    parser.on('error', () => {
      // A file already staged before the form broke is not kept.
      void staging?.then((staged) => store.discard(staged), () => {});
      reject(ERRORS.invalidRequest('Malformed multipart/form-data body'));
    });
    parser.on('close', () => {
      void (async () => {
        if (!staging) return reject(ERRORS.noContentProvided());
        const staged = await staging.catch((error: unknown) => error as Error);
        if (staged instanceof Error) return reject(staged instanceof StorageHttpError ? staged : ERRORS.noContentProvided());
        if (truncated) {
          await store.discard(staged);
          return reject(ERRORS.entityTooLarge());
        }
        resolve({
          staged,
          mimetype: fields.contentType || partMimeType,
          cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : DEFAULT_CACHE_CONTROL,
          userMetadata: parseJsonObject(fields.metadata ?? fields.userMetadata),
        });
      })();
    });

    if (!request.body) {
      reject(ERRORS.noContentProvided());
      return;
    }
    const body = Readable.fromWeb(request.body as never);
    body.on('error', () => reject(ERRORS.noContentProvided()));
    body.pipe(parser);
  });
}

/**
 * Supabase's validateMimeType: `type/subtype` must match an allowed entry exactly or `type/*`.
 * Parameters such as `;charset=UTF-8` are ignored (storage-js sends text/plain;charset=UTF-8 by default).
 */
export function assertAllowedMimeType(mimetype: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = mimetype.split(';')[0].trim().toLowerCase().split('/');
  if (!type || !subtype) throw ERRORS.invalidMimeType(mimetype);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw ERRORS.invalidMimeType(mimetype);
}

function decodeUserMetadata(header: string | null): Record<string, unknown> | undefined {
  if (!header) return undefined;
  return parseJsonObject(Buffer.from(header, 'base64').toString('utf8'));
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
