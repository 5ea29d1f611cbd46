/**
 * A profile's guestbook (issue 32): online-only calls (supabase-js), answered in codes. The rules
 * live in the database (supabase/schemas/guestbook_polls.sql): who may write (blocks, a profile
 * seen whole, a friends-only guestbook), the length, forbidden words, who sees an anonymous
 * message's writer (the profile's owner and the writer: `author` is null for everyone else).
 */
import { findForbiddenWords, prepareWordList } from '../content-rules.ts';
import { getSupabase } from '../supabase.ts';

/** The most characters a message may have (guestbook_messages_body_length in the database). */
export const GUESTBOOK_MAX = 500;
/** Messages per page (issue 32's budget: 20–50). */
export const GUESTBOOK_PAGE_SIZE = 20;

/** Why a guestbook or poll call did not go through. */
export type SocialProblem =
  /** No connection: nothing was tried. */
  | 'offline'
  /** Forbidden words (`words` lists them). */
  | 'forbidden_words'
  /** Empty once trimmed, or over the limit. */
  | 'validation'
  /** The guestbook takes messages from the owner's friends only. */
  | 'guestbook_friends_only'
  /** Blocked either way, a profile not seen whole, a poll that ended, a signed-out caller. */
  | 'not_allowed'
  | 'not_authenticated'
  /** The message or poll is gone (deleted meanwhile), or was never the caller's to touch. */
  | 'not_found'
  /** A poll needs 2 to 10 options of 1 to 80 characters. */
  | 'poll_options'
  /** A poll's question has at least 3 characters. */
  | 'question_too_short'
  /** A minor whose guardian has not confirmed keeps the guestbook to friends. */
  | 'guardian_pending'
  | 'account_banned'
  | 'account_deleted'
  /** Anything else: the server failed or could not be reached. */
  | 'server';

const NAMED: ReadonlySet<string> = new Set<SocialProblem>([
  'forbidden_words', 'validation', 'guestbook_friends_only', 'not_allowed', 'not_authenticated', 'not_found',
  'poll_options', 'question_too_short', 'guardian_pending', 'account_banned', 'account_deleted',
]);

/** A refused or failed call: the code, and the forbidden words when that is why. */
export class SocialError extends Error {
  constructor(
    readonly problem: SocialProblem,
    readonly words: string[] = [],
  ) {
    super(problem);
    this.name = 'SocialError';
  }
}

interface ServerError {
  code?: string;
  hint?: string | null;
  details?: string | null;
  message?: string;
}

function refusal(error: ServerError): SocialError {
  // supabase-js answers a request that never reached the server with an empty code
  if (!error.code) return new SocialError(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'server');
  const hint = error.hint ?? '';
  if (hint === 'forbidden_words') {
    let words: string[] = [];
    try {
      words = JSON.parse(error.details ?? '[]') as string[];
    } catch {
      words = [];
    }
    return new SocialError('forbidden_words', words);
  }
  if (NAMED.has(hint)) return new SocialError(hint as SocialProblem);
  if (error.code === '42501' || error.code === 'PGRST301') return new SocialError('not_allowed');
  return new SocialError('server');
}

/** Runs one call: its data, or a thrown SocialError. Offline, nothing is tried. */
export async function ask<T>(run: () => PromiseLike<{ data: unknown; error: ServerError | null }>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new SocialError('offline');
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await run();
  } catch {
    throw new SocialError('server');
  }
  if (answer.error) throw refusal(answer.error);
  return answer.data as T;
}

export interface GuestbookAuthor {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
}

export interface GuestbookMessage {
  id: string;
  body: string;
  is_anonymous: boolean;
  status: 'pending' | 'approved';
  created_at: string;
  approved_at: string | null;
  /** The sort key of its list (approval time, or writing time for pending ones): the cursor. */
  at: string;
  is_mine: boolean;
  /** null: anonymous, and the caller is neither the profile's owner nor the writer. */
  author: GuestbookAuthor | null;
}

export interface GuestbookPage {
  may_write: boolean;
  /** Why the caller may not write: 'not_authenticated', 'not_allowed', 'guestbook_friends_only'. */
  refusal: 'not_authenticated' | 'not_allowed' | 'guestbook_friends_only' | null;
  /** The owner's count of messages waiting for approval (null for everyone else). */
  pending_count: number | null;
  messages: GuestbookMessage[];
}

