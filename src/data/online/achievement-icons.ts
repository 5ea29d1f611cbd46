/**
 * The icons an achievement may have (issue 35; achievements.icon): keys of the drawings the app
 * makes (src/screens/online/AchievementIcon.tsx, inline SVG — never a font's character, which a
 * phone may show as an empty box). The database holds the same list (check achievements_icon,
 * schemas/achievements_translations.sql; supabase/tests/achievements-admin.test.ts fails when they
 * part). The first eight are the seeded achievements'.
 */
export const ACHIEVEMENT_ICONS = [
  'door-open',
  'notebook',
  'notebooks',
  'pencil',
  'compass',
  'handshake',
  'megaphone',
  'medal',
  'star',
  'heart',
  'trophy',
  'users',
] as const;

export type AchievementIconName = (typeof ACHIEVEMENT_ICONS)[number];

export function isAchievementIcon(value: unknown): value is AchievementIconName {
  return typeof value === 'string' && (ACHIEVEMENT_ICONS as readonly string[]).includes(value);
}
