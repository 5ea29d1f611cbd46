/**
 * The moderation's calls (issue 33; /admin › Denúncias): the queue, a reported target in its
 * context, an admin's decision. Online-only (supabase-js), answered in codes; the rules live in the
 * database (supabase/schemas/moderation.sql): admins only (not_allowed), a reason for every action
 * but dismiss and restore (reason_required), no profile hidden or deleted (validation), no warning
 * or ban for a guest's answer (no_author), no admin banning themselves (own_account).
 */
import { getSupabase } from '../supabase.ts';

export const REPORT_KINDS = ['question', 'answer', 'guestbook_message', 'poll', 'profile'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATES = ['open', 'actioned', 'dismissed', 'all'] as const;
export type ReportStateFilter = (typeof REPORT_STATES)[number];
export const REPORT_REASONS = ['bullying', 'sexual', 'self_harm', 'hate', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'delete', 'warn', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The actions that change content or an account: a confirmation first. */
export const DESTRUCTIVE_ACTIONS: readonly ModerationAction[] = ['hide', 'delete', 'ban'];
/** The actions whose reason the author reads (the statement of reasons): required. */
export const ACTIONS_WITH_REASON: readonly ModerationAction[] = ['hide', 'delete', 'warn', 'ban'];
/** Targets per page of the queue (issue 33's budget: 20–50). */
export const QUEUE_PAGE_SIZE = 20;
/** The most characters of a reason (admin_actions.reason). */
export const REASON_MAX = 1000;

export type ModerationProblem =
  | 'offline'
  | 'not_allowed'
  | 'reason_required'
  | 'not_found'
  | 'no_author'
  | 'own_account'
  | 'validation'
  | 'server';

const NAMED: ReadonlySet<string> = new Set<ModerationProblem>(['not_allowed', 'reason_required', 'not_found', 'no_author', 'own_account', 'validation']);

export class ModerationError extends Error {
  constructor(readonly problem: ModerationProblem) {
    super(problem);
    this.name = 'ModerationError';
  }
}

interface ServerError {
  code?: string;
  hint?: string | null;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The code of a refused or failed call. */
export function moderationProblem(error: ServerError): ModerationProblem {
  if (!error.code) return offline() ? 'offline' : 'server';
  const hint = error.hint ?? '';
  if (NAMED.has(hint)) return hint as ModerationProblem;
  if (error.code === '42501' || error.code === 'PGRST301') return 'not_allowed';
  return 'server';
}

async function call<T>(fn: string, args: Record<string, unknown>): Promise<T> {
  if (offline()) throw new ModerationError('offline');
  let answer: { data: unknown; error: ServerError | null };
  try {
    answer = await getSupabase().rpc(fn, args);
  } catch {
    throw new ModerationError(offline() ? 'offline' : 'server');
  }
  if (answer.error) throw new ModerationError(moderationProblem(answer.error));
  return answer.data as T;
}

export interface QueueItem {
  kind: ReportKind;
  target_id: string;
  notebook_id: string | null;
  /** How many reports of the state asked. */
  reports: number;
  self_harm: boolean;
  reasons: ReportReason[];
  /** The newest report's time. */
  newest: string;
  /** The content in a few words (null: it was removed). */
  preview: string | null;
  hidden: boolean;
  gone: boolean;
}

/** The keyset of the queue: the last item of a page, as the server wrote it. */
export type QueueCursor = Record<string, unknown>;

export interface QueuePage {
  items: QueueItem[];
  next: QueueCursor | null;
}

/** A page of the queue: self-harm first, then the most reported, then the newest. */
export function readReportQueue(kind: ReportKind | null, state: ReportStateFilter, after: QueueCursor | null): Promise<QueuePage> {
  return call<QueuePage>('admin_report_queue', { p_kind: kind, p_status: state, p_limit: QUEUE_PAGE_SIZE, p_after: after });
}

export interface TargetReport {
  id: string;
  reason: ReportReason | null;
  details: string | null;
  status: 'open' | 'dismissed' | 'actioned';
  /** 'actioned': a warning or ban of an anonymous author, as the reporters were told (the audit has the action) */
  decision: ModerationAction | 'actioned' | null;
  created_at: string;
  handled_at: string | null;
}

export interface AuditEntry {
  id: string;
  action: string;
  reason: string | null;
  created_at: string;
  /** The admin's username (null: the service role, or a removed account). */
  admin: string | null;
}

export interface ReportTarget {
  kind: ReportKind;
  target_id: string;
  /** false: the content was removed (its reports and audit remain). */
  present: boolean;
  hidden_at: string | null;
  content: {
    text: string;
    is_anonymous: boolean;
    created_at: string;
    /** a poll's options */
    options?: string[];
    /** a guest's answer: the guest's name */
    guest_name?: string | null;
    moderation_status?: string;
    status?: string;
    username?: string;
    display_name?: string | null;
    status_message?: string | null;
  } | null;
  /** The author (an anonymous answer's too: admins are the moderators); null for a guest's answer. */
  author: { id: string; username: string; display_name: string | null; account_status: string } | null;
  context: {
    notebook?: { id: string; title: string; owner: string } | null;
    question?: { id: string; text: string };
    profile?: { id: string; username: string; display_name: string | null };
  };
  reports: TargetReport[];
  audit: AuditEntry[];
}

/** The reported content in its context, its reports and the audit log's entries about it. */
export function readReportTarget(kind: ReportKind, target: string): Promise<ReportTarget> {
  return call<ReportTarget>('admin_report_target', { p_kind: kind, p_target: target });
}

export interface ActResult {
  action: ModerationAction;
  /** Reports settled by it. */
  handled: number;
  author_notified: boolean;
}

/** An admin's decision on a target, with the reason the author reads. */
export function actOnReport(kind: ReportKind, target: string, action: ModerationAction, reason: string): Promise<ActResult> {
  const trimmed = reason.trim();
  if ((ACTIONS_WITH_REASON as readonly string[]).includes(action) && !trimmed) return Promise.reject(new ModerationError('reason_required'));
  return call<ActResult>('admin_act', { p_kind: kind, p_target: target, p_action: action, p_reason: trimmed || null });
}
