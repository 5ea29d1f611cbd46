/**
 * Friends (issue 31): online-only calls (supabase-js), answered in codes. The rules live in the
 * database (supabase/schemas/friends.sql): who may ask whom (friend_requests_from, blocks, the age
 * line), the automatic friendship made by a signed answer (never by an anonymous one), who sees a
 * profile's friends (connections visibility).
 */
import type { Observable } from 'rxjs';
import { getSupabase } from '../supabase.ts';
import { liveNotices, type LiveSignal } from './live.ts';

/** People per page (issue 31's budget: lists page 20–50 at a time). */
export const FRIENDS_PAGE_SIZE = 20;

/** Why a friends call did not go through (the server's hints, and the app's own). */
export type FriendsProblem =
  /** No connection: nothing was tried. */
  | 'offline'
  /** Asking oneself. */
  | 'friend_self'
  /** No such person (or one who blocked the caller), or a request that is not the caller's. */
  | 'not_found'
  /** The caller blocked this person. */
  | 'blocked'
  /** Their setting (or the age line) does not let the caller ask. */
  | 'friend_requests_closed'
  | 'already_friends'
  /** The caller already asked and the request waits. */
  | 'friend_request_exists'
  /** The request was answered or cancelled meanwhile. */
  | 'friend_request_not_pending'
  | 'not_friends'
  | 'not_authenticated'
  | 'account_banned'
  | 'account_deleted'
  /** Anything else: the server failed or could not be reached. */
  | 'server';

const NAMED: ReadonlySet<string> = new Set<FriendsProblem>([
  'friend_self', 'not_found', 'blocked', 'friend_requests_closed', 'already_friends', 'friend_request_exists',
  'friend_request_not_pending', 'not_friends', 'not_authenticated', 'account_banned', 'account_deleted',
]);

/** A refused or failed call, as its code. */
export class FriendsError extends Error {
  constructor(readonly problem: FriendsProblem) {
    super(problem);
    this.name = 'FriendsError';
  }
}

interface ServerError {
  code?: string;
  hint?: string | null;
}

function refusal(error: ServerError): FriendsError {
  // supabase-js answers a request that never reached the server with an empty code
  if (!error.code) return new FriendsError(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'server');
  const hint = error.hint ?? '';
  if (NAMED.has(hint)) return new FriendsError(hint as FriendsProblem);
  return new FriendsError('server');
}

async function call<T>(run: () => PromiseLike<{ data: unknown; error: ServerError | null }>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new FriendsError('offline');
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await run();
  } catch {
    throw new FriendsError('server');
  }
  if (answer.error) throw refusal(answer.error);
  return answer.data as T;
}

/** A person as the lists show them. */
export interface PersonCard {
  user_id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
}

/** One of my friends: how it began, and how many notebooks we share. */
export interface Friend extends PersonCard {
  /** 'request': one asked, the other accepted; 'answered': one answered a notebook of the other. */
  origin: 'request' | 'answered';
  /** With origin 'answered': whether I was the one who answered. */
  answered_by_me: boolean;
  since: string;
  shared_notebooks: number;
}

export interface FriendRequest extends PersonCard {
  request_id: string;
  created_at: string;
}

export interface Suggestion extends PersonCard {
  shared_notebooks: number;
  mutual_friends: number;
}

const pageSize = (limit?: number) => limit ?? FRIENDS_PAGE_SIZE;

/** My friends in username order, the page after `after` (the last username read). */
export function listFriends(after: string | null = null, limit?: number): Promise<Friend[]> {
  return call(() => getSupabase().rpc('my_friends', { p_limit: pageSize(limit), p_after: after }));
}

export interface RequestCursor {
  created_at: string;
  request_id: string;
}

