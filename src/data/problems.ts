/**
 * The one home of the codes that travel from the server and the data layer to the screens
 * (issue 19): every refusal and every problem is a code and its parameters, never a sentence.
 * Each screen area maps the codes to its own words (src/screens/notebooks/common/messages.ts,
 * src/screens/notebooks/sharing/messages.ts); src/screens/problem-messages.test.ts fails when one
 * lacks a message in either language. The account actions' codes (the auth server's answers,
 * mapped in auth-errors.ts: REGISTRATION_CODES, LOGIN_CODES, PASSWORD_ACTION_CODES) are checked
 * there too.
 */

/**
 * The reasons of the server's refusals: the `hint` of its errors and the `reason` of
 * replication_push's rejected rows (supabase/README.md "Errors", private.rejection_reason).
 */
export const SERVER_REFUSAL_CODES = [
  'forbidden_words',
  'title_too_short',
  'question_too_short',
  'answer_empty',
  'validation',
  'not_allowed',
  'not_found',
  'duplicate',
  'account_banned',
  'account_deleted',
  'not_authenticated',
  'invite_invalid',
  'invite_self',
  'already_has_access',
  'access_removed',
  'invite_code_exhausted',
  'invalid_id',
  'read_only',
  'online_only',
  /** Issue 21: a guest's answer pushed before its guest row (retried, never shown as a refusal). */
  'guest_not_synced',
  /** A guest's name empty once trimmed, or longer than 50 characters. */
  'guest_name_invalid',
  /** A guest's answer secret or claim hash not in the shape the contract gives. */
  'invalid_secret',
  /**
   * Issue 28: too many wrong codes in a short time (claim_guest, redeem_invite, confirm_guardian:
   * the database per account, the sync-server per address; HTTP 429, `details` = seconds to wait).
   */
  'too_many_attempts',
  /** Issue 35: a store theme set on a notebook that neither its owner nor the writer owns (spec §8 "theme apply error"). */
  'look_not_owned',
  /** Issue 35: a store paper style set on a notebook that neither its owner nor the writer owns (spec §8 "paper style apply error"). */
  'paper_not_owned',
  /** Issue 35: a premium pack's sticker put on a cover that neither the notebook's owner nor the writer owns. */
  'sticker_not_owned',
  /** Issue 35: a store cover style set on a cover that neither the notebook's owner nor the writer owns. */
  'cover_style_not_owned',
  /** Anything the server did not name (private.rejection_reason's last case). */
  'error',
] as const;

/** The problems the data layer finds itself, before or instead of asking the server. */
export const DATA_PROBLEM_CODES = [
  'forbidden_words',
  'title_too_short',
  'question_too_short',
  'answer_empty',
  'not_found',
  'not_allowed',
  'not_authenticated',
  'invite_self',
  'already_has_access',
  'online_only',
  'invite_invalid',
  'access_removed',
  'no_answer_secret',
  'not_saved',
  /** The server answered with an error it did not name. */
  'server',
] as const;

export const PROBLEM_CODES = [...new Set([...SERVER_REFUSAL_CODES, ...DATA_PROBLEM_CODES])] as readonly ProblemCode[];

export type ServerRefusalCode = (typeof SERVER_REFUSAL_CODES)[number];
export type ProblemCode = ServerRefusalCode | (typeof DATA_PROBLEM_CODES)[number];

const SERVER_CODES: ReadonlySet<string> = new Set(SERVER_REFUSAL_CODES);

/** A server's reason as one of ours; one it did not name, or a newer server's, is 'error'. */
export function serverRefusalCode(reason: string | null | undefined): ServerRefusalCode {
  return reason && SERVER_CODES.has(reason) ? (reason as ServerRefusalCode) : 'error';
}

/** Why a write was not made: the code, the field it is about, the forbidden words found. */
export interface Problem {
  code: ProblemCode;
  field?: string;
  words?: string[];
}

export type WriteResult<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export const ok = <T>(value: T): WriteResult<T> => ({ ok: true, value });
export const refuse = (problem: Problem): { ok: false; problem: Problem } => ({ ok: false, problem });

/**
 * "Passar o caderno" (issue 21): the round's own problems, found on the device, and the server's
 * refusals of claim_guest (its `hint`). Kept apart from PROBLEM_CODES: only the round's and the
 * claim's screens show them (src/screens/notebooks/round/messages.ts has their words).
 */
export const ROUND_PROBLEM_CODES = [
  /** Another round is going on on this device. */
  'round_active',
  /** No round of this person on this device. */
  'no_round',
  /** The PIN or password typed does not open the round's lock. */
  'wrong_secret',
  'pin_invalid',
  'password_too_short',
  /** A round locked with the account's password, online, with a password that is not the account's. */
  'not_account_password',
  'guest_name_empty',
  'guest_name_too_long',
  /** The step asked for is not the round's current one (an answer with nobody's turn going on). */
  'not_your_turn',
  /**
   * A claim made before any answer of the guest reached the server (claim_guest's hint, issue 29):
   * the answers are still on the round's phone; the same code claims them once it has been online.
   */
  'claim_not_synced',
] as const;

export const CLAIM_REFUSAL_CODES = ['claim_invalid', 'claim_already_claimed', 'claim_host', 'too_many_attempts'] as const;

export type RoundStepCode = (typeof ROUND_PROBLEM_CODES)[number];
export type ClaimRefusalCode = (typeof CLAIM_REFUSAL_CODES)[number];
/** Every code a round's or a claim's step can answer with. */
export type RoundProblemCode = ProblemCode | RoundStepCode | ClaimRefusalCode;

export interface RoundProblem {
  code: RoundProblemCode;
  field?: string;
  words?: string[];
}

export type RoundResult<T> = { ok: true; value: T } | { ok: false; problem: RoundProblem };

export const refuseRound = (problem: RoundProblem): { ok: false; problem: RoundProblem } => ({ ok: false, problem });

