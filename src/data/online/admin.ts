/**
 * The admin panel's people tools (issue 33; /admin › Usuários, Palavras proibidas, Registro de
 * ações): online-only calls (supabase-js), answered in codes. The rules live in the database
 * (supabase/schemas/admin.sql): admins only (not_allowed), a ban needs a reason (reason_required),
 * never one's own account (own_account), never the last admin demoted (last_admin); the audit log is
 * written by the database itself, whatever the path. Forbidden words are written straight into
 * public.forbidden_words (admins only, by RLS): effective at once in the database, on devices after
 * their next sync.
 */
import { getSupabase } from '../supabase.ts';

/** People and audit entries per page (issue 33: lists page 20–50). */
export const PEOPLE_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 30;
/** The most characters of a reason (admin_actions.reason). */
export const ADMIN_REASON_MAX = 1000;
export const WORD_LANGUAGES = ['pt-BR', 'en-US'] as const;
export type WordLanguage = (typeof WORD_LANGUAGES)[number];

export type AdminProblem =
  | 'offline'
  | 'not_allowed'
  | 'reason_required'
  | 'reason_too_long'
  | 'own_account'
  | 'last_admin'
  | 'not_active'
  | 'not_found'
  /** The word is already on that language's list. */
  | 'word_exists'
  /** An empty word, or another malformed input. */
  | 'validation'
  | 'server';

const NAMED: ReadonlySet<string> = new Set<AdminProblem>([
  'not_allowed', 'reason_required', 'reason_too_long', 'own_account', 'last_admin', 'not_active', 'not_found', 'validation',
]);

export class AdminError extends Error {
  constructor(readonly problem: AdminProblem) {
    super(problem);
    this.name = 'AdminError';
  }
}

interface ServerError {
  code?: string;
  hint?: string | null;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The code of a refused or failed call. */
export function adminProblem(error: ServerError): AdminProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  const hint = error.hint ?? '';
  if (NAMED.has(hint)) return hint as AdminProblem;
  // the unique (language, normalized word) of forbidden_words
  if (error.code === '23505') return 'word_exists';
  // a blank word (the table's check)
  if (error.code === '23514') return 'validation';
  if (error.code === '42501' || error.code === 'PGRST301') return 'not_allowed';
  return 'server';
}

async function call<T>(run: () => PromiseLike<{ data: unknown; error: ServerError | null }>): Promise<T> {
  if (offline()) throw new AdminError('offline');
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await run();
  } catch {
    throw new AdminError('server');
  }
  if (answer.error) throw new AdminError(adminProblem(answer.error));
  return answer.data as T;
}

export type AccountStatus = 'active' | 'banned' | 'deleted';

/** A person as the Users section shows them (admin_people). */
export interface AdminPerson {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  email: string | null;
  account_status: AccountStatus;
  is_admin: boolean;
  created_at: string;
  notebooks: number;
  answers: number;
  guestbook_messages: number;
  polls: number;
  reports_open: number;
  reports_total: number;
}

/**
 * People found by `query` ('@ana': usernames beginning so; with '@' elsewhere: e-mails; else a part
 * of a username or name; empty: everyone), alphabetical, the page after `after` (a username).
 */
export function listPeople(query: string, after: string | null = null, limit = PEOPLE_PAGE_SIZE): Promise<AdminPerson[]> {
  return call(() => getSupabase().rpc('admin_people', { p_query: query, p_limit: limit, p_after: after }));
}

/** The next page's cursor, or undefined after the last page. */
export function nextPeopleCursor(page: AdminPerson[], limit = PEOPLE_PAGE_SIZE): string | undefined {
  return page.length < limit ? undefined : page[page.length - 1].username;
}

/** Bans or lets back a person; answers their state now. */
export function setBanned(userId: string, banned: boolean, reason: string): Promise<AccountStatus> {
  return call(() => getSupabase().rpc('admin_set_banned', { p_user: userId, p_banned: banned, p_reason: reason.trim() || null }));
}

/** Promotes or demotes a person; answers whether they are an admin now. */
export function setAdmin(userId: string, isAdmin: boolean): Promise<boolean> {
  return call(() => getSupabase().rpc('admin_set_admin', { p_user: userId, p_is_admin: isAdmin }));
}

/** One entry of the audit log (admin_audit_log). */
export interface AuditEntry {
  id: string;
  created_at: string;
  action: string;
  admin_id: string | null;
  admin_username: string | null;
  target_kind: string | null;
  target_id: string | null;
  user_id: string | null;
  user_username: string | null;
  report_id: string | null;
  reason: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditCursor {
  created_at: string;
  id: string;
}

/** The audit log, newest first, the page after `after` (optionally about one person). */
export function listAudit(after: AuditCursor | null = null, userId: string | null = null, limit = AUDIT_PAGE_SIZE): Promise<AuditEntry[]> {
  return call(() =>
    getSupabase().rpc('admin_audit_log', {
      p_limit: limit,
      p_after_at: after?.created_at ?? null,
      p_after_id: after?.id ?? null,
      p_user: userId,
    }),
  );
}

export function nextAuditCursor(page: AuditEntry[], limit = AUDIT_PAGE_SIZE): AuditCursor | undefined {
  const last = page[page.length - 1];
  return page.length < limit || !last ? undefined : { created_at: last.created_at, id: last.id };
}

export interface ForbiddenWord {
  id: string;
  word: string;
  language: WordLanguage;
  created_at: string;
}

/** A language's forbidden words, alphabetical (the lists are short: a few hundred at most). */
export function listForbiddenWords(language: WordLanguage): Promise<ForbiddenWord[]> {
  return call(() =>
    getSupabase().from('forbidden_words').select('id, word, language, created_at').eq('language', language).order('normalized'),
  );
}

export function addForbiddenWord(language: WordLanguage, word: string): Promise<unknown> {
  const trimmed = word.trim();
  if (!trimmed) return Promise.reject(new AdminError('validation'));
  return call(() => getSupabase().from('forbidden_words').insert({ word: trimmed, language }));
}

export function removeForbiddenWord(id: string): Promise<unknown> {
  return call(() => getSupabase().from('forbidden_words').delete().eq('id', id));
}
