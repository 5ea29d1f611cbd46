/**
 * Invite links (spec §3, §5, §8; issue 21). Creating one works offline: the code is drawn on the
 * device (invite-codes.ts) and the row is written locally, then pushed like any write; the server
 * confirms it (and draws the code again if another link has it — the next pull brings the new
 * one). Until then the link awaits activation (awaitsActivation). Online creation takes the same
 * path: one rule, one home. Revoking works offline too. Redeeming and searching people are
 * online calls.
 */
import { awaitsActivation, inviteCodeFrom, newInviteCode } from '../invite-codes.ts';
import { ok, refuse, type Problem, type ProblemCode, type WriteResult } from '../problems.ts';
import type { InviteLinkDoc } from '../schemas/index.ts';
import { collectionOf, findDoc, isoNow, notFound, recordWrite, type DataContext } from './context.ts';
import { roleIn } from './roles.ts';
import { track } from '../../analytics/analytics.ts';

const offline: Problem = { code: 'online_only' };

/** An online call's refusal: the server's reason when it is one the screens know, else 'server'. */
function serverProblem(error: { hint?: string }, known: readonly ProblemCode[] = ['not_allowed']): Problem {
  const code = known.find((candidate) => candidate === error.hint);
  return { code: code ?? 'server' };
}

/** A new invite link of the owner's notebook, with a code drawn here; the server confirms it on push. */
export async function createInviteLink(
  ctx: DataContext & { syncNow?: () => void },
  notebookId: string,
  expiresAt: string | null = null,
): Promise<WriteResult<InviteLinkDoc>> {
  // Only the owner creates invites (spec §5); the server's policy refuses anyone else (S8).
  if ((await roleIn(ctx, notebookId)) !== 'owner') return refuse({ code: 'not_allowed' });
  if (expiresAt !== null && !(Date.parse(expiresAt) > ctx.now())) return refuse({ code: 'validation', field: 'expires_at' });
  const now = isoNow(ctx);
  const doc: InviteLinkDoc = {
    id: ctx.newId(),
    notebook_id: notebookId,
    code: newInviteCode(),
    status: 'active',
    expires_at: expiresAt,
    redeemed_count: 0,
    created_by: ctx.userId,
    created_at: now,
    updated_at: now,
    server_rev: 0,
  };
  await recordWrite(ctx, 'invite_links', [{ id: doc.id, label: doc.code }], () => collectionOf(ctx, 'invite_links').insert(doc));
  ctx.syncNow?.();
  track('notebook_shared', { method: 'link' });
  return ok(doc);
}

/**
 * Revokes a link. One still awaiting activation is withdrawn instead (deleted): the server takes a
 * new row as active whatever status it carries, so a revocation pushed with the row itself would
 * be lost; deleted, it never opens anything (the server deletes it too if it already had it).
 */
export async function revokeInviteLink(ctx: DataContext, inviteId: string): Promise<WriteResult<InviteLinkDoc>> {
  const doc = await findDoc(ctx, 'invite_links', inviteId);
  if (!doc) return refuse(notFound);
  if (doc.status !== 'active') return ok(doc.toJSON() as InviteLinkDoc);
  if (awaitsActivation(doc)) {
    const withdrawn = { ...(doc.toJSON() as InviteLinkDoc), status: 'revoked' as const };
    await recordWrite(ctx, 'invite_links', [{ id: doc.id, label: doc.code }], () => doc.remove());
    return ok(withdrawn);
  }
  const updated = await recordWrite(ctx, 'invite_links', [{ id: doc.id, label: doc.code }], () =>
    doc.incrementalPatch({ status: 'revoked' }),
  );
  return ok(updated.toJSON() as InviteLinkDoc);
}

/** Why the server refused a redeem, by its code: the notebook's owner removed this person, or the code is no good. */
const REDEEM_REFUSALS: readonly ProblemCode[] = ['invite_invalid', 'access_removed', 'too_many_attempts'];

/**
 * Redeems a code (or a public notebook link): the notebook id, whose data the next pull brings.
 * Someone the owner removed is refused ('access_removed') until the owner shares with them again.
 * Needs only the person's session (redeemBeforeSync calls it before the local database opens).
 */
export async function redeemInvite(ctx: Pick<DataContext, 'client'> & { syncNow?: () => void }, code: string): Promise<WriteResult<string>> {
  if (!ctx.client) return refuse(offline);
  const { data, error } = await ctx.client.rpc('redeem_invite', { p_code: inviteCodeFrom(code) });
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

/** How many people one page of search brings (issue 22's budget: long lists page 20–50 items). */
export const SEARCH_PAGE_SIZE = 20;

/**
 * People for the share dialog ('@ana' by username, anything else by username or name), a page at a
 * time: the page after the last username the dialog shows (keyset: the server's order is stable,
 * an account made meanwhile neither repeats nor skips anyone). A page shorter than
 * SEARCH_PAGE_SIZE is the last.
 */
export async function searchPeople(ctx: DataContext, query: string, after: string | null = null): Promise<WriteResult<PersonFound[]>> {
  if (!ctx.client) return refuse(offline);
  const { data, error } = await ctx.client.rpc('search_users', { p_query: query, p_limit: SEARCH_PAGE_SIZE, p_after: after });
  if (error) return refuse(serverProblem(error));
  track('search', { area: 'people', has_results: (data ?? []).length > 0 }); // never the words typed
  return ok((data ?? []) as PersonFound[]);
}
