/**
 * /admin › Estilos de capa (issue 35; spec §3, §5): the server's cover_styles catalogue, written by
 * admins (RLS: only admins write; supabase/schemas/store.sql), online-only, answered in codes. The
 * database holds the same rules: a name is required, the plain cover (liso) is never disabled nor
 * sold. A style's picture is a key of the public bucket store-images, uploaded with the profile
 * images' checks (admin-images.ts). A row has the paper styles' shape and rules (paper-styles-admin.ts).
 */
import { getSupabase } from '../supabase.ts';
import type { AdminImageProblem } from './admin-images.ts';
import { checkPaperDraft, type PaperStyleRow } from './paper-styles-admin.ts';

export type CoverStyleRow = PaperStyleRow;
export type CoverStyleProblem = AdminImageProblem | 'validation' | 'id_taken' | 'default_stays_free' | 'server';

export class CoverStyleError extends Error {
  constructor(readonly problem: CoverStyleProblem) {
    super(problem);
  }
}

/** The free default (src/screens/notebooks/look/appearance.ts DEFAULT_COVER_STYLE). */
export const PLAIN_COVER = 'liso';

/** What the form says before anything is sent (the database checks the same): the paper styles' rules. */
export const checkCoverDraft = checkPaperDraft;

/** May the admin disable it or sell it? Never the plain cover. */
export const mayChange = (row: Pick<CoverStyleRow, 'id'>) => row.id !== PLAIN_COVER;

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function coverStyleProblem(error: { code?: string; message?: string }): CoverStyleProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  if (error.code === '42501') return 'not_allowed';
  if (error.code === '23505') return 'id_taken';
  if (error.code === '23514' && (error.message ?? '').includes('cover_styles_plain_stays_free')) return 'default_stays_free';
  if (error.code === '23514' || error.code === '22001' || error.code === '23502') return 'validation';
  return 'server';
}

const COLUMNS = 'id, name, is_premium, is_active, sort_order, image_path';

export async function listCoverStyles(): Promise<CoverStyleRow[]> {
  const { data, error } = await getSupabase().from('cover_styles').select(COLUMNS).order('sort_order').order('id');
  if (error) throw new CoverStyleError(coverStyleProblem(error));
  return data as CoverStyleRow[];
}

/** Creates (`existingId` null) or changes a cover style; returns the saved row. */
export async function saveCoverStyle(existingId: string | null, draft: CoverStyleRow): Promise<CoverStyleRow> {
  if (Object.keys(checkCoverDraft(draft)).length > 0) throw new CoverStyleError('validation');
  if (!mayChange(draft) && (draft.is_premium || !draft.is_active)) throw new CoverStyleError('default_stays_free');
  if (offline()) throw new CoverStyleError('offline');
  const fields = { name: draft.name.trim(), is_premium: draft.is_premium, is_active: draft.is_active, sort_order: draft.sort_order, image_path: draft.image_path };
  const table = getSupabase().from('cover_styles');
  const { data, error } = existingId
    ? await table.update(fields).eq('id', existingId).select(COLUMNS).single()
    : await table.insert({ id: draft.id, ...fields }).select(COLUMNS).single();
  if (error) throw new CoverStyleError(coverStyleProblem(error));
  return data as CoverStyleRow;
}

export async function setCoverStyleActive(id: string, active: boolean): Promise<CoverStyleRow> {
  if (!active && !mayChange({ id })) throw new CoverStyleError('default_stays_free');
  if (offline()) throw new CoverStyleError('offline');
  const { data, error } = await getSupabase().from('cover_styles').update({ is_active: active }).eq('id', id).select(COLUMNS).single();
  if (error) throw new CoverStyleError(coverStyleProblem(error));
  return data as CoverStyleRow;
}
