/**
 * The profiles area's online data, in one place (the pattern: ../README.md): its query keys, the
 * reads and writes as hooks, and what keeps them live. The server calls are
 * src/data/online/profile.ts (no React); screens use only these hooks.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { merge } from 'rxjs';
import { fetchMySettings, fetchProfileView } from '../../../data/online/profile.ts';
import { profileChanges } from '../../../data/online/live.ts';
import { useSessionStore } from '../../../state/session.ts';
import { useLastDefined, useLiveKeys } from '../live.ts';

export const profileKeys = {
  profile: (username: string) => ['profile', username.toLowerCase()] as const,
  mySettings: (userId: string) => ['my-settings', userId] as const,
};

/**
 * The profile at /profile/{username} (public.profile_view: only what the caller may see; null when
 * nothing), live: its changes (status, name, avatar, visibility…) and a block between its owner and
 * me show without a reload. Once it reads as not found (a block) it stays subscribed to the last id
 * it showed. A block or an unblock of me is never announced with the blocker's id (issue 28): it
 * reaches me as a notice of my own profile, so the open profile also reads again on my notices.
 */
export function useProfileView(username: string) {
  const query = useQuery({ queryKey: profileKeys.profile(username), queryFn: () => fetchProfileView(username) });
  const id = useLastDefined(query.data?.id);
  const myId = useSessionStore((s) => s.userId);
  const signals = id ? () => (myId && myId !== id ? merge(profileChanges(id), profileChanges(myId)) : profileChanges(id)) : null;
  useLiveKeys(signals, id ? [profileKeys.profile(username), profileKeys.mySettings(id)] : [], [id, username, myId]);
  return query;
}

/** My profile and settings, for the settings' profile tab. */
export function useMySettings(userId: string) {
  return useQuery({ queryKey: profileKeys.mySettings(userId), queryFn: () => fetchMySettings(userId) });
}

/** After a change of my profile: my settings and my public profile read again. */
export function useRefreshMyProfile(userId: string): () => Promise<void> {
  const client = useQueryClient();
  const username = useSessionStore((s) => s.username);
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: profileKeys.mySettings(userId) }),
      username ? client.invalidateQueries({ queryKey: profileKeys.profile(username) }) : undefined,
    ]);
  };
}

/** One save of my profile or settings: the mutation, and fresh data after it, saved or not. */
export function useSaveMyProfile<T>(userId: string, save: (value: T) => Promise<void>, onSaved: () => void) {
  const refresh = useRefreshMyProfile(userId);
  return useMutation({ mutationFn: save, onSuccess: onSaved, onSettled: () => void refresh() });
}