/** Pending requests I received or sent, newest first, the page after `after`. */
export function listRequests(direction: 'received' | 'sent', after: RequestCursor | null = null, limit?: number): Promise<FriendRequest[]> {
  return call(() =>
    getSupabase().rpc('my_friend_requests', {
      p_direction: direction,
      p_limit: pageSize(limit),
      p_after_created_at: after?.created_at ?? null,
      p_after_id: after?.request_id ?? null,
    }),
  );
}

export interface SuggestionCursor {
  score: number;
  user_id: string;
}

/** People I might know (same notebooks, friends of friends), most in common first. */
export function listSuggestions(after: SuggestionCursor | null = null, limit?: number): Promise<Suggestion[]> {
  return call(() =>
    getSupabase().rpc('friend_suggestions', { p_limit: pageSize(limit), p_after_score: after?.score ?? null, p_after_id: after?.user_id ?? null }),
  );
}

/** A profile's friends, as connections visibility lets me see them, in username order. */
export function listProfileFriends(username: string, after: string | null = null, limit?: number): Promise<PersonCard[]> {
  return call(() => getSupabase().rpc('profile_friends', { p_username: username, p_limit: pageSize(limit), p_after: after }));
}

/** The cursors of the next pages: none after a short page. */
export const nextFriendsCursor = (page: Friend[] | PersonCard[], limit = FRIENDS_PAGE_SIZE): string | undefined =>
  page.length < limit ? undefined : page.at(-1)?.username;
export const nextRequestCursor = (page: FriendRequest[], limit = FRIENDS_PAGE_SIZE): RequestCursor | undefined => {
  const last = page.at(-1);
  return page.length < limit || !last ? undefined : { created_at: last.created_at, request_id: last.request_id };
};
export const nextSuggestionCursor = (page: Suggestion[], limit = FRIENDS_PAGE_SIZE): SuggestionCursor | undefined => {
  const last = page.at(-1);
  return page.length < limit || !last ? undefined : { score: last.shared_notebooks + last.mutual_friends, user_id: last.user_id };
};

/** What I am to someone: friends, a request either way, or nothing yet (and whether I may ask). */
export type Relationship =
  | { state: 'self' }
  | { state: 'friends' }
  | { state: 'sent'; request_id: string }
  | { state: 'received'; request_id: string }
  /** may_ask: whether a request would be taken now (never for a minor's adult stranger, a person taking none, a block). */
  | { state: 'none'; may_ask: boolean };

/** The profile's friend button's one read (friend_relationship). */
export function readRelationship(otherId: string): Promise<Relationship> {
  return call(() => getSupabase().rpc('friend_relationship', { p_user_id: otherId }));
}

/** Ask someone to be friends; 'accepted' when they had asked me first. */
export function sendRequest(userId: string): Promise<{ request_id: string; status: 'pending' | 'accepted' }> {
  return call(() => getSupabase().rpc('send_friend_request', { p_user_id: userId }));
}

export function acceptRequest(requestId: string): Promise<unknown> {
  return call(() => getSupabase().rpc('accept_friend_request', { p_request_id: requestId }));
}

export function declineRequest(requestId: string): Promise<unknown> {
  return call(() => getSupabase().rpc('decline_friend_request', { p_request_id: requestId }));
}

export function cancelRequest(requestId: string): Promise<unknown> {
  return call(() => getSupabase().rpc('cancel_friend_request', { p_request_id: requestId }));
}

export function removeFriend(userId: string): Promise<unknown> {
  return call(() => getSupabase().rpc('remove_friend', { p_user_id: userId }));
}

/**
 * Something of mine changed in the friends area: a request arrived, mine was accepted, a friendship
 * began — each is a new notification of mine (private.notify_event), which Realtime hands to me
 * alone (the notifications' RLS). Used as a signal only: the lists are read again through their
 * RPCs. Declines, cancels and removals tell nobody, so they are seen on the next read.
 */
export function friendsChanges(userId: string): Observable<LiveSignal> {
  return liveNotices('notifications', 'recipient_id', userId);
}
