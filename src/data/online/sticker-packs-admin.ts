/**
 * /admin › Adesivos (issue 35; spec §3, §5, §6): the sticker packs and their stickers
 * (public.sticker_packs / public.stickers, supabase/schemas/store.sql), written by admins alone
 * (RLS), online-only, answered in codes. A premium pack is sold in the store (a seasonal item of
 * category sticker pack grants it); a sticker's picture is a key of the public bucket
 * store-images, uploaded with the profile images' checks (admin-images.ts).
 */
import { getSupabase } from '../supabase.ts';
import type { AdminImageProblem } from './admin-images.ts';

export interface StickerPackRow {
  id: string;
  name: string;
  is_premium: boolean;
  is_active: boolean;
  sort_order: number;
}

export interface StickerRow {
  id: string;
  pack_id: string;
  name: string;
  image_path: string | null;
  sort_order: number;
}

export type StickerPackProblem = AdminImageProblem | 'validation' | 'id_taken' | 'server';

export class StickerPackError extends Error {
  constructor(readonly problem: StickerPackProblem) {
    super(problem);
  }
}

export const STICKER_ID_PATTERN = /^[a-z0-9-]{2,40}$/;
export const STICKER_NAME_MAX = 80;

/** What the forms say before anything is sent (the database checks the same). */
export function checkStickerDraft(draft: { id: string; name: string }): { id?: 'invalid'; name?: 'required' | 'too_long' } {
  const problems: { id?: 'invalid'; name?: 'required' | 'too_long' } = {};
  if (!STICKER_ID_PATTERN.test(draft.id)) problems.id = 'invalid';
  const name = draft.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length > STICKER_NAME_MAX) problems.name = 'too_long';
  return problems;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function stickerPackProblem(error: { code?: string; message?: string }): StickerPackProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  if (error.code === '42501') return 'not_allowed';
  if (error.code === '23505') return 'id_taken';
  if (error.code === '23514' || error.code === '22001' || error.code === '23502' || error.code === '23503') return 'validation';
  return 'server';
}

const PACK_COLUMNS = 'id, name, is_premium, is_active, sort_order';
const STICKER_COLUMNS = 'id, pack_id, name, image_path, sort_order';

/** Every pack (admins read the disabled ones too) with its stickers. */
export async function listStickerPacks(): Promise<{ packs: StickerPackRow[]; stickers: StickerRow[] }> {
  const supabase = getSupabase();
  const [packs, stickers] = await Promise.all([
    supabase.from('sticker_packs').select(PACK_COLUMNS).order('sort_order').order('id'),
    supabase.from('stickers').select(STICKER_COLUMNS).order('sort_order').order('id'),
  ]);
  const error = packs.error ?? stickers.error;
  if (error) throw new StickerPackError(stickerPackProblem(error));
  return { packs: packs.data as StickerPackRow[], stickers: stickers.data as StickerRow[] };
}

/** Creates (`existingId` null) or changes a pack; returns the saved row. */
export async function saveStickerPack(existingId: string | null, draft: StickerPackRow): Promise<StickerPackRow> {
  if (Object.keys(checkStickerDraft(draft)).length > 0) throw new StickerPackError('validation');
  if (offline()) throw new StickerPackError('offline');
  const fields = { name: draft.name.trim(), is_premium: draft.is_premium, is_active: draft.is_active, sort_order: draft.sort_order };
  const table = getSupabase().from('sticker_packs');
  const { data, error } = existingId
    ? await table.update(fields).eq('id', existingId).select(PACK_COLUMNS).single()
    : await table.insert({ id: draft.id, ...fields }).select(PACK_COLUMNS).single();
  if (error) throw new StickerPackError(stickerPackProblem(error));
  return data as StickerPackRow;
}

export async function setStickerPackActive(id: string, active: boolean): Promise<StickerPackRow> {
  if (offline()) throw new StickerPackError('offline');
  const { data, error } = await getSupabase().from('sticker_packs').update({ is_active: active }).eq('id', id).select(PACK_COLUMNS).single();
  if (error) throw new StickerPackError(stickerPackProblem(error));
  return data as StickerPackRow;
}

/** Creates (`existingId` null) or changes a sticker of a pack; returns the saved row. */
export async function saveSticker(existingId: string | null, draft: StickerRow): Promise<StickerRow> {
  if (Object.keys(checkStickerDraft(draft)).length > 0) throw new StickerPackError('validation');
  if (offline()) throw new StickerPackError('offline');
  const fields = { name: draft.name.trim(), image_path: draft.image_path, sort_order: draft.sort_order };
  const table = getSupabase().from('stickers');
  const { data, error } = existingId
    ? await table.update(fields).eq('id', existingId).select(STICKER_COLUMNS).single()
    : await table.insert({ id: draft.id, pack_id: draft.pack_id, ...fields }).select(STICKER_COLUMNS).single();
  if (error) throw new StickerPackError(stickerPackProblem(error));
  return data as StickerRow;
}
