/**
 * Ids derived from what they identify, so that two devices writing offline agree on them.
 *
 * Answers (S6, S5): the server's public.answer_id(question_id, secret) — the first 16 bytes of
 * SHA-256("<secret>:<question id>") as a version-8 UUID. The secret is the person's
 * user_settings.answer_secret (replicated to their own devices only), so two of their devices
 * answering one question offline write one row, and nobody else can link the id to them.
 *
 * Favorites: the same construction over the person and the notebook (no secret needed: a
 * favorite is private), so favoriting one notebook on two devices is one row, not a duplicate.
 */

function toUuid(bytes: Uint8Array): string {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

async function hashedUuid(input: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input));
  const bytes = new Uint8Array(digest).slice(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  return toUuid(bytes);
}

export function answerIdFor(answerSecret: string, questionId: string): Promise<string> {
  return hashedUuid(`${answerSecret}:${questionId}`);
}

export function favoriteIdFor(userId: string, notebookId: string): Promise<string> {
  return hashedUuid(`favorite:${userId}:${notebookId}`);
}
