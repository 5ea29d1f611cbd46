/**
 * Invite codes made on the device (issue 21): the owner, offline at a party, gets a code at once;
 * the invite_links row carrying it is pushed when the phone syncs, and the server confirms it
 * (supabase/migrations/20261124110100_offline_invites.sql).
 *
 * 12 characters of a 32-letter alphabet without look-alikes (no 0/O, 1/I): 60 random bits from
 * crypto.getRandomValues (one byte per character, 256 = 8 × 32, so every letter is equally
 * likely). With a million links on the server, a new code collides with probability
 * 10^6 / 2^60 ≈ 8.7 × 10^-13; codes drawn on ten million phones all differ with probability
 * ≈ 1 − (10^7)^2 / 2^61 ≈ 1 − 4.3 × 10^-5. The server draws a colliding code again anyway, so a
 * collision costs the owner a changed code, never someone else's notebook.
 */
import type { InviteLinkDoc } from './schemas/index.ts';

export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 12;

type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/** `length` characters of INVITE_CODE_ALPHABET, uniformly random. */
export function randomCode(length: number, random: RandomBytes = cryptoRandom): string {
  const bytes = random(new Uint8Array(length));
  return Array.from(bytes, (byte) => INVITE_CODE_ALPHABET[byte % INVITE_CODE_ALPHABET.length]).join('');
}

export function newInviteCode(random?: RandomBytes): string {
  return randomCode(INVITE_CODE_LENGTH, random);
}

/**
 * A link written on this device that the server has not confirmed yet: it has no server revision
 * (a pulled row always has one). Its code may still change (a collision) and opens nothing yet.
 */
export function awaitsActivation(link: Pick<InviteLinkDoc, 'server_rev'>): boolean {
  return !(link.server_rev > 0);
}
