import path from 'node:path';
import { ERRORS } from './errors.ts';

/**
 * Object keys and bucket names, validated as Supabase Storage validates them (src/storage/limits.ts:
 * only S3-safe characters) plus the file backend's guard (src/storage/backend/secure-path.ts):
 * no `.`/`..` segments, no absolute paths, no NUL, no backslash — a key can never leave its bucket's
 * folder on disk. Empty segments (`a//b`, trailing `/`) are refused too, since two keys would then
 * share one file.
 */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

export function assertValidKey(key: string): void {
  if (key.length === 0) throw ERRORS.invalidKey(key);
  if (key.includes('\0')) throw ERRORS.invalidKey('', 'contains null byte');
  if (key.includes('\\')) throw ERRORS.invalidKey(key, 'contains a backslash');
  if (path.isAbsolute(key)) throw ERRORS.invalidKey(key, 'must be a relative path');
  const segments = key.split('/');
  if (segments.some((s) => s === '.' || s === '..')) throw ERRORS.invalidKey(key, 'contains dot path segment');
  if (segments.some((s) => s === '')) throw ERRORS.invalidKey(key, 'contains an empty path segment');
  if (!VALID_OBJECT_KEY.test(key)) throw ERRORS.invalidKey(key);
}

/**
 * Bucket ids become folder names: besides Supabase's rule, ids starting with a dot are refused
 * (`.`/`..` would escape, and `.tmp` holds uploads in progress).
 */
export function assertValidBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100) throw ERRORS.invalidBucketName();
  if (!VALID_BUCKET_NAME.test(name) || name.startsWith('.')) throw ERRORS.invalidBucketName();
}

/**
 * The bucket and key of a route such as `/object/<bucket>/<key…>`, from the raw (still
 * percent-encoded) path segments after the route's fixed prefix. Each segment is decoded once, as
 * Supabase's router decodes its `*` parameter; a segment that cannot be decoded is an invalid key.
 */
export function splitBucketAndKey(rawSegments: string[]): { bucket: string; key: string } {
  const decoded = rawSegments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw ERRORS.invalidKey(segment, 'is not valid percent-encoding');
    }
  });
  const [bucket = '', ...rest] = decoded;
  return { bucket, key: rest.join('/') };
}

/** Where an object lives on disk; throws InvalidKey if the result would leave the bucket folder. */
export function objectFilePath(storageDir: string, bucket: string, key: string): string {
  assertValidBucketName(bucket);
  assertValidKey(key);
  const root = path.resolve(storageDir, bucket);
  const file = path.resolve(root, key);
  if (!file.startsWith(root + path.sep)) throw ERRORS.invalidKey(key, 'resolves outside storage directory');
  return file;
}
