/**
 * The moderation status an answer will have once saved, as this device guesses it until the
 * server's state arrives (the server decides: public.replication_push). One rule for the
 * repository that writes the answer and the screen that shows it while it is being written.
 */
import type { ModerationStatus } from '../schemas/index.ts';
import { MANAGES, type NotebookRole } from './roles.ts';

/** With pre-moderation everyone but the owner waits for approval. */
export function awaitsApproval(notebook: { pre_moderation_enabled: boolean } | null | undefined, role: NotebookRole): boolean {
  return Boolean(notebook?.pre_moderation_enabled) && role !== 'owner';
}

export function expectedAnswerStatus(
  stored: { moderation_status: ModerationStatus } | null | undefined,
  notebook: { pre_moderation_enabled: boolean } | null | undefined,
  role: NotebookRole,
): ModerationStatus {
  const waits = awaitsApproval(notebook, role);
  if (!stored) return waits ? 'pending' : 'approved';
  // An edit goes back for review, and so does a rejected answer its author edits; moderators'
  // own answers keep the state they set.
  if (!MANAGES.has(role) && (waits || stored.moderation_status === 'rejected')) return 'pending';
  return stored.moderation_status;
}
