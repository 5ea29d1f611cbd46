/**
 * Avatar and cover images (spec §5, §9; issue 22): the rules a picture must meet, checked on the
 * device before anything is sent, and the upload to Storage. The server holds the same limits
 * (buckets `avatars` / `covers`: size and type; storage policies: a person writes only the files
 * of their own folder; supabase/migrations/20261124110200_profiles.sql).
 *
 * A phone photo (4–12 MB) is cropped and resized on the device first (src/screens/online/
 * ImagePicker.tsx), so what travels and what the bucket limit judges is the small result: the
 * spec's 2 MB / 5 MB are the stored file's limits. The picture chosen may be larger, up to
 * ORIGINAL_MAX_BYTES (more would not decode on a cheap phone).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase, supabaseAnonKey, supabaseUrl } from '../supabase.ts';

export type ProfileImageKind = 'avatar' | 'cover';

export interface ImageRules {
  bucket: 'avatars' | 'covers';
  /** The stored file's limit (spec §5). */
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  /** What the device makes of the picture: the crop's shape and the stored size. */
  outputWidth: number;
  outputHeight: number;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest picture the device accepts to crop (a phone photo is 4–12 MB). */
export const ORIGINAL_MAX_BYTES = 25 * 1024 * 1024;
/** An upload that has not finished by then is given up ('upload timeout'). */
export const UPLOAD_TIMEOUT_MS = 30_000;

export const IMAGE_RULES: Record<ProfileImageKind, ImageRules> = {
  avatar: { bucket: 'avatars', maxBytes: 2 * 1024 * 1024, minWidth: 150, minHeight: 150, outputWidth: 400, outputHeight: 400 },
  // spec: min 600x200, recommended 1200x400
  cover: { bucket: 'covers', maxBytes: 5 * 1024 * 1024, minWidth: 600, minHeight: 200, outputWidth: 1200, outputHeight: 400 },
};

/**
 * The spec's avatar and cover errors (§8), as codes: invalid file, too large, read error, low
 * resolution, processing, upload timeout, upload failed, network error.
 */
export type ImageProblem =
  | 'invalid_file'
  | 'too_large'
  | 'read_error'
  | 'low_resolution'
  | 'processing'
  | 'upload_timeout'
  | 'upload_failed'
  | 'network';

/** Type and size of the chosen file, before reading it. */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalid_file';
  if (file.size > ORIGINAL_MAX_BYTES) return 'too_large';
  return null;
}

/** The picture's (or the chosen crop's) pixel size. */
export function checkImageSize(kind: ProfileImageKind, width: number, height: number): ImageProblem | null {
  const rules = IMAGE_RULES[kind];
  return width < rules.minWidth || height < rules.minHeight ? 'low_resolution' : null;
}

/** The made file, before sending it. */
export function checkOutput(kind: ProfileImageKind, blob: Blob): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(blob.type)) return 'processing';
  return blob.size > IMAGE_RULES[kind].maxBytes ? 'too_large' : null;
}

const EXTENSION: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Where and as whom an upload goes: the app's client and server unless a test says otherwise. */
export interface UploadTarget {
  client: SupabaseClient;
  url: string;
  anonKey: string;
  timeoutMs: number;
}

/**
 * Sends the made image into the person's folder under a new random name (a private profile's
 * cover is then known only to those shown the profile) and returns its key, the value of
 * profiles.avatar_url / cover_url. The previous file is removed by `removeProfileImage`.
 *
 * An upload that takes longer than UPLOAD_TIMEOUT_MS is aborted, not merely given up on: the
 * request is cancelled, so the file never lands later behind the "upload timeout" message.
 * storage-js's upload takes no abort signal, hence Storage's REST call here (the same request
 * storage-js makes for a body that is not a form: POST /object/{bucket}/{key}, x-upsert false).
 */
export async function uploadProfileImage(
  userId: string,
  kind: ProfileImageKind,
  blob: Blob,
  target: Partial<UploadTarget> = {},
): Promise<{ ok: true; key: string } | { ok: false; problem: ImageProblem }> {
  const outputProblem = checkOutput(kind, blob);
  if (outputProblem) return { ok: false, problem: outputProblem };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { ok: false, problem: 'network' };
  const { client = getSupabase(), url = supabaseUrl, anonKey = supabaseAnonKey, timeoutMs = UPLOAD_TIMEOUT_MS } = target;
  const key = `${userId}/${kind}-${crypto.randomUUID().replaceAll('-', '')}.${EXTENSION[blob.type]}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { data } = await client.auth.getSession();
    const response = await fetch(`${url}/storage/v1/object/${IMAGE_RULES[kind].bucket}/${key}`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${data.session?.access_token ?? anonKey}`,
        'content-type': blob.type,
        'cache-control': 'max-age=3600',
        'x-upsert': 'false',
      },
      body: blob,
      signal: controller.signal,
    });
    if (response.ok) return { ok: true, key };
    return { ok: false, problem: uploadProblem(await response.json().catch(() => ({})), response.status) };
  } catch {
    if (!controller.signal.aborted) return { ok: false, problem: 'network' };
    // the whole body may have arrived just before the abort: that file is not wanted either
    void client.storage.from(IMAGE_RULES[kind].bucket).remove([key]).catch(() => undefined);
    return { ok: false, problem: 'upload_timeout' };
  } finally {
    clearTimeout(timer);
  }
}

/** Storage's refusal as one of our codes (its envelope carries the real status in statusCode). */
function uploadProblem(body: { statusCode?: string | number }, status: number): ImageProblem {
  const code = String(body.statusCode ?? status);
  if (code === '413') return 'too_large';
  if (code === '415') return 'invalid_file';
  return 'upload_failed';
}

/** Removes a replaced image of the person's (best effort: an orphan file harms nobody). */
export async function removeProfileImage(kind: ProfileImageKind, key: string | null): Promise<void> {
  if (!key || /^https?:/.test(key)) return;
  await getSupabase().storage.from(IMAGE_RULES[kind].bucket).remove([key]).catch(() => undefined);
}

/**
 * The address of a profile image: a key of ours is read from the public bucket (cached by the
 * browser and the service worker, spec §9: max-age 3600); an address a sign-in provider gave is
 * used as it is.
 */
export function profileImageUrl(kind: ProfileImageKind, value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//.test(value)) return value;
  return `${supabaseUrl}/storage/v1/object/public/${IMAGE_RULES[kind].bucket}/${value.split('/').map(encodeURIComponent).join('/')}`;
}
