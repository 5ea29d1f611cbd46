/**
 * The guestbook area's online data, in one place (the pattern: ../README.md): its query keys, the
 * pages (keyset, LoadMore), my messages, the writes and the owner's moderation, and what keeps
 * them live (guestbook_notices). The server calls are src/data/online/guestbook.ts (no React).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moderateMessage,
  nextGuestbookCursor,
  readGuestbookFriendsOnly,
  readGuestbookPage,
  readForbiddenWords,
  readMyMessages,
  saveGuestbookFriendsOnly,
  writeMessage,
  type GuestbookCursor,
  type GuestbookStatus,
  type ModerationAction,
} from '../../../data/online/guestbook.ts';
import { guestbookChanges } from '../../../data/online/live.ts';
import { useLiveKeys } from '../live.ts';

export const guestbookKeys = {
  all: (profileId: string) => ['guestbook', profileId] as const,
  pages: (profileId: string, status: GuestbookStatus) => ['guestbook', profileId, 'pages', status] as const,
  mine: (profileId: string, myId: string) => ['guestbook', profileId, 'mine', myId] as const,
  friendsOnly: (userId: string) => ['guestbook-friends-only', userId] as const,
  forbiddenWords: ['forbidden-words'] as const,
};

/** A guestbook's pages of `status`, newest first, 20 a page, live while shown. */
export function useGuestbookPages(profileId: string, status: GuestbookStatus) {
  useLiveKeys(() => guestbookChanges(profileId), [guestbookKeys.all(profileId)], [profileId]);
  return useInfiniteQuery({
    queryKey: guestbookKeys.pages(profileId, status),
    queryFn: ({ pageParam }) => readGuestbookPage(profileId, status, pageParam),
    initialPageParam: null as GuestbookCursor | null,
    getNextPageParam: (lastPage) => nextGuestbookCursor(lastPage),
  });
}

/** The messages I wrote on this profile and their state. */
export function useMyGuestbookMessages(profileId: string, myId: string | null) {
  return useQuery({
    queryKey: guestbookKeys.mine(profileId, myId ?? ''),
    queryFn: () => readMyMessages(profileId, myId!),
    enabled: Boolean(myId),
  });
}

/** Leaving a message; the guestbook reads again. Errors are SocialError codes. */
export function useWriteMessage(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, anonymous }: { body: string; anonymous: boolean }) => writeMessage(profileId, body, anonymous),
    onSettled: () => client.invalidateQueries({ queryKey: guestbookKeys.all(profileId) }),
  });
}

/** The owner's approve / reject / delete; both lists read again. */
export function useModerateMessage(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ModerationAction }) => moderateMessage(id, action),
    onSettled: () => client.invalidateQueries({ queryKey: guestbookKeys.all(profileId) }),
  });
}

/** My guestbook's "friends only" setting. */
export function useGuestbookFriendsOnly(userId: string) {
  return useQuery({ queryKey: guestbookKeys.friendsOnly(userId), queryFn: () => readGuestbookFriendsOnly(userId) });
}

export function useSaveGuestbookFriendsOnly(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (friendsOnly: boolean) => saveGuestbookFriendsOnly(userId, friendsOnly),
    onSettled: () => client.invalidateQueries({ queryKey: guestbookKeys.friendsOnly(userId) }),
  });
}

/** The forbidden words, for the device's check before sending (read again at most hourly). */
export function useForbiddenWords() {
  return useQuery({ queryKey: guestbookKeys.forbiddenWords, queryFn: readForbiddenWords, staleTime: 60 * 60 * 1000 });
}
