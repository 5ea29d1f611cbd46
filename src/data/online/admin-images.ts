/**
 * Pictures admins upload (issue 35, 36): the FAQ's (bucket faq-images) and the store catalogue's
 * (bucket store-images) — one home for their checks and their upload. The rules are the profile
 * images' (profile-images.ts: PNG / JPG / WebP, the upload abandoned after UPLOAD_TIMEOUT_MS) with
 * the spec's 5 MB (§5: the FAQ image, the cover); each bucket holds the same limits on the server.
 * Files get a new random name; the row keeps the key.
 */
import { getSupabase, supabaseAnonKey, supabaseUrl } from '../supabase.ts';
import { IMAGE_TYPES, UPLOAD_TIMEOUT_MS } from './profile-images.ts';

export const ADMIN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export type AdminImageBucket = 'faq-images' | 'store-images';
export type AdminImageProblem = 'offline' | 'not_allowed' | 'invalid_file' | 'too_large' | 'upload_timeout' | 'upload_failed';

export class AdminImageError extends Error {
  constructor(readonly problem: AdminImageProblem) {
    super(problem);
  }
}

/** The profile images' first check, with the 5 MB limit: the type, then the size. */
export function checkAdminImage(file: { type: string; size: number }): 'invalid_file' | 'too_large' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalid_file';
  return file.size > ADMIN_IMAGE_MAX_BYTES ? 'too_large' : null;
}

const EXTENSION: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Sends the picture under a new random name and returns its key. Storage's REST call (not
 * storage-js's upload, which takes no abort signal), cancelled after `timeoutMs`.
 */
export async function uploadAdminImage(bucket: AdminImageBucket, file: Blob, timeoutMs = UPLOAD_TIMEOUT_MS): Promise<string> {
  const problem = checkAdminImage(file);
  if (problem) throw new AdminImageError(problem);
  if (offline()) throw new AdminImageError('offline');
  const key = `${crypto.randomUUID().replaceAll('-', '')}.${EXTENSION[file.type]}`;
  const { data } = await getSupabase().auth.getSession();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${supabaseUrl}/storage/v1/object/${bucket}/${key}`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        authorization: `Bearer ${data.session?.access_token ?? supabaseAnonKey}`,
        'content-type': file.type,
        'cache-control': 'max-age=3600',
        'x-upsert': 'false',
      },
      body: file,
      signal: controller.signal,
    });
    if (response.ok) return key;
    const body = (await response.json().catch(() => ({}))) as { statusCode?: string | number };
    const code = String(body.statusCode ?? response.status);
    throw new AdminImageError(code === '413' ? 'too_large' : code === '415' ? 'invalid_file' : code === '403' ? 'not_allowed' : 'upload_failed');
  } catch (error) {
    if (error instanceof AdminImageError) throw error;
    throw new AdminImageError(controller.signal.aborted ? 'upload_timeout' : 'offline');
  } finally {
    clearTimeout(timer);
  }
}

/** Removes a picture no row shows any more (best effort: an orphan file harms nobody). */
export async function removeAdminImage(bucket: AdminImageBucket, key: string): Promise<void> {
  await getSupabase().storage.from(bucket).remove([key]).catch(() => undefined);
}

/**
 * The address a row keeps for a picture it shows straight from Storage (seasonal_items.image_url /
 * preview_url; the database accepts only files of store-images): absolute when the backend is
 * elsewhere over https (hosted), else the path, served by the app's own origin (the sync-server).
 */
export function publicImageAddress(bucket: AdminImageBucket, key: string): string {
  const path = `/storage/v1/object/public/${bucket}/${key}`;
  const sameOrigin = typeof window !== 'undefined' && new URL(supabaseUrl, window.location.href).origin === window.location.origin;
  return supabaseUrl.startsWith('https://') && !sameOrigin ? `${supabaseUrl.replace(/\/$/, '')}${path}` : path;
}
