/**
 * /admin › Temas (issue 35; spec §3, §5): the server's notebook_themes catalogue, written by admins
 * (RLS: only admins write; supabase/schemas/notebooks.sql), online-only, answered in codes. The
 * database holds the same rules: a name is required, the colours are the theme contract
 * (src/styles/theme-colors.ts) with the cover's text readable on the cover (≥ 4.5:1), the default
 * theme (purple) cannot be disabled.
 */
import { getSupabase } from '../supabase.ts';
import { contrastRatio, DEFAULT_NOTEBOOK_THEME, isHexColor, MIN_COVER_CONTRAST, THEME_COLOR_KEYS, type ThemeColorKey, type ThemeColors } from '../../styles/theme-colors.ts';

export interface NotebookThemeRow {
  id: string;
  name: string;
  colors: ThemeColors;
  is_premium: boolean;
  is_active: boolean;
  sort_order: number;
}

export type NotebookThemeProblem = 'validation' | 'low_contrast' | 'id_taken' | 'default_stays_active' | 'not_allowed' | 'offline' | 'server';

export class NotebookThemeError extends Error {
  constructor(readonly problem: NotebookThemeProblem) {
    super(problem);
  }
}

export const THEME_ID_PATTERN = /^[a-z0-9-]{2,40}$/;
export const THEME_NAME_MAX = 80;

export interface ThemeDraftProblems {
  id?: 'invalid';
  name?: 'required' | 'too_long';
  colors?: ThemeColorKey[];
  contrast?: 'low';
}

/** What the form says before anything is sent (the database checks the same). */
export function checkThemeDraft(draft: NotebookThemeRow): ThemeDraftProblems {
  const problems: ThemeDraftProblems = {};
  if (!THEME_ID_PATTERN.test(draft.id)) problems.id = 'invalid';
  const name = draft.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length > THEME_NAME_MAX) problems.name = 'too_long';
  const bad = THEME_COLOR_KEYS.filter((k) => !isHexColor(draft.colors[k]));
  if (bad.length > 0) problems.colors = bad;
  else if (contrastRatio(draft.colors.cover, draft.colors.coverText) < MIN_COVER_CONTRAST) problems.contrast = 'low';
  return problems;
}

/** May the admin disable it? Never the default theme (spec §5). */
export const mayDisableTheme = (row: Pick<NotebookThemeRow, 'id'>) => row.id !== DEFAULT_NOTEBOOK_THEME;

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function notebookThemeProblem(error: { code?: string; message?: string }): NotebookThemeProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  if (error.code === '42501') return 'not_allowed';
  if (error.code === '23505') return 'id_taken';
  const message = error.message ?? '';
  if (error.code === '23514' && message.includes('notebook_themes_default_stays_active')) return 'default_stays_active';
  if (error.code === '23514' && message.includes('notebook_themes_colors')) return 'low_contrast';
  if (error.code === '23514' || error.code === '22001' || error.code === '23502') return 'validation';
  return 'server';
}

const COLUMNS = 'id, name, colors, is_premium, is_active, sort_order';

export async function listNotebookThemes(): Promise<NotebookThemeRow[]> {
  const { data, error } = await getSupabase().from('notebook_themes').select(COLUMNS).order('sort_order').order('id');
  if (error) throw new NotebookThemeError(notebookThemeProblem(error));
  return data as NotebookThemeRow[];
}

/** Creates (`existingId` null) or changes a theme; returns the saved row. */
export async function saveNotebookTheme(existingId: string | null, draft: NotebookThemeRow): Promise<NotebookThemeRow> {
  const problems = checkThemeDraft(draft);
  if (problems.contrast) throw new NotebookThemeError('low_contrast');
  if (Object.keys(problems).length > 0) throw new NotebookThemeError('validation');
  if (offline()) throw new NotebookThemeError('offline');
  const colors = Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, draft.colors[k]]));
  const fields = { name: draft.name.trim(), colors, is_premium: draft.is_premium, is_active: draft.is_active, sort_order: draft.sort_order };
  const table = getSupabase().from('notebook_themes');
  const { data, error } = existingId
    ? await table.update(fields).eq('id', existingId).select(COLUMNS).single()
    : await table.insert({ id: draft.id, ...fields }).select(COLUMNS).single();
  if (error) throw new NotebookThemeError(notebookThemeProblem(error));
  return data as NotebookThemeRow;
}

export async function setNotebookThemeActive(id: string, active: boolean): Promise<NotebookThemeRow> {
  if (!active && !mayDisableTheme({ id })) throw new NotebookThemeError('default_stays_active');
  if (offline()) throw new NotebookThemeError('offline');
  const { data, error } = await getSupabase().from('notebook_themes').update({ is_active: active }).eq('id', id).select(COLUMNS).single();
  if (error) throw new NotebookThemeError(notebookThemeProblem(error));
  return data as NotebookThemeRow;
}
