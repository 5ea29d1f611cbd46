/**
 * Invite codes made on the device (issue 21): the owner, offline at a party, gets a code at once;
 * the invite_links row carrying it is pushed when the phone syncs, and the server confirms it
 * (supabase/migrations/20261124110100_offline_invites.sql).
 *
 * 12 characters of random-codes.ts's alphabet: 60 random bits. With a million links on the server, a new code collides with probability
 * 10^6 / 2^60 ≈ 8.7 × 10^-13; codes drawn on ten million phones all differ with probability
 * ≈ 1 − (10^7)^2 / 2^61 ≈ 1 − 4.3 × 10^-5. The server draws a colliding code again anyway, so a
 * collision costs the owner a changed code, never someone else's notebook.
 */
import { CODE_ALPHABET, randomCode } from './random-codes.ts';
import type { InviteLinkDoc } from './schemas/index.ts';

export const INVITE_CODE_LENGTH = 12;

export function newInviteCode(): string {
  return randomCode(INVITE_CODE_LENGTH);
}

/**
 * The one home for how a code people read and type is written (issue 29), for invite codes and
 * the party's claim codes alike: shown in groups of four (GZ2W-W6BA-DL7R), accepted typed in any
 * case, with or without dashes or spaces.
 */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** Whether `input`, normalised, is a code of `length` characters of the alphabet. */
export function isCodeOf(input: string, length: number): boolean {
  const code = normalizeCode(input);
  return code.length === length && [...code].every((char) => CODE_ALPHABET.includes(char));
}

/** GZ2WW6BADL7R → GZ2W-W6BA-DL7R */
export function formatCode(code: string): string {
  return normalizeCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * What an invitation's address or a typed invite code stands for: an invite code in its stored
 * form (GZ2W-w6ba dl7r → GZ2WW6BADL7R), anything else (a public notebook's id) as it was.
 */
export function inviteCodeFrom(input: string): string {
  const trimmed = input.trim();
  const code = normalizeCode(trimmed);
  // 12 characters (links the server drew before 20261128100200 have 8, and still open); a
  // notebook id (36 characters, with 0s and 1s) is no code.
  const isCode = code.length >= 4 && code.length <= 16 && [...code].every((char) => CODE_ALPHABET.includes(char));
  return isCode ? code : trimmed;
}

/**
 * A link written on this device that the server has not confirmed yet: it has no server revision
 * (a pulled row always has one). Its code may still change (a collision) and opens nothing yet.
 */
export function awaitsActivation(link: Pick<InviteLinkDoc, 'server_rev'>): boolean {
  return !(link.server_rev > 0);
}
