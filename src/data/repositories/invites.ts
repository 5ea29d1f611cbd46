/**
 * Invite links (spec §3, §5, §8). Creating one needs the server (it draws a unique short code),
 * so it is online only; revoking works offline (a status change the server takes later).
 * Redeeming and searching people are online calls too.
 */
import { ok, refuse, type Problem, type ProblemCode, type WriteResult } from '../problems.ts';
import type { InviteLinkDoc } from '../schemas/index.ts';
import { findDoc, notFound, recordWrite, type DataContext } from './context.ts';

const offline: Problem = { code: 'online_only' };

/** An online call's refusal: the server's reason when it is one the screens know, else 'server'. */
function serverProblem(error: { hint?: string }, known: readonly ProblemCode[] = ['not_allowed']): Problem {
  const code = known.find((candidate) => candidate === error.hint);
  return { code: code ?? 'server' };
}

export async function createInviteLink(
  ctx: DataContext & { syncNow?: () => void },
  notebookId: string,
  expiresAt: string | null = null,
): Promise<WriteResult<InviteLinkDoc>> {
  if (!ctx.client) return refuse(offline);
  const { data, error } = await ctx.client.rpc('create_invite_link', { p_notebook_id: notebookId, p_expires_at: expiresAt });
  if (error || !data) return refuse(error ? serverProblem(error) : offline);
  // The new link reaches the local database with the next pull.
  ctx.syncNow?.();
  return ok(data as InviteLinkDoc);
}

export async function revokeInviteLink(ctx: DataContext, inviteId: string): Promise<WriteResult<InviteLinkDoc>> {
  const doc = await findDoc(ctx, 'invite_links', inviteId);
  if (!doc) return refuse(notFound);
  if (doc.status !== 'active') return ok(doc.toJSON() as InviteLinkDoc);
  const updated = await recordWrite(ctx, 'invite_links', [{ id: doc.id, label: doc.code }], () =>
    doc.incrementalPatch({ status: 'revoked' }),
  );
  return ok(updated.toJSON() as InviteLinkDoc);
}

/** Why the server refused a redeem, by its code: the notebook's owner removed this person, or the code is no good. */
const REDEEM_REFUSALS: readonly ProblemCode[] = ['invite_invalid', 'access_removed'];

/**
 * Redeems a code (or a public notebook link): the notebook id, whose data the next pull brings.
 * Someone the owner removed is refused ('access_removed') until the owner shares with them again.
 * Needs only the person's session (redeemBeforeSync calls it before the local database opens).
 */
export async function redeemInvite(ctx: Pick<DataContext, 'client'> & { syncNow?: () => void }, code: string): Promise<WriteResult<string>> {
  if (!ctx.client) return refuse(offline);
  const { data, error } = await ctx.client.rpc('redeem_invite', { p_code: code });
  if (error || typeof data !== 'string') {
    return refuse(serverProblem(error ?? {}, REDEEM_REFUSALS));
  }
  ctx.syncNow?.();
  return ok(data);
}

export interface PersonFound {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
}

/** People for the share dialog ('@ana' by username, anything else by username or name). */
export async function searchPeople(ctx: DataContext, query: string): Promise<WriteResult<PersonFound[]>> {
  if (!ctx.client) return refuse(offline);
  const { data, error } = await ctx.client.rpc('search_users', { p_query: query, p_limit: 10 });
  if (error) return refuse(serverProblem(error));
  return ok((data ?? []) as PersonFound[]);
}
