/**
 * What every repository function works with: the signed-in person's local database, the sync
 * ledger (pending writes), a clock and an id source (both replaceable in tests), and the
 * supabase-js client for the few online-only calls.
 *
 * Every write lands in IndexedDB first and returns; replication sends it later (S1, S2).
 * Updates change only fields the server takes from a device (conflicts.ts WRITABLE_FIELDS):
 * the server keeps updated_at, server_rev and the like. A device that stamps one for its own
 * screen (moderation: who and when) gets the server's row back when the server has nothing else
 * to change (replication_push), but pushes for nothing meanwhile.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection, RxDatabase, RxDocument } from 'rxdb';
import { prepareWordList, type ForbiddenWordList } from '../content-rules.ts';
import type { Problem } from '../problems.ts';
import type { PendingEntry, SyncLedger } from '../replication/ledger.ts';
import type { CollectionName, DocTypes } from '../schemas/index.ts';

export interface DataContext {
  db: RxDatabase;
  userId: string;
  ledger: SyncLedger;
  now: () => number;
  newId: () => string;
  /** Online-only calls (invite links, redeeming, user search); absent in pure-offline tests. */
  client?: SupabaseClient;
  /** Told after every saved write (the first one asks for persistent storage). */
  onSaved?: () => void;
}

/** Raised when a repository is asked for a collection this database did not open. */
export class MissingCollectionError extends Error {
  constructor(name: string) {
    super(`the local database has no ${name} collection`);
    this.name = 'MissingCollectionError';
  }
}

export function collectionOf<Name extends CollectionName>(ctx: DataContext, name: Name): RxCollection<DocTypes[Name]> {
  // The database holds the collections it was opened with (tests open a few): any of them, by name.
  const collection: RxCollection | undefined = ctx.db.collections[name];
  if (!collection) throw new MissingCollectionError(name);
  return collection;
}

export function hasCollection(ctx: DataContext, name: CollectionName): boolean {
  return Boolean((ctx.db.collections as Record<string, unknown>)[name]);
}

export function isoNow(ctx: DataContext): string {
  return new Date(ctx.now()).toISOString();
}

/** The forbidden-word list as replicated (empty when this database does not hold it). */
export async function forbiddenWords(ctx: DataContext): Promise<ForbiddenWordList> {
  if (!hasCollection(ctx, 'forbidden_words')) return prepareWordList([]);
  const docs = await collectionOf(ctx, 'forbidden_words').find().exec();
  return prepareWordList(docs.map((doc) => doc.word));
}

export async function findDoc<Name extends CollectionName>(
  ctx: DataContext,
  name: Name,
  id: string,
): Promise<RxDocument<DocTypes[Name]> | null> {
  return collectionOf(ctx, name).findOne(id).exec();
}

export const notFound: Problem = { code: 'not_found' };
export const notAuthenticated: Problem = { code: 'not_authenticated' };

function entry(name: CollectionName, id: string, label: string, ctx: DataContext): PendingEntry {
  return { collection: name, id, label, kind: name, since: ctx.now() };
}

/**
 * Runs a local write and records it as pending. The pending mark is queued before the write
 * so that the server's acknowledgement, which can only come after it, always settles it.
 */
export async function recordWrite<T>(
  ctx: DataContext,
  name: CollectionName,
  items: { id: string; label: string }[],
  write: () => Promise<T>,
): Promise<T> {
  const marked = ctx.ledger.markPending(items.map((item) => entry(name, item.id, item.label, ctx)));
  try {
    const result = await write();
    ctx.onSaved?.();
    return result;
  } catch (error) {
    await marked;
    await ctx.ledger.settle(items.map((item) => `${name}/${item.id}`));
    throw error;
  } finally {
    await marked;
  }
}

/**
 * A short label of what the person wrote, for lists of pending writes; empty when they wrote
 * nothing (the list names the kind of write in the person's language, by its collection).
 */
export function labelOf(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  return trimmed.length > 60 ? `${trimmed.slice(0, 57)}…` : trimmed;
}
