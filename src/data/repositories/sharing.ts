/**
 * Shares and collaboration (spec §3, §5, §6). Nobody shares with or invites themselves ('you
 * cannot invite yourself') or someone who already has access; only the owner shares; the owner
 * and editors invite collaborators, who accept.
 */
import { ok, refuse, type Problem, type WriteResult } from '../problems.ts';
import type { CollaboratorRole, NotebookCollaboratorDoc, NotebookShareDoc } from '../schemas/index.ts';
import { collectionOf, findDoc, hasCollection, isoNow, notFound, recordWrite, type DataContext } from './context.ts';
import { roleIn } from './roles.ts';
import { track } from '../../analytics/analytics.ts';

const inviteSelf: Problem = { code: 'invite_self' };
const alreadyHasAccess: Problem = { code: 'already_has_access' };

/**
 * Who already has access to a notebook and so cannot be shared with or invited again: the owner,
 * people it is shared with, accepted collaborators (and pending ones when inviting). The share
 * dialog marks them in its search with this same rule.
 */
export function accessHolders(
  ownerId: string | undefined,
  shares: Pick<NotebookShareDoc, 'shared_with'>[],
  collaborators: Pick<NotebookCollaboratorDoc, 'user_id' | 'status'>[],
  countPendingInvites: boolean,
): Set<string> {
  const holders = new Set(shares.map((share) => share.shared_with));
  if (ownerId) holders.add(ownerId);
  for (const c of collaborators) if (countPendingInvites || c.status === 'accepted') holders.add(c.user_id);
  return holders;
}

async function hasAccess(ctx: DataContext, notebookId: string, userId: string, countPendingInvites: boolean): Promise<boolean> {
  const notebook = await findDoc(ctx, 'notebooks', notebookId);
  const share = await collectionOf(ctx, 'notebook_shares').findOne({ selector: { notebook_id: notebookId, shared_with: userId } }).exec();
  const collaboration = hasCollection(ctx, 'notebook_collaborators')
    ? await collectionOf(ctx, 'notebook_collaborators').findOne({ selector: { notebook_id: notebookId, user_id: userId } }).exec()
    : null;
  return accessHolders(notebook?.user_id, share ? [share] : [], collaboration ? [collaboration] : [], countPendingInvites).has(userId);
}

export async function shareNotebook(ctx: DataContext, notebookId: string, userId: string): Promise<WriteResult<NotebookShareDoc>> {
  if (userId === ctx.userId) return refuse(inviteSelf);
  if ((await roleIn(ctx, notebookId)) !== 'owner') return refuse({ code: 'not_allowed' });
  if (await hasAccess(ctx, notebookId, userId, false)) return refuse(alreadyHasAccess);
  const now = isoNow(ctx);
  const doc: NotebookShareDoc = {
    id: ctx.newId(),
    notebook_id: notebookId,
    created_by: ctx.userId,
    shared_with: userId,
    access_level: 'viewer',
    created_at: now,
    updated_at: now,
    server_rev: 0,
  };
  await recordWrite(ctx, 'notebook_shares', [{ id: doc.id, label: '' }], () =>
    collectionOf(ctx, 'notebook_shares').insert(doc),
  );
  track('notebook_shared', { method: 'person' });
  return ok(doc);
}

/** Removes someone's access (the owner) or leaves a notebook shared with me (userId = me). */
export async function unshareNotebook(ctx: DataContext, notebookId: string, userId: string): Promise<WriteResult<null>> {
  const share = await collectionOf(ctx, 'notebook_shares').findOne({ selector: { notebook_id: notebookId, shared_with: userId } }).exec();
  if (!share) return refuse(notFound);
  await recordWrite(ctx, 'notebook_shares', [{ id: share.id, label: '' }], () => share.remove());
  return ok(null);
}

export async function inviteCollaborator(
  ctx: DataContext,
  notebookId: string,
  userId: string,
  role: CollaboratorRole = 'collaborator',
): Promise<WriteResult<NotebookCollaboratorDoc>> {
  if (userId === ctx.userId) return refuse(inviteSelf);
  const myRole = await roleIn(ctx, notebookId);
  if (myRole !== 'owner' && myRole !== 'editor') return refuse({ code: 'not_allowed' });
  if (role === 'editor' && myRole !== 'owner') return refuse({ code: 'not_allowed' });
  if (await hasAccess(ctx, notebookId, userId, true)) return refuse(alreadyHasAccess);
  const now = isoNow(ctx);
  const doc: NotebookCollaboratorDoc = {
    id: ctx.newId(),
    notebook_id: notebookId,
    user_id: userId,
    role,
    status: 'pending',
    invited_at: now,
    invited_by: ctx.userId,
    accepted_at: null,
    created_at: now,
    updated_at: now,
    server_rev: 0,
  };
  await recordWrite(ctx, 'notebook_collaborators', [{ id: doc.id, label: '' }], () =>
    collectionOf(ctx, 'notebook_collaborators').insert(doc),
  );
  track('collaboration_invite_sent');
  return ok(doc);
}

export async function acceptCollaboration(ctx: DataContext, collaborationId: string): Promise<WriteResult<NotebookCollaboratorDoc>> {
  const doc = await findDoc(ctx, 'notebook_collaborators', collaborationId);
  if (!doc) return refuse(notFound);
  if (doc.user_id !== ctx.userId) return refuse({ code: 'not_allowed' });
  if (doc.status === 'accepted') return ok(doc.toJSON() as NotebookCollaboratorDoc);
  const updated = await recordWrite(ctx, 'notebook_collaborators', [{ id: doc.id, label: '' }], () =>
    doc.incrementalPatch({ status: 'accepted', accepted_at: isoNow(ctx) }),
  );
  track('collaboration_accepted');
  return ok(updated.toJSON() as NotebookCollaboratorDoc);
}

export async function changeCollaboratorRole(
  ctx: DataContext,
  collaborationId: string,
  role: CollaboratorRole,
): Promise<WriteResult<NotebookCollaboratorDoc>> {
  const doc = await findDoc(ctx, 'notebook_collaborators', collaborationId);
  if (!doc) return refuse(notFound);
  if (doc.role === role) return ok(doc.toJSON() as NotebookCollaboratorDoc);
  const updated = await recordWrite(ctx, 'notebook_collaborators', [{ id: doc.id, label: '' }], () =>
    doc.incrementalPatch({ role }),
  );
  return ok(updated.toJSON() as NotebookCollaboratorDoc);
}

/** Removes a collaborator (owner, editors) or declines / leaves a collaboration (the invitee). */
export async function removeCollaborator(ctx: DataContext, collaborationId: string): Promise<WriteResult<null>> {
  const doc = await findDoc(ctx, 'notebook_collaborators', collaborationId);
  if (!doc) return refuse(notFound);
  await recordWrite(ctx, 'notebook_collaborators', [{ id: doc.id, label: '' }], () => doc.remove());
  return ok(null);
}
