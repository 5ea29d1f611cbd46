/**
 * The claim code a round shows a friend at the end of their turn (issue 21, guests contract
 * "Claiming"): 12 characters of random-codes.ts's alphabet (60 random bits), shown in three
 * groups of four. The server only ever receives its SHA-256 (guests.claim_hash) until the friend
 * claims with the code itself.
 */
import { randomCode } from '../random-codes.ts';
import { formatCode, isCodeOf, normalizeCode } from '../invite-codes.ts';

export const CLAIM_CODE_LENGTH = 12;

export function newClaimCode(): string {
  return randomCode(CLAIM_CODE_LENGTH);
}

/** As a person types or reads it: upper case, without dashes or spaces. */
export function normalizeClaimCode(input: string): string {
  return normalizeCode(input);
}

export function isClaimCode(input: string): boolean {
  return isCodeOf(input, CLAIM_CODE_LENGTH);
}

/** ABCD-EFGH-JKLM */
export function formatClaimCode(code: string): string {
  return formatCode(code);
}

/** Lowercase hex SHA-256 of the normalised code: what guests.claim_hash holds. */
export async function claimHashOf(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalizeClaimCode(code)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The claim link's path (the QR code's link): the locale prefix is the caller's. */
export function claimPath(code: string): string {
  return `/claim/${normalizeClaimCode(code)}`;
}

/** 32 random bytes as base64url (43 characters): a guest's answer secret. */
export function newAnswerSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
