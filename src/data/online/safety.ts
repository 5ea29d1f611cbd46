/**
 * Safety (issue 22): the guardian's confirmation, blocks, and "your data" — online-only calls
 * (supabase-js), answered in codes. The rules themselves live in the database
 * (supabase/migrations/20261124110300_safety.sql); these functions only ask.
 */
import { getSupabase } from '../supabase.ts';

/** Why a safety call did not go through. */
export type SafetyProblem =
  /** No connection: nothing was tried. */
  | 'offline'
  /** The guardian's link is unknown or expired. */
  | 'guardian_link_invalid'
  /** The username typed to delete the account is not the person's. */
  | 'confirmation_mismatch'
  /** Too many wrong links or codes in a short time (issue 28): later will do. */
  | 'too_many_attempts'
  /** The server refused (a block across which nothing may be done, a signed-out caller). */
  | 'not_allowed'
  /** Anything else: the server failed or could not be reached. */
  | 'server';

export type SafetyResult<T> = { ok: true; value: T } | { ok: false; problem: SafetyProblem };

interface ServerError {
  code?: string;
  hint?: string | null;
  message?: string;
}

function failure(error: ServerError): { ok: false; problem: SafetyProblem } {
  if (error.hint === 'guardian_link_invalid' || error.hint === 'confirmation_mismatch' || error.hint === 'too_many_attempts') {
    return { ok: false, problem: error.hint };
  }
  if (error.code === '42501' || error.hint === 'not_allowed') return { ok: false, problem: 'not_allowed' };
  return { ok: false, problem: 'server' };
}

async function call<T>(run: () => PromiseLike<{ data: unknown; error: ServerError | null }>): Promise<SafetyResult<T>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { ok: false, problem: 'offline' };
  try {
    const { data, error } = await run();
    if (error) return failure(error);
    return { ok: true, value: data as T };
  } catch {
    return { ok: false, problem: 'server' };
  }
}

// ----- the guardian ------------------------------------------------------------------------

export interface GuardianConfirmation {
  username: string;
  already_confirmed: boolean;
}

/** The guardian opened the mailed link (no account needed). */
export function confirmGuardian(token: string): Promise<SafetyResult<GuardianConfirmation>> {
  return call(() => getSupabase().rpc('confirm_guardian', { p_token: token }));
}

export interface MySafety {
  /** A 13–17-year-old (from the date of birth given at sign-up). */
  minor: boolean;
  guardianEmail: string | null;
  guardianConfirmed: boolean;
  /** Whether the guardian was ever mailed a link (false: not yet — e.g. the address had enough that day). */
  guardianMailed?: boolean;
}

const ADULT_AGE = 18;

/** The person's own age and guardian state (account_safety: only they read it). */
export async function readMySafety(): Promise<SafetyResult<MySafety | null>> {
  const result = await call<
    { birth_date: string | null; guardian_email: string | null; guardian_confirmed_at: string | null; guardian_mailed_at: string | null }[]
  >(() => getSupabase().from('account_safety').select('birth_date, guardian_email, guardian_confirmed_at, guardian_mailed_at'));
  if (!result.ok) return result;
  const row = result.value[0];
  if (!row) return { ok: true, value: null };
  return {
    ok: true,
    value: {
      minor: row.birth_date !== null && yearsSince(row.birth_date) < ADULT_AGE,
      guardianEmail: row.guardian_email,
      guardianConfirmed: row.guardian_confirmed_at !== null,
      guardianMailed: row.guardian_mailed_at != null,
    },
  };
}

function yearsSince(date: string, today = new Date()): number {
  const [year, month, day] = date.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age -= 1;
  return age;
}

// ----- blocks ------------------------------------------------------------------------------

export interface BlockedPerson {
  blocked_id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  created_at: string;
}

/** How many blocked people one page brings (issue 22's budget: long lists page 20–50 items). */
export const BLOCKED_PAGE_SIZE = 20;

/** Where the next page of blocked people starts: the last one of the page before. */
export interface BlockedCursor {
  created_at: string;
  blocked_id: string;
}

/**
 * One page of the people I blocked, newest block first: the first page without a cursor, then the
 * page after the last person read (keyset: a block made meanwhile neither repeats nor skips anyone).
 */
export function listBlocked(after: BlockedCursor | null = null, limit = BLOCKED_PAGE_SIZE): Promise<SafetyResult<BlockedPerson[]>> {
  return call(() =>
    getSupabase().rpc('my_blocks', {
      p_limit: limit,
      p_after_created_at: after?.created_at ?? null,
      p_after_id: after?.blocked_id ?? null,
    }),
  );
}

