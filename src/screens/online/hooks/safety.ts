/**
 * The safety area's online data, in one place (the pattern: ../README.md): my age and guardian
 * state, the people I blocked. The server calls are src/data/online/safety.ts (no React).
 * Blocking itself (BlockPersonButton) is also offered on the notebook screens, which never load
 * TanStack Query, so it calls the data layer directly.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listBlocked,
  nextBlockedCursor,
  readMySafety,
  unblockPerson,
  type BlockedCursor,
  type MySafety,
  type SafetyResult,
} from '../../../data/online/safety.ts';
import { profileChanges } from '../../../data/online/live.ts';
import { useLiveKeys } from '../live.ts';
import { profileKeys } from './profile.ts';

export const safetyKeys = {
  /** My age and guardian state. */
  mine: (userId: string) => ['safety', 'mine', userId] as const,
  // Pages (infinite query); named apart from the single list it was, so no stored copy of that shape is read as pages.
  blocked: (userId: string) => ['safety', 'blocked-pages', userId] as const,
};

/**
 * My own settings and age/guardian state, live: the guardian's confirmation shows without a reload.
 * It reaches me as a notice of my own profile (confirm_guardian opens a pending minor's connections
 * to friends, and that change of the profile is noticed).
 */
function useLiveMySettings(userId: string): void {
  useLiveKeys(() => profileChanges(userId), [profileKeys.mySettings(userId), safetyKeys.mine(userId)], [userId]);
}

/** A SafetyResult as TanStack Query wants it: the value, or a thrown code. */
async function unwrap<T>(pending: Promise<SafetyResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

/**
 * My age and guardian state, shared by the guardian's section and the social settings. Kept fresh
 * while shown: the guardian confirms from another phone, and the settings follow at once.
 */
export function useGuardianState(userId: string) {
  useLiveMySettings(userId);
  return useQuery({ queryKey: safetyKeys.mine(userId), queryFn: () => unwrap(readMySafety()) });
}

/** Writes into my guardian state what the server just answered (no second read). */
export function useUpdateGuardianState(userId: string) {
  const client = useQueryClient();
  return {
    set: (change: Partial<MySafety>) =>
      client.setQueryData<MySafety | null>(safetyKeys.mine(userId), (old) => (old ? { ...old, ...change } : old)),
    refresh: () => client.invalidateQueries({ queryKey: safetyKeys.mine(userId) }),
  };
}

/** The people I blocked, 20 a page (keyset cursor: the last person read). */
export function useBlockedPeople(userId: string) {
  return useInfiniteQuery({
    queryKey: safetyKeys.blocked(userId),
    queryFn: ({ pageParam }) => unwrap(listBlocked(pageParam)),
    initialPageParam: null as BlockedCursor | null,
    getNextPageParam: (lastPage) => nextBlockedCursor(lastPage),
  });
}

/** Unblock someone from the list; the list reads again. Errors are the area's codes (`error.message`). */
export function useUnblockPerson(userId: string, handlers: { onSuccess: (person: { id: string; username: string }) => void; onError: (error: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (person: { id: string; username: string }) => unwrap(unblockPerson(person.id)).then(() => person),
    onSuccess: (person) => {
      handlers.onSuccess(person);
      void client.invalidateQueries({ queryKey: safetyKeys.blocked(userId) });
    },
    onError: handlers.onError,
  });
}
