/**
 * /admin › Conquistas (issue 35; spec §3, §5): the server's achievements catalogue, written by
 * admins (RLS: only admins write; supabase/schemas/achievements_translations.sql), online-only,
 * answered in codes. The database holds the same rules: a name in both languages (1–80), short
 * descriptions (≤ 300), a known type and rarity, points ≥ 0, level ≥ 1, threshold ≥ 0, an icon the
 * app draws or none. A disabled
 * achievement is awarded to nobody (the database's awards read only active ones).
 */
import { getSupabase } from '../supabase.ts';
import type { AchievementType, Rarity } from './achievements.ts';
import { isAchievementIcon, type AchievementIconName } from './achievement-icons.ts';

export const ACHIEVEMENT_TYPES: readonly AchievementType[] = ['general', 'creation', 'social', 'participation', 'sharing'];
export const RARITIES: readonly Rarity[] = ['common', 'uncommon', 'rare', 'epic', 'legendary'];

export interface AchievementRow {
  id: string;
  name_pt: string;
  name_en: string;
  description_pt: string;
  description_en: string;
  type: AchievementType;
  rarity: Rarity;
  points: number;
  level: number;
  threshold: number;
  /** A key of the icons the app draws (achievement-icons.ts), or none. */
  icon: AchievementIconName | null;
  is_active: boolean;
}

export type AchievementProblem = 'validation' | 'id_taken' | 'not_allowed' | 'offline' | 'server';

export class AchievementAdminError extends Error {
  constructor(readonly problem: AchievementProblem) {
    super(problem);
  }
}

export const ACHIEVEMENT_ID_PATTERN = /^[a-z0-9_]{2,40}$/;
export const ACHIEVEMENT_NAME_MAX = 80;
export const ACHIEVEMENT_DESCRIPTION_MAX = 300;

export interface AchievementDraftProblems {
  id?: 'invalid';
  name_pt?: 'required' | 'too_long';
  name_en?: 'required' | 'too_long';
  description_pt?: 'too_long';
  description_en?: 'too_long';
  points?: 'invalid';
  level?: 'invalid';
  threshold?: 'invalid';
  icon?: 'unknown';
}

const whole = (n: number, min: number) => Number.isInteger(n) && n >= min && n <= 2147483647;

/** What the form says before anything is sent (the database checks the same). */
export function checkAchievementDraft(draft: AchievementRow): AchievementDraftProblems {
  const problems: AchievementDraftProblems = {};
  if (!ACHIEVEMENT_ID_PATTERN.test(draft.id)) problems.id = 'invalid';
  for (const key of ['name_pt', 'name_en'] as const) {
    const name = draft[key].trim();
    if (!name) problems[key] = 'required';
    else if (name.length > ACHIEVEMENT_NAME_MAX) problems[key] = 'too_long';
  }
  for (const key of ['description_pt', 'description_en'] as const) if (draft[key].trim().length > ACHIEVEMENT_DESCRIPTION_MAX) problems[key] = 'too_long';
  if (!whole(draft.points, 0)) problems.points = 'invalid';
  if (!whole(draft.level, 1)) problems.level = 'invalid';
  if (!whole(draft.threshold, 0)) problems.threshold = 'invalid';
  if (draft.icon !== null && !isAchievementIcon(draft.icon)) problems.icon = 'unknown';
  return problems;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function achievementProblem(error: { code?: string }): AchievementProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  if (error.code === '42501') return 'not_allowed';
  if (error.code === '23505') return 'id_taken';
  if (error.code === '23514' || error.code === '22001' || error.code === '23502' || error.code === '22P02' || error.code === '22003') return 'validation';
  return 'server';
}

const COLUMNS = 'id, name_pt, name_en, description_pt, description_en, type, rarity, points, level, threshold, icon, is_active';

export async function listAchievements(): Promise<AchievementRow[]> {
  const { data, error } = await getSupabase().from('achievements').select(COLUMNS).order('type').order('level').order('id');
  if (error) throw new AchievementAdminError(achievementProblem(error));
  return data as AchievementRow[];
}

/** Creates (`existingId` null) or changes an achievement; returns the saved row. */
export async function saveAchievement(existingId: string | null, draft: AchievementRow): Promise<AchievementRow> {
  if (Object.keys(checkAchievementDraft(draft)).length > 0) throw new AchievementAdminError('validation');
  if (offline()) throw new AchievementAdminError('offline');
  const fields = {
    name_pt: draft.name_pt.trim(),
    name_en: draft.name_en.trim(),
    description_pt: draft.description_pt.trim(),
    description_en: draft.description_en.trim(),
    type: draft.type,
    rarity: draft.rarity,
    points: draft.points,
    level: draft.level,
    threshold: draft.threshold,
    icon: draft.icon,
    is_active: draft.is_active,
  };
  const table = getSupabase().from('achievements');
  const { data, error } = existingId
    ? await table.update(fields).eq('id', existingId).select(COLUMNS).single()
    : await table.insert({ id: draft.id, ...fields }).select(COLUMNS).single();
  if (error) throw new AchievementAdminError(achievementProblem(error));
  return data as AchievementRow;
}

export async function setAchievementActive(id: string, active: boolean): Promise<AchievementRow> {
  if (offline()) throw new AchievementAdminError('offline');
  const { data, error } = await getSupabase().from('achievements').update({ is_active: active }).eq('id', id).select(COLUMNS).single();
  if (error) throw new AchievementAdminError(achievementProblem(error));
  return data as AchievementRow;
}
