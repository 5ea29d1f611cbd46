import { useQuery } from '@tanstack/react-query';
import { readMySafety, type MySafety } from '../../data/online/safety.ts';
import { useLiveMySettings } from '../online/live.ts';
import { onlineKeys } from '../online/query-client.ts';

/**
 * The person's own age and guardian state: an online-only read (src/screens/online/query-client.ts),
 * shared by the guardian's section and the social settings (which turn the looser choices off
 * while a minor's guardian has not confirmed).
 */
export const guardianStateKey = onlineKeys.mySafety;

async function readGuardianState(): Promise<MySafety | null> {
  const result = await readMySafety();
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

/** Kept fresh while shown: the guardian confirms from another phone, and the settings follow at once. */
export function useGuardianState(userId: string) {
  useLiveMySettings(userId);
  return useQuery({ queryKey: guardianStateKey(userId), queryFn: readGuardianState });
}

/** A 13–17-year-old whose guardian has not confirmed: the database keeps the safest settings. */
export function awaitsGuardian(mine: MySafety | null | undefined): boolean {
  return Boolean(mine?.minor && !mine.guardianConfirmed);
}
