/**
 * The first pages of a new person's first sync, asked for before their local database is open
 * (issue 20). Someone who signs up from an invitation waits, after the redeem, for two things that
 * do not need each other: RxDB opening on a slow phone's CPU (most of a second) and the first
 * pull of the notebook's own rows (a round trip). Made right after the redeem answers, those pulls
 * run while the database opens; the first sync then takes their answers instead of asking again.
 *
 * Nothing reaches the screen from here: the answers go through the replication's own path (the
 * first sync stores them in RxDB, and the screens read RxDB, S1/S2). Each is the very request the
 * first sync would make — same collection, no checkpoint, same page size, the same person's
 * session — so it is what that pull would give them (RLS, S5); only sent earlier. A page is taken
 * once, by that person's replication, within FRESH_MS; anything else asks the server as usual.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CollectionName } from '../schemas/index.ts';
import { rpcTransport, type PullResponse, type ReplicationTransport } from './transport.ts';

/**
 * A notebook's own rows, and the person's share of it (their role: redeem_invite writes it): their
 * first sync goes before the other collections' (sync-engine.ts), and these are the pages asked
 * for early.
 */
export const SYNCED_FIRST: readonly CollectionName[] = ['notebooks', 'questions', 'notebook_shares'];
/** The server hands out at most 1000 documents per pull. */
export const PULL_BATCH = 1000;
/** A page older than this is not used (the first sync asks again). */
const FRESH_MS = 30_000;

interface Offer {
  userId: string;
  limit: number;
  at: number;
  page: Promise<PullResponse>;
}

const offers = new Map<CollectionName, Offer>();

/** Sends the first pulls of SYNCED_FIRST for the signed-in `userId` now, for their first sync to take. */
export function prefetchFirstPages(client: SupabaseClient, userId: string, now: () => number = Date.now): void {
  const transport = rpcTransport(client);
  for (const collection of SYNCED_FIRST) {
    const page = transport.pull(collection, null, PULL_BATCH);
    page.catch(() => undefined); // a failed one is asked for again by the first sync
    offers.set(collection, { userId, limit: PULL_BATCH, at: now(), page });
  }
}

/**
 * Whether the early page of `collection` for `userId` holds the document `id`; false when none was
 * sent or it failed. An invitation redeemed by the sign-up is checked so: the pages were asked
 * for beside the redeem, and must have seen the share.
 */
export async function firstPageHolds(collection: CollectionName, userId: string, id: string): Promise<boolean> {
  const offer = offers.get(collection);
  if (!offer || offer.userId !== userId) return false;
  const page = await offer.page.catch(() => null);
  return page?.documents.some((document) => document.id === id) ?? false;
}

/**
 * `transport` for `userId`'s replication: a pull from the start that was sent early is answered
 * with that request's answer (once); every other call goes to `transport`.
 */
export function withFirstPages(transport: ReplicationTransport, userId: string, now: () => number = Date.now): ReplicationTransport {
  return {
    pull(collection, checkpoint, limit) {
      const offer = checkpoint === null ? offers.get(collection) : undefined;
      if (!offer || offer.userId !== userId) return transport.pull(collection, checkpoint, limit);
      offers.delete(collection);
      if (offer.limit !== limit || now() - offer.at > FRESH_MS) return transport.pull(collection, checkpoint, limit);
      return offer.page.catch(() => transport.pull(collection, checkpoint, limit));
    },
    push: (collection, rows) => transport.push(collection, rows),
  };
}
