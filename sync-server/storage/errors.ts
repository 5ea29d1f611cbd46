/**
 * Supabase Storage's error envelope. The body is `{statusCode, code, error, message}` where
 * statusCode is the "real" status as a string ('404', '413' …). Like Supabase Storage, the HTTP
 * status itself is 400 for every client error (500 for server faults) unless the error says
 * otherwise; storage-js exposes both (error.status = HTTP status, error.statusCode = body's).
 */
export class StorageHttpError extends Error {
  /** Headers to send with the error (Content-Range on a 416). */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The legacy `error` field; defaults to code, as Supabase renders it. */
    readonly errorName: string = code,
    /** The HTTP status sent; Supabase answers 400 for client errors unless told otherwise. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body(): StorageErrorBody {
    return { statusCode: String(this.statusCode), code: this.code, error: this.errorName, message: this.message };
  }
}

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

/** The errors of Supabase Storage this server can raise (src/internal/errors/codes.ts). */
export const ERRORS = {
  noSuchBucket: () => new StorageHttpError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageHttpError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string, reason?: string) =>
    new StorageHttpError(400, 'InvalidKey', `Invalid key: ${key}${reason ? ` ${reason}` : ''}`),
  invalidBucketName: () => new StorageHttpError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => new StorageHttpError(400, 'InvalidRequest', message, 'Bad Request'),
  invalidJwt: (message = 'Invalid JWT') => new StorageHttpError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageHttpError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageHttpError(400, 'ExpiredToken', 'The provided token has expired.'),
  accessDenied: (message = 'Access denied') => new StorageHttpError(403, 'AccessDenied', message, 'Unauthorized'),
  /** The JWT role guard answers a real 403 (Supabase's enforceJwtRole uses withStatusCode(403)). */
  invalidRole: () => new StorageHttpError(403, 'AccessDenied', 'Access denied: Invalid role', 'Unauthorized', 403),
  keyAlreadyExists: () => new StorageHttpError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageHttpError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageHttpError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageHttpError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageHttpError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    new StorageHttpError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  /** Not Supabase's own: its MIME refusal, for a file whose first bytes are not the declared image type. */
  contentMismatch: (mimeType: string) =>
    new StorageHttpError(415, 'InvalidMimeType', `the file's content is not ${mimeType}`, 'invalid_mime_type'),
  invalidRange: () => new StorageHttpError(416, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  noContentProvided: () => new StorageHttpError(400, 'InvalidRequest', 'No content provided'),
  internal: (message = 'Internal server error') => new StorageHttpError(500, 'InternalError', message),
};

interface PgLikeError {
  code?: unknown;
  message?: unknown;
}

/** Maps a Postgres error to Storage's envelope as Supabase's DBError.fromDBError does. */
export function fromDatabaseError(error: unknown, context: 'object' | 'bucket' = 'object'): StorageHttpError {
  const { code, message } = (error ?? {}) as PgLikeError;
  const text = typeof message === 'string' ? message : 'database error';
  switch (code) {
    case '42501':
      return ERRORS.accessDenied(
        text.includes('row-level security') ? 'new row violates row-level security policy' : text,
      );
    case '23505':
      return context === 'bucket' ? ERRORS.bucketAlreadyExists() : ERRORS.keyAlreadyExists();
    case '23503':
      // For a bucket: deleting one still referenced by objects. For an object: an unknown bucket.
      return context === 'bucket' ? ERRORS.bucketNotEmpty() : ERRORS.noSuchBucket();
    case '23502':
    case '23514':
    case 'P0001':
      // Constraint failures and exceptions raised by the app's own triggers are the caller's to fix.
      return ERRORS.invalidRequest(text);
    default:
      // Class 22 (bad data: NUL bytes, invalid uuid …) and 54 (too long for an index) come from
      // values the client sent.
      if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'))) {
        return ERRORS.invalidRequest(text);
      }
      return ERRORS.internal(`database error, code: ${String(code ?? 'unknown')}`);
  }
}

/** Anything thrown by a handler, as the envelope to send. */
export function toStorageError(error: unknown): StorageHttpError {
  if (error instanceof StorageHttpError) return error;
  if (error && typeof error === 'object' && typeof (error as PgLikeError).code === 'string') {
    const code = (error as PgLikeError).code as string;
    // Postgres SQLSTATEs are five characters; Node's fs errors (ENOENT …) are not.
    if (/^[0-9A-Z]{5}$/.test(code)) return fromDatabaseError(error);
  }
  return ERRORS.internal();
}
