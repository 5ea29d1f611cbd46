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
import { randomCode } from './random-codes.ts';
import type { InviteLinkDoc } from './schemas/index.ts';

export const INVITE_CODE_LENGTH = 12;

export function newInviteCode(): string {
  return randomCode(INVITE_CODE_LENGTH);
}

/**
 * A link written on this device that the server has not confirmed yet: it has no server revision
 * (a pulled row always has one). Its code may still change (a collision) and opens nothing yet.
 */
export function awaitsActivation(link: Pick<InviteLinkDoc, 'server_rev'>): boolean {
  return !(link.server_rev > 0);
}
