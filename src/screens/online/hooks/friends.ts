/**
 * The friends area's online data, in one place (the pattern: ../README.md): its query keys, the
 * lists (keyset pages, LoadMore) — my friends, requests received and sent, suggestions, a
 * profile's friends —, my relationship with someone, and the writes (send, accept, decline,
 * cancel, remove), each reading again what it changed. The server calls are
 * src/data/online/friends.ts (no React); errors are FriendsError codes.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptRequest,
  friendsChanges,
  cancelRequest,
  declineRequest,
  listFriends,
  listProfileFriends,
  listRequests,
  listSuggestions,
  nextFriendsCursor,
  nextRequestCursor,
  nextSuggestionCursor,
  readRelationship,
  removeFriend,
  sendRequest,
  type RequestCursor,
  type SuggestionCursor,
} from '../../../data/online/friends.ts';
import { useLiveKeys } from '../live.ts';

export const friendsKeys = {
  /** Everything of the area for the signed-in person: what a write invalidates. */
  all: ['friends'] as const,
  mine: (userId: string) => ['friends', 'mine', userId] as const,
  requests: (userId: string, direction: 'received' | 'sent') => ['friends', 'requests', direction, userId] as const,
  suggestions: (userId: string) => ['friends', 'suggestions', userId] as const,
  relationship: (userId: string, otherId: string) => ['friends', 'relationship', userId, otherId] as const,
  ofProfile: (username: string) => ['friends', 'profile', username.toLowerCase()] as const,
};

/** Keeps the area fresh while a friends screen or button is open: a new notification of mine reads it again. */
export function useLiveFriends(userId: string | null) {
  useLiveKeys(userId ? () => friendsChanges(userId) : null, [friendsKeys.all], [userId]);
}

/** My friends, 20 a page, in username order. */
export function useMyFriends(userId: string) {
  return useInfiniteQuery({
    queryKey: friendsKeys.mine(userId),
    queryFn: ({ pageParam }) => listFriends(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => nextFriendsCursor(lastPage),
  });
}

/** Pending requests I received or sent, 20 a page, newest first. */
export function useFriendRequests(userId: string, direction: 'received' | 'sent') {
  return useInfiniteQuery({
    queryKey: friendsKeys.requests(userId, direction),
    queryFn: ({ pageParam }) => listRequests(direction, pageParam),
    initialPageParam: null as RequestCursor | null,
    getNextPageParam: (lastPage) => nextRequestCursor(lastPage),
  });
}

/** People I might know, 20 a page. */
export function useFriendSuggestions(userId: string) {
  return useInfiniteQuery({
    queryKey: friendsKeys.suggestions(userId),
    queryFn: ({ pageParam }) => listSuggestions(pageParam),
    initialPageParam: null as SuggestionCursor | null,
    getNextPageParam: (lastPage) => nextSuggestionCursor(lastPage),
  });
}

/** A profile's friends, as connections visibility lets me see them. */
export function useProfileFriends(username: string) {
  return useInfiniteQuery({
    queryKey: friendsKeys.ofProfile(username),
    queryFn: ({ pageParam }) => listProfileFriends(username, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => nextFriendsCursor(lastPage),
  });
}

/** What I am to someone (friends, a request either way, nothing yet). */
export function useRelationship(userId: string | null, otherId: string) {
  return useQuery({
    queryKey: friendsKeys.relationship(userId ?? '', otherId),
    queryFn: () => readRelationship(otherId),
    enabled: Boolean(userId),
  });
}

export type FriendAction =
  | { kind: 'send'; userId: string }
  | { kind: 'accept'; requestId: string }
  | { kind: 'decline'; requestId: string }
  | { kind: 'cancel'; requestId: string }
  | { kind: 'remove'; userId: string };

function run(action: FriendAction): Promise<unknown> {
  switch (action.kind) {
    case 'send':
      return sendRequest(action.userId);
    case 'accept':
      return acceptRequest(action.requestId);
    case 'decline':
      return declineRequest(action.requestId);
    case 'cancel':
      return cancelRequest(action.requestId);
    case 'remove':
      return removeFriend(action.userId);
  }
}

/** One write of the area; every list and relationship of the area reads again after it. */
export function useFriendAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: friendsKeys.all }),
  });
}
