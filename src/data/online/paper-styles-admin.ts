/**
 * /admin › Estilos de papel (issue 35; spec §3, §5): the server's paper_styles catalogue, written
 * by admins (RLS: only admins write; supabase/schemas/notebooks.sql), online-only, answered in
 * codes. The database holds spec §5's rules too: a name is required, the default paper (lined-blue)
 * cannot be disabled. A paper's picture is a key of the public bucket store-images, uploaded with
 * the profile images' checks (admin-images.ts).
 */
import { getSupabase, supabaseUrl } from '../supabase.ts';
import { DEFAULT_PAPER_STYLE } from '../../styles/paper-styles.ts';
import type { AdminImageProblem } from './admin-images.ts';

export const STORE_IMAGES_BUCKET = 'store-images';

export interface PaperStyleRow {
  id: string;
  name: string;
  is_premium: boolean;
  is_active: boolean;
  sort_order: number;
  image_path: string | null;
}

export type PaperStyleProblem = AdminImageProblem | 'validation' | 'id_taken' | 'default_stays_active' | 'server';

export class PaperStyleError extends Error {
  constructor(readonly problem: PaperStyleProblem) {
    super(problem);
  }
}

export const PAPER_ID_PATTERN = /^[a-z0-9-]{2,40}$/;
export const PAPER_NAME_MAX = 80;

/** What the form says before anything is sent (the database checks the same). */
export function checkPaperDraft(draft: PaperStyleRow): { id?: 'invalid'; name?: 'required' | 'too_long' } {
  const problems: { id?: 'invalid'; name?: 'required' | 'too_long' } = {};
  if (!PAPER_ID_PATTERN.test(draft.id)) problems.id = 'invalid';
  const name = draft.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length > PAPER_NAME_MAX) problems.name = 'too_long';
  return problems;
}

/** May the admin disable it? Never the default paper (spec §5). */
export const mayDisable = (row: Pick<PaperStyleRow, 'id'>) => row.id !== DEFAULT_PAPER_STYLE;

export function storeImageUrl(key: string): string {
  return `${supabaseUrl}/storage/v1/object/public/${STORE_IMAGES_BUCKET}/${encodeURIComponent(key)}`;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function paperStyleProblem(error: { code?: string; message?: string }): PaperStyleProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  if (error.code === '42501') return 'not_allowed';
  if (error.code === '23505') return 'id_taken';
  if (error.code === '23514' && (error.message ?? '').includes('paper_styles_default_stays_active')) return 'default_stays_active';
  if (error.code === '23514' || error.code === '22001' || error.code === '23502') return 'validation';
  return 'server';
}

const COLUMNS = 'id, name, is_premium, is_active, sort_order, image_path';

export async function listPaperStyles(): Promise<PaperStyleRow[]> {
  const { data, error } = await getSupabase().from('paper_styles').select(COLUMNS).order('sort_order').order('id');
  if (error) throw new PaperStyleError(paperStyleProblem(error));
  return data as PaperStyleRow[];
}

/** Creates (`existingId` null) or changes a paper style; returns the saved row. */
export async function savePaperStyle(existingId: string | null, draft: PaperStyleRow): Promise<PaperStyleRow> {
  if (Object.keys(checkPaperDraft(draft)).length > 0) throw new PaperStyleError('validation');
  if (offline()) throw new PaperStyleError('offline');
  const fields = { name: draft.name.trim(), is_premium: draft.is_premium, is_active: draft.is_active, sort_order: draft.sort_order, image_path: draft.image_path };
  const table = getSupabase().from('paper_styles');
  const { data, error } = existingId
    ? await table.update(fields).eq('id', existingId).select(COLUMNS).single()
    : await table.insert({ id: draft.id, ...fields }).select(COLUMNS).single();
  if (error) throw new PaperStyleError(paperStyleProblem(error));
  return data as PaperStyleRow;
}

export async function setPaperStyleActive(id: string, active: boolean): Promise<PaperStyleRow> {
  if (!active && !mayDisable({ id })) throw new PaperStyleError('default_stays_active');
  if (offline()) throw new PaperStyleError('offline');
  const { data, error } = await getSupabase().from('paper_styles').update({ is_active: active }).eq('id', id).select(COLUMNS).single();
  if (error) throw new PaperStyleError(paperStyleProblem(error));
  return data as PaperStyleRow;
}
