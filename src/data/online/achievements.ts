/**
 * Achievements (issue 31), online-only: the catalogue and a person's awards, read with supabase-js
 * under the tables' RLS (a person reads their own at once; others from the next day, as far as the
 * profile may be seen: supabase/schemas/achievements_translations.sql), and the app's visit, which
 * awards first visit and veteran. The awards themselves are made by the database at the write
 * (notebooks, answers, collaborations, shares), so nothing here awards anything else. Codes, never
 * sentences: an achievement is its id ('first_notebook' …); the screens have the words.
 */
import { getSupabase } from '../supabase.ts';
import { serverRefusalCode } from '../problems.ts';
import { OnlineError } from './profile.ts';
import { isAchievementIcon, type AchievementIconName } from './achievement-icons.ts';

export const ACHIEVEMENT_IDS = [
  'first_visit',
  'first_notebook',
  'prolific_creator',
  'participative',
  'explorer',
  'collaborative',
  'influencer',
  'veteran',
] as const;
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number];
export type Rarity = 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
export type AchievementType = 'general' | 'creation' | 'social' | 'participation' | 'sharing';

/** One award, with what the catalogue says of its achievement. */
export interface Award {
  /** The award's id (user_achievements.id): what an 'achievement_earned' notification names. */
  awardId: string;
  /** The achievement's code. */
  id: string;
  type: AchievementType;
  rarity: Rarity;
  points: number;
  level: number;
  /** The day it was earned (UTC midnight: only the day is kept). */
  earnedAt: string;
  /** The catalogue's own names, for an achievement the app has no words for (one an admin added). */
  catalogueName: { pt: string; en: string };
  /** The icon admins chose (a key of the app's drawn icons, achievement-icons.ts), or none. */
  icon: AchievementIconName | null;
}

interface AwardRow {
  id: string;
  achievement_id: string;
  earned_at: string;
  achievements: { type: AchievementType; rarity: Rarity; points: number; level: number; name_pt: string; name_en: string; icon: string | null } | null;
}

const AWARD_COLUMNS = 'id, achievement_id, earned_at, achievements(type, rarity, points, level, name_pt, name_en, icon)';

function fail(error: { message?: string; code?: string; hint?: string | null }): never {
  // a request that never reached the server has no code (supabase-js's fetch failure)
  if (!error.code) throw new OnlineError('network', error.message);
  throw new OnlineError({ code: serverRefusalCode(error.hint) }, error.message, error.hint ?? undefined);
}

const toAward = (row: AwardRow): Award => ({
  awardId: row.id,
  id: row.achievement_id,
  type: row.achievements?.type ?? 'general',
  rarity: row.achievements?.rarity ?? 'common',
  points: row.achievements?.points ?? 0,
  level: row.achievements?.level ?? 1,
  earnedAt: row.earned_at,
  catalogueName: { pt: row.achievements?.name_pt ?? row.achievement_id, en: row.achievements?.name_en ?? row.achievement_id },
  icon: isAchievementIcon(row.achievements?.icon) ? row.achievements.icon : null,
});

/** The awards of a person the caller may see, newest first (their own: all of them). */
export async function fetchAchievementsOf(userId: string): Promise<Award[]> {
  const { data, error } = await getSupabase()
    .from('user_achievements')
    .select(AWARD_COLUMNS)
    .eq('user_id', userId)
    .order('earned_at', { ascending: false })
    .order('achievement_id', { ascending: true });
  if (error) fail(error);
  return ((data ?? []) as unknown as AwardRow[]).map(toAward);
}

/** One award of the caller's, by its id (an 'achievement_earned' notification's subject); null when unknown. */
export async function fetchAward(awardId: string): Promise<Award | null> {
  const { data, error } = await getSupabase().from('user_achievements').select(AWARD_COLUMNS).eq('id', awardId).maybeSingle();
  if (error) fail(error);
  return data ? toAward(data as unknown as AwardRow) : null;
}

/**
 * The app's visit (spec §3 "first visit"): awards the signed-in person what a visit reaches (first
 * visit; veteran after a year) and answers the codes awarded now. Each award also comes as an
 * 'achievement_earned' notification, which is how the app announces it.
 */
export async function recordVisit(): Promise<string[]> {
  const { data, error } = await getSupabase().rpc('record_visit');
  if (error) fail(error);
  return ((data as { awarded?: string[] } | null)?.awarded ?? []).slice();
}
