import { useQuery } from '@tanstack/react-query';
import { readMySafety, type MySafety } from '../../data/online/safety.ts';

/**
 * The person's own age and guardian state: an online-only read (src/screens/online/query-client.ts),
 * shared by the guardian's section and the social settings (which turn the looser choices off
 * while a minor's guardian has not confirmed).
 */
export const guardianStateKey = (userId: string) => ['safety', 'mine', userId] as const;

async function readGuardianState(): Promise<MySafety | null> {
  const result = await readMySafety();
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

export function useGuardianState(userId: string) {
  return useQuery({ queryKey: guardianStateKey(userId), queryFn: readGuardianState });
}

/** A 13–17-year-old whose guardian has not confirmed: the database keeps the safest settings. */
export function awaitsGuardian(mine: MySafety | null | undefined): boolean {
  return Boolean(mine?.minor && !mine.guardianConfirmed);
}
