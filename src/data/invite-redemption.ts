/**
 * The invitation page's first step after sign-in (issue 20): a new person's first sync starts the
 * moment they are signed in, and a redeem made through the open data layer came after it — the
 * notebook they were invited to then arrived a round later. Redeemed with the session alone,
 * while the local database is still opening — and the first sync waiting for its answer
 * (replication/first-sync-holds.ts) — the notebook is theirs when the first pull asks: it comes
 * first, with everything else.
 *
 * A visitor who set out from the invitation to sign up or log in is redeemed the moment the
 * sign-in answers (redeemOnSignIn), not after the app has gone back to the invitation page and
 * drawn it: on a slow phone that way back is half a second. The page then finds its redeem under
 * way, or answered, and asks nothing again. Once redeemed, the first pages of their first sync are
 * asked for while their database opens (replication/first-pages.ts) — only for this newly signed-in
 * person: someone already signed in on this device has their data here, and pulls from where it
 * stopped.
 *
 * A sign-up from the invitation carries its code (invite-intent.ts), and the server redeems it
 * while it makes the account: those first pages are asked for the moment the sign-up answers,
 * beside the redeem (which then only confirms), not a round trip after it. If the notebook is not
 * in them after all (the code had expired meanwhile, or the server is older), they are asked for
 * again once the redeem has answered, before the first sync may take them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { getCurrentUserId, onUserChange } from './auth.ts';
import { setOutFromInvite, takeSentWithSignUp } from './invite-intent.ts';
import type { WriteResult } from './problems.ts';
import { firstPageHolds, prefetchFirstPages } from './replication/first-pages.ts';
import { holdFirstSync } from './replication/first-sync-holds.ts';
import { redeemInvite } from './repositories/invites.ts';
import { getSupabase } from './supabase.ts';

/** The redeem started at sign-in, for whom and which code (one at a time: the last invitation left for). */
let started: { code: string; userId: string; redeem: Promise<WriteResult<string>> } | null = null;
let awaitingSignIn: (() => void) | null = null;

/** Redeems `code` for the signed-in person, or joins the redeem that their sign-in already started. */
export function redeemBeforeSync(code: string, client: SupabaseClient = getSupabase()): Promise<WriteResult<string>> {
  if (started && started.code === code && started.userId === getCurrentUserId()) {
    const { redeem } = started;
    started = null; // a retry after a refusal asks the server again
    return redeem;
  }
  return startRedeem(code, client);
}

/**
 * The visitor tapped "Criar conta" or "Entrar" on the invitation of `code`: whoever signs in next
 * (on this page, before it reloads) redeems it at once. Someone already signed in is left to the
 * invitation page.
 */
export function redeemOnSignIn(code: string, client: SupabaseClient = getSupabase()): void {
  if (getCurrentUserId()) return;
  awaitingSignIn?.();
  setOutFromInvite(code);
  const stop = onUserChange((userId) => {
    if (!userId) return;
    stop();
    awaitingSignIn = null;
    const redeemedBySignUp = takeSentWithSignUp(code);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // the page says it waits for the network
    started = { code, userId, redeem: startRedeem(code, client, { userId, redeemedBySignUp }) };
  });
  awaitingSignIn = stop;
}

interface NewlySignedIn {
  userId: string;
  /** Their sign-up carried the code: the server has redeemed it already (if it opens anything). */
  redeemedBySignUp: boolean;
}

/**
 * The redeem; the first sync waits for it and for the first pages to be on their way. For someone
 * `newlySignedIn`, those pages are asked for at once when their sign-up redeemed the code, else as
 * soon as the redeem answers.
 */
function startRedeem(code: string, client: SupabaseClient, newlySignedIn?: NewlySignedIn): Promise<WriteResult<string>> {
  if (newlySignedIn?.redeemedBySignUp) prefetchFirstPages(client, newlySignedIn.userId);
  const redeem = redeemInvite({ client }, code);
  const pagesOnTheirWay = redeem.then(async (result) => {
    if (!result.ok || !newlySignedIn || getCurrentUserId() !== newlySignedIn.userId) return;
    const { userId, redeemedBySignUp } = newlySignedIn;
    if (redeemedBySignUp && (await firstPageHolds('notebooks', userId, result.value))) return;
    prefetchFirstPages(client, userId);
  });
  holdFirstSync(pagesOnTheirWay);
  return redeem;
}
