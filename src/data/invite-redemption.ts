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
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { getCurrentUserId, onUserChange } from './auth.ts';
import type { WriteResult } from './problems.ts';
import { prefetchFirstPages } from './replication/first-pages.ts';
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
  const stop = onUserChange((userId) => {
    if (!userId) return;
    stop();
    awaitingSignIn = null;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // the page says it waits for the network
    started = { code, userId, redeem: startRedeem(code, client, userId) };
  });
  awaitingSignIn = stop;
}

/** The redeem, held by the first sync; with `newlySignedIn`, that person's first pages asked for as soon as it is answered. */
function startRedeem(code: string, client: SupabaseClient, newlySignedIn?: string): Promise<WriteResult<string>> {
  const redeem = redeemInvite({ client }, code).then((result) => {
    // Before the hold is released: the first sync finds the pages on their way.
    if (result.ok && newlySignedIn && getCurrentUserId() === newlySignedIn) prefetchFirstPages(client, newlySignedIn);
    return result;
  });
  holdFirstSync(redeem);
  return redeem;
}
