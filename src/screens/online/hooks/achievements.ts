/**
 * The achievements area's online data (issue 31; the pattern: ../README.md): its query keys and
 * the read of a person's awards, kept live — my own from the 'achievement_earned' notifications
 * this device receives, someone else's from their profile's notices (a block, a visibility change).
 * The server calls are src/data/online/achievements.ts.
 */
import { useQuery } from '@tanstack/react-query';
import { fetchAchievementsOf, type Award } from '../../../data/online/achievements.ts';
import { profileChanges } from '../../../data/online/live.ts';
import { useDataLayer } from '../../../state/data-layer.ts';
import { useLiveKeys } from '../live.ts';

export const achievementKeys = {
  of: (userId: string) => ['achievements', userId] as const,
};

/**
 * A person's awards as I may see them (mine at once; someone else's from the day after each, as
 * far as I see their profile), newest first. `shown` is what the page already holds (the
 * profile's own read) until this one answers.
 */
export function useAchievementsOf(userId: string, isSelf: boolean, shown?: Award[]) {
  const query = useQuery({ queryKey: achievementKeys.of(userId), queryFn: () => fetchAchievementsOf(userId), placeholderData: shown });
  const data = useDataLayer();
  const layer = data.status === 'ready' ? data.layer : null;
  const signals = isSelf
    ? layer
      ? () => layer.api.queries.achievementChanges()
      : null
    : () => profileChanges(userId);
  useLiveKeys(signals, [achievementKeys.of(userId)], [userId, isSelf, layer]);
  return query;
}
