/**
 * /admin › Conquistas (issue 35): the achievements catalogue's online data (the pattern:
 * src/screens/online/README.md). Calls: src/data/online/achievements-admin.ts. Not kept on the
 * device (no persister): admins edit online.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAchievements, saveAchievement, setAchievementActive, type AchievementRow } from '../../../data/online/achievements-admin.ts';

const achievementsKey = ['admin', 'achievements'] as const;

export function useAdminAchievements() {
  return useQuery({ queryKey: achievementsKey, queryFn: listAchievements, persister: undefined });
}

function useReadAgain() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: achievementsKey });
    await client.invalidateQueries({ queryKey: achievementsKey });
  };
}

export function useSaveAchievement() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ existingId, draft }: { existingId: string | null; draft: AchievementRow }) => saveAchievement(existingId, draft),
    onSuccess: readAgain,
  });
}

export function useSetAchievementActive() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setAchievementActive(id, active),
    onSuccess: readAgain,
  });
}
