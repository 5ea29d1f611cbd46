/**
 * The person's role in a notebook as this device knows it (spec §6; the server's
 * public.notebook_role is the authority and refuses what this guesses wrong, S8).
 */
import type { NotebookCollaboratorDoc, NotebookDoc, NotebookShareDoc } from '../schemas/index.ts';
import { collectionOf, hasCollection, type DataContext } from './context.ts';

export type NotebookRole = 'owner' | 'editor' | 'collaborator' | 'viewer' | 'invited' | 'none';

export function roleFrom(
  userId: string,
  notebook: Pick<NotebookDoc, 'user_id'> | null | undefined,
  myCollaboration: Pick<NotebookCollaboratorDoc, 'role' | 'status'> | null | undefined,
  myShare: Pick<NotebookShareDoc, 'id'> | null | undefined,
): NotebookRole {
  if (notebook && notebook.user_id === userId) return 'owner';
  if (myCollaboration?.status === 'accepted') {
    return myCollaboration.role === 'editor' ? 'editor' : myCollaboration.role === 'collaborator' ? 'collaborator' : 'viewer';
  }
  if (myShare) return 'viewer';
  if (myCollaboration?.status === 'pending') return 'invited';
  return 'none';
}

export async function roleIn(ctx: DataContext, notebookId: string): Promise<NotebookRole> {
  const [notebook, collaboration, share] = await Promise.all([
    collectionOf(ctx, 'notebooks').findOne(notebookId).exec(),
    hasCollection(ctx, 'notebook_collaborators')
      ? collectionOf(ctx, 'notebook_collaborators').findOne({ selector: { notebook_id: notebookId, user_id: ctx.userId } }).exec()
      : null,
    hasCollection(ctx, 'notebook_shares')
      ? collectionOf(ctx, 'notebook_shares').findOne({ selector: { notebook_id: notebookId, shared_with: ctx.userId } }).exec()
      : null,
  ]);
  const role = roleFrom(ctx.userId, notebook, collaboration, share);
  // A database that does not hold memberships (a test device with few collections) only has
  // notebooks its person may read: treat them as readable.
  if (role === 'none' && notebook && !hasCollection(ctx, 'notebook_shares')) return 'viewer';
  return role;
}

/** Those who moderate answers and see blocked questions. */
export const MANAGES = new Set<NotebookRole>(['owner', 'editor', 'collaborator']);
/** Those who may answer. */
export const ANSWERS = new Set<NotebookRole>(['owner', 'editor', 'collaborator', 'viewer']);

/** What a role lets the person do in a notebook, as the screens ask it (they never read roles themselves). */
export interface NotebookPermissions {
  answer: boolean;
  /** Moderate answers, block questions, see what waits for moderation. */
  manage: boolean;
}

export function permissionsOf(role: NotebookRole): NotebookPermissions {
  return { answer: ANSWERS.has(role), manage: MANAGES.has(role) };
}
