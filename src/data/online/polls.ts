/**
 * A profile's poll (issue 32): online-only calls (supabase-js), answered in codes (SocialError,
 * ./guestbook.ts). The rules live in the database (supabase/schemas/guestbook_polls.sql): one
 * active poll per profile, 2–10 options, one vote per person, an edit removes the votes, results
 * are counts — who voted what is never sent to anyone.
 */
import { getSupabase } from '../supabase.ts';
import { ask, SocialError } from './guestbook.ts';

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
export const POLL_QUESTION_MIN = 3;
export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 80;

export interface PollView {
  id: string;
  profile_id: string;
  question: string;
  options: string[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  /** Votes per option, in the options' order. */
  counts: number[];
  total: number;
  /** The caller's own vote (an option's index), or null. */
  my_vote: number | null;
  may_vote: boolean;
}

/** A profile's active poll (or, for its owner, one of their polls by id), or null when there is none to see. */
export function readPoll(profileId: string, pollId: string | null = null): Promise<PollView | null> {
  return ask(() => getSupabase().rpc('poll_view', { p_profile: profileId, p_poll: pollId }));
}

export interface PollSummary {
  id: string;
  question: string;
  is_active: boolean;
  created_at: string;
  ended_at: string | null;
}

/** The owner's polls, newest first (the active one and the ended ones). */
export function readMyPolls(userId: string): Promise<PollSummary[]> {
  return ask(() =>
    getSupabase()
      .from('profile_polls')
      .select('id, question, is_active, created_at, ended_at')
      .eq('profile_id', userId)
      .order('created_at', { ascending: false })
      .limit(20),
  );
}

/** The device's checks before saving (the database makes them again). */
export function pollProblem(question: string, options: string[]): 'question_too_short' | 'poll_options' | 'validation' | null {
  const q = question.trim();
  if ([...q].length < POLL_QUESTION_MIN) return 'question_too_short';
  if ([...q].length > POLL_QUESTION_MAX) return 'validation';
  const filled = options.map((o) => o.trim());
  if (filled.length < POLL_MIN_OPTIONS || filled.length > POLL_MAX_OPTIONS || filled.some((o) => !o || [...o].length > POLL_OPTION_MAX)) {
    return 'poll_options';
  }
  return null;
}

export interface SavedPoll {
  id: string;
  votes_removed: number;
}

/**
 * Creates a poll (`pollId` null: the active one ends) or edits one: an edit that changes the
 * question or the options removes every vote (the screen says so before saving).
 */
export function savePoll(pollId: string | null, question: string, options: string[]): Promise<SavedPoll> {
  const problem = pollProblem(question, options);
  if (problem) return Promise.reject(new SocialError(problem));
  return ask(() =>
    getSupabase().rpc('save_poll', { p_poll: pollId, p_question: question.trim(), p_options: options.map((o) => o.trim()) }),
  );
}

export function endPoll(pollId: string): Promise<null> {
  return ask(() => getSupabase().rpc('end_poll', { p_poll: pollId }));
}

export function deletePoll(pollId: string): Promise<null> {
  return ask(() => getSupabase().rpc('delete_poll', { p_poll: pollId }));
}

/** Votes (or changes my vote) for an option, by its index. */
export function vote(pollId: string, option: number): Promise<{ poll_id: string; option: number }> {
  return ask(() => getSupabase().rpc('vote_in_poll', { p_poll: pollId, p_option: option }));
}

/** Each option's share of the votes, in whole percent (0 when nobody voted). */
export function shares(counts: number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  return counts.map((n) => (total === 0 ? 0 : Math.round((n * 100) / total)));
}
