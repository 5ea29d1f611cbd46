/**
 * The content admins change without a release (issue 36), online-only calls answered in codes:
 * - /admin › Traduções: the translations-manager function's calls (spec §7) as an admin. The
 *   function checks the caller is an admin (403) and the table's RLS does too.
 * - /admin › Perguntas frequentes: faq_items written by an admin (supabase-js; admins only, by
 *   RLS), and the FAQ's images in the public bucket faq-images with the profile images' checks
 *   (spec §5: 5 MB, PNG / JPG / WebP; Storage holds the same limits).
 */
import { getSupabase } from '../supabase.ts';
import { ADMIN_IMAGE_MAX_BYTES, AdminImageError, checkAdminImage, removeAdminImage, uploadAdminImage } from './admin-images.ts';
import { FAQ_BUCKET, FAQ_COLUMNS, type FaqItem } from '../../i18n/faq-content.ts';
import { backend, forgetDynamicTranslations, type DynamicTranslation } from '../../i18n/dynamic-translations.ts';

export type TranslationProblem = 'offline' | 'not_allowed' | 'key_invalid' | 'key_taken' | 'text_too_long' | 'not_found' | 'server';

export class TranslationError extends Error {
  constructor(readonly problem: TranslationProblem) {
    super(problem);
  }
}

export const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
export const TEXT_MAX = 4000;

export interface TranslationDraft {
  key: string;
  pt_br: string;
  en_us: string;
}

async function call<T>(path: string, init: { method: string; body?: unknown }): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new TranslationError('offline');
  const { url, headers } = backend();
  const { data } = await getSupabase().auth.getSession();
  let response: Response;
  try {
    response = await fetch(`${url}/functions/v1/translations-manager${path}`, {
      method: init.method,
      headers: {
        ...headers,
        ...(data.session ? { Authorization: `Bearer ${data.session.access_token}` } : {}),
        'Content-Type': 'application/json',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new TranslationError('offline');
  }
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  throw new TranslationError(translationProblem(response.status, body.error));
}

export function translationProblem(status: number, error: string | undefined): TranslationProblem {
  if (status === 401 || status === 403) return 'not_allowed';
  if (status === 404) return 'not_found';
  if (status === 409) return 'key_taken';
  if (error === 'key_invalid' || error === 'text_too_long') return error;
  if (status === 400) return 'key_invalid';
  return 'server';
}

/** The admin's list: `?fresh` passes the service worker's cache of the public list (sw/sw.ts). */
export const listTranslations = () => call<DynamicTranslation[]>('?fresh', { method: 'GET' });

export async function saveTranslation(id: string | null, draft: TranslationDraft): Promise<DynamicTranslation> {
  const saved = await call<DynamicTranslation>(id ? `/${id}` : '', { method: 'POST', body: draft });
  forgetDynamicTranslations();
  return saved;
}

export async function deleteTranslation(id: string): Promise<void> {
  await call(`/${id}`, { method: 'POST', body: { method: 'DELETE' } });
  forgetDynamicTranslations();
}

export const FAQ_IMAGE_MAX_BYTES = ADMIN_IMAGE_MAX_BYTES;

export type FaqProblem = 'offline' | 'not_allowed' | 'validation' | 'invalid_file' | 'too_large' | 'upload_timeout' | 'upload_failed' | 'server';

export class FaqError extends Error {
  constructor(readonly problem: FaqProblem) {
    super(problem);
  }
}

export type FaqDraft = Omit<FaqItem, 'id'>;

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function faqProblem(error: { code?: string }): FaqProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  if (error.code === '42501') return 'not_allowed';
  if (error.code === '23514' || error.code === '22P02' || error.code === '23502') return 'validation';
  return 'server';
}

export async function listFaq(): Promise<FaqItem[]> {
  const { data, error } = await getSupabase()
    .from('faq_items')
    .select(FAQ_COLUMNS)
    .order('group_position')
    .order('group_pt_br')
    .order('position')
    .order('created_at');
  if (error) throw new FaqError(faqProblem(error));
  return data as unknown as FaqItem[];
}

/** The draft's texts trimmed and checked as the table does (lengths), or the problem. */
export function checkDraft(d: FaqDraft): FaqProblem | null {
  const within = (text: string, min: number, max: number) => text.trim().length >= min && text.trim().length <= max;
  const ok =
    within(d.group_pt_br, 1, 80) &&
    within(d.group_en_us, 1, 80) &&
    within(d.question_pt_br, 3, 300) &&
    within(d.question_en_us, 3, 300) &&
    within(d.answer_pt_br, 1, 4000) &&
    within(d.answer_en_us, 1, 4000) &&
    Number.isInteger(d.group_position) &&
    d.group_position >= 0 &&
    d.group_position <= 999 &&
    Number.isInteger(d.position) &&
    d.position >= 0 &&
    d.position <= 999;
  return ok ? null : 'validation';
}

export async function saveFaq(id: string | null, draft: FaqDraft): Promise<void> {
  const problem = checkDraft(draft);
  if (problem) throw new FaqError(problem);
  if (offline()) throw new FaqError('offline');
  const table = getSupabase().from('faq_items');
  const { error } = id ? await table.update(draft).eq('id', id) : await table.insert(draft);
  if (error) throw new FaqError(faqProblem(error));
}

export async function deleteFaq(item: FaqItem): Promise<void> {
  if (offline()) throw new FaqError('offline');
  const { error } = await getSupabase().from('faq_items').delete().eq('id', item.id);
  if (error) throw new FaqError(faqProblem(error));
  if (item.image_path) await removeFaqImage(item.image_path);
}

/** The profile images' first check, with the FAQ's limit (admin-images.ts, the one home of it). */
export function checkFaqImage(file: { type: string; size: number }): FaqProblem | null {
  return checkAdminImage(file);
}

/** Sends the image under a new random name and returns its key (faq_items.image_path). */
export async function uploadFaqImage(file: Blob, timeoutMs?: number): Promise<string> {
  try {
    return await uploadAdminImage(FAQ_BUCKET, file, timeoutMs);
  } catch (error) {
    throw error instanceof AdminImageError ? new FaqError(error.problem) : error;
  }
}

/** Removes an image no item shows any more (best effort: an orphan file harms nobody). */
export async function removeFaqImage(key: string): Promise<void> {
  await removeAdminImage(FAQ_BUCKET, key);
}
