import { awaitsActivation } from '../../../data/invite-codes.ts';
import type { InviteLinkDoc } from '../../../data/schemas/index.ts';

/** `{origin}/n/{code}` (spec §2); the app's language prefix is not part of it (the link picks the reader's). */
export function inviteUrl(codeOrNotebookId: string, origin = window.location.origin): string {
  return `${origin}/n/${codeOrNotebookId}`;
}

/** 'waiting': made on this device, not confirmed by the server yet (issue 21): it opens nothing yet. */
export type LinkState = 'active' | 'waiting' | 'revoked' | 'expired';

/** An active link whose expiry date has passed is expired, whatever the stored status still says. */
export function linkState(link: Pick<InviteLinkDoc, 'status' | 'expires_at' | 'server_rev'>, now = Date.now()): LinkState {
  if (link.status === 'revoked') return 'revoked';
  if (link.status === 'expired') return 'expired';
  if (link.expires_at && Date.parse(link.expires_at) <= now) return 'expired';
  return awaitsActivation(link) ? 'waiting' : 'active';
}

/** The expiry choices of the create-link form, in days (null: no expiry). */
export const EXPIRY_CHOICES = [null, 1, 7, 30] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export function expiryDate(choice: ExpiryChoice, now = Date.now()): string | null {
  return choice === null ? null : new Date(now + choice * 24 * 60 * 60 * 1000).toISOString();
}

/** Copies a text; false when the browser refused (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The phone's own share sheet (Web Share API), where there is one. */
export function canShareNatively(): boolean {
  return typeof navigator.share === 'function';
}
