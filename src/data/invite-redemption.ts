/**
 * The invitation page's first step after sign-in (issue 20): a new person's first sync starts the
 * moment they are signed in, and a redeem made through the open data layer came after it — the
 * notebook they were invited to then arrived a round later. Redeemed with the session alone,
 * while the local database is still opening — and the first sync waiting for its answer
 * (replication/first-sync-holds.ts) — the notebook is theirs when the first pull asks: it comes
 * first, with everything else.
 */
import type { WriteResult } from './problems.ts';
import { holdFirstSync } from './replication/first-sync-holds.ts';
import { redeemInvite } from './repositories/invites.ts';
import { getSupabase } from './supabase.ts';

export function redeemBeforeSync(code: string): Promise<WriteResult<string>> {
  const redeem = redeemInvite({ client: getSupabase() }, code);
  holdFirstSync(redeem);
  return redeem;
}