export type GuestbookStatus = 'approved' | 'pending';

/** Where the next page starts: the last message of the page before. */
export interface GuestbookCursor {
  at: string;
  id: string;
}

/**
 * One page of a guestbook, newest first: approved messages (whoever sees the profile whole), or
 * pending ones (the owner). null when the caller may not see the profile.
 */
export function readGuestbookPage(
  profileId: string,
  status: GuestbookStatus,
  after: GuestbookCursor | null = null,
  limit = GUESTBOOK_PAGE_SIZE,
): Promise<GuestbookPage | null> {
  return ask(() =>
    getSupabase().rpc('guestbook_page', {
      p_profile: profileId,
      p_status: status,
      p_limit: limit,
      p_after_at: after?.at ?? null,
      p_after_id: after?.id ?? null,
    }),
  );
}

/** The cursor of the page after `page`, or null when it was the last (shorter than a full page). */
export function nextGuestbookCursor(page: GuestbookPage | null, limit = GUESTBOOK_PAGE_SIZE): GuestbookCursor | null {
  const last = page?.messages.at(-1);
  return !page || page.messages.length < limit || !last ? null : { at: last.at, id: last.id };
}

/** The messages I wrote on a profile, with their state (pending ones are only mine and the owner's). */
export function readMyMessages(profileId: string, myId: string): Promise<Pick<GuestbookMessage, 'id' | 'body' | 'is_anonymous' | 'status' | 'created_at'>[]> {
  return ask(() =>
    getSupabase()
      .from('guestbook_messages')
      .select('id, body, is_anonymous, status, created_at')
      .eq('profile_id', profileId)
      .eq('author_id', myId)
      .order('created_at', { ascending: false })
      .limit(GUESTBOOK_PAGE_SIZE),
  );
}

/** The checks the device makes before sending (the database makes them again). */
export function guestbookTextProblem(body: string): 'validation' | null {
  const trimmed = body.trim();
  return trimmed.length === 0 || [...trimmed].length > GUESTBOOK_MAX ? 'validation' : null;
}

/** Characters left before the limit (what the counter shows; code points, as the database counts). */
export function charactersLeft(body: string): number {
  return GUESTBOOK_MAX - [...body.trim()].length;
}

/** Leaves a message: pending until the profile's owner approves it. */
export function writeMessage(profileId: string, body: string, anonymous: boolean): Promise<{ id: string; status: 'pending' }> {
  const problem = guestbookTextProblem(body);
  if (problem) return Promise.reject(new SocialError(problem));
  return ask(() => getSupabase().rpc('write_guestbook_message', { p_profile: profileId, p_body: body.trim(), p_anonymous: anonymous }));
}

export type ModerationAction = 'approve' | 'reject' | 'delete';

/** The owner approves, rejects (removed for good) or deletes a message. */
export function moderateMessage(messageId: string, action: ModerationAction): Promise<{ id: string; status: 'approved' | 'deleted' }> {
  return ask(() => getSupabase().rpc('moderate_guestbook_message', { p_message: messageId, p_action: action }));
}

/** My guestbook's "friends only" setting (Settings › social). */
export async function readGuestbookFriendsOnly(userId: string): Promise<boolean> {
  const row = await ask<{ guestbook_friends_only: boolean }>(() =>
    getSupabase().from('user_settings').select('guestbook_friends_only').eq('user_id', userId).single(),
  );
  return row.guestbook_friends_only;
}

export function saveGuestbookFriendsOnly(userId: string, friendsOnly: boolean): Promise<null> {
  return ask(() => getSupabase().from('user_settings').update({ guestbook_friends_only: friendsOnly }).eq('user_id', userId));
}

/**
 * The forbidden-word list, read once (everyone may read it) and kept by the screens' cache (plain
 * words: the cache is stored as JSON), so the device refuses a message or a poll with forbidden
 * words before sending, offline too.
 */
export async function readForbiddenWords(): Promise<string[]> {
  const rows = await ask<{ word: string }[]>(() => getSupabase().from('forbidden_words').select('word'));
  return rows.map((row) => row.word);
}

/** The forbidden words in these texts (empty: none), found as the database finds them. */
export function forbiddenIn(words: readonly string[] | undefined, ...texts: string[]): string[] {
  return words && words.length > 0 ? findForbiddenWords(prepareWordList(words), ...texts) : [];
}