/** The cursor of the page after `page`, or null when `page` was the last (shorter than a full page). */
export function nextBlockedCursor(page: BlockedPerson[], limit = BLOCKED_PAGE_SIZE): BlockedCursor | null {
  const last = page.at(-1);
  return page.length < limit || !last ? null : { created_at: last.created_at, blocked_id: last.blocked_id };
}

/**
 * Every id `owner` blocked, and nothing else: the device's list for hiding the blocked people's
 * content (blocked-store). Ids only, so the whole list is one small read; the settings' list with
 * names pages (listBlocked).
 */
export async function listBlockedIds(owner: string): Promise<SafetyResult<string[]>> {
  const result = await call<{ blocked_id: string }[]>(() => getSupabase().from('blocks').select('blocked_id').eq('blocker_id', owner));
  return result.ok ? { ok: true, value: result.value.map((row) => row.blocked_id) } : result;
}

/** Blocks a person: the server ends what the two shared (their access to my notebooks, mine to theirs). */
export async function blockPerson(userId: string): Promise<SafetyResult<null>> {
  const result = await call<null>(() => getSupabase().from('blocks').insert({ blocked_id: userId }));
  // Blocking twice is what the person wanted: already done.
  if (!result.ok && result.problem === 'server') {
    const again = await call<{ id: string }[]>(() => getSupabase().from('blocks').select('id').eq('blocked_id', userId));
    if (again.ok && again.value.length > 0) return { ok: true, value: null };
  }
  return result;
}

export function unblockPerson(userId: string): Promise<SafetyResult<null>> {
  return call(() => getSupabase().from('blocks').delete().eq('blocked_id', userId));
}

/** Whether I blocked this person (the profile page's button says Block or Unblock). */
export async function haveBlocked(userId: string): Promise<SafetyResult<boolean>> {
  const result = await call<{ id: string }[]>(() => getSupabase().from('blocks').select('id').eq('blocked_id', userId));
  return result.ok ? { ok: true, value: result.value.length > 0 } : result;
}

// ----- your data ---------------------------------------------------------------------------

/** Everything the person wrote, gathered by the server (export_my_data), as a JSON text. */
/** A download of everything the person wrote: the file's text and the name to save it under. */
export interface DataExport {
  json: string;
  fileName: string;
}

export async function exportMyData(now = new Date()): Promise<SafetyResult<DataExport>> {
  const result = await call<unknown>(() => getSupabase().rpc('export_my_data'));
  return result.ok ? { ok: true, value: dataExport(result.value, now) } : result;
}

/**
 * The file is named after the username the export itself holds, not after what the screen had
 * loaded: a tap before the session's username arrived used to save `cadernos-dados-….json`.
 */
export function dataExport(exported: unknown, now: Date): DataExport {
  const username = (exported as { profile?: { username?: unknown } } | null)?.profile?.username;
  const name = typeof username === 'string' && username ? username : 'dados';
  return { json: JSON.stringify(exported, null, 2), fileName: `cadernos-${name}-${now.toISOString().slice(0, 10)}.json` };
}

/** The buckets a person's own pictures live in (their folder is their id; profiles migration). */
const OWN_FILE_BUCKETS = ['avatars', 'covers'] as const;

/**
 * Deletes the account (the username typed again confirms it). The caller then signs out locally.
 * The person's avatar and cover files go too: Storage removes files only through its API (on
 * Supabase, not from SQL), and the storage policies let a person remove their own folder — with
 * the access token this device still holds for a moment after the server ended every session.
 */
export async function deleteMyAccount(usernameTyped: string, userId: string): Promise<SafetyResult<null>> {
  const result = await call<null>(() => getSupabase().rpc('delete_my_account', { p_username: usernameTyped }));
  if (result.ok) await removeOwnFiles(userId);
  return result;
}

async function removeOwnFiles(userId: string): Promise<void> {
  const storage = getSupabase().storage;
  for (const bucket of OWN_FILE_BUCKETS) {
    try {
      const { data } = await storage.from(bucket).list(userId, { limit: 1000 });
      const names = (data ?? []).map((file) => `${userId}/${file.name}`);
      if (names.length > 0) await storage.from(bucket).remove(names);
    } catch {
      // best effort: the profile no longer names the files, and nobody can list someone else's folder
    }
  }
}

/** A 13–17-year-old whose guardian has not confirmed: the database keeps the safest settings. */
export function awaitsGuardian(mine: MySafety | null | undefined): boolean {
  return Boolean(mine?.minor && !mine.guardianConfirmed);
}
