import { ROW_TIMESTAMPS, defineCollection, nullableText, nullableTimestamp, nullableUuid, text, uuid, type ReplicatedRow } from './fields.ts';

/** What may be reported (supabase/schemas/reports.sql): codes, never sentences. */
export const REPORT_KINDS = ['question', 'answer', 'guestbook_message', 'poll', 'profile'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why, when the person says (optional). */
export const REPORT_REASONS = ['bullying', 'sexual', 'self_harm', 'hate', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * The moderation's action that handled a report; 'actioned' when it was a warning or ban of the
 * author of an anonymous answer or message, which would say who wrote it (moderation.sql);
 * 'restore' when content once hidden was brought back.
 */
export const REPORT_DECISIONS = ['dismiss', 'hide', 'restore', 'delete', 'warn', 'ban', 'actioned'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** The longest details the server takes (reports.details, 500 characters). */
export const REPORT_DETAILS_MAX = 500;

/**
 * Issue 33: a report I made — written here (offline too) and pushed like any write; the server
 * sends it back with its state and the decision that handled it. It names what was reported (its
 * id, and for a question or an answer the notebook), never who wrote it (S5). Only my own reports
 * reach this device.
 */
export interface ReportDoc extends ReplicatedRow {
  reporter_id: string;
  kind: ReportKind;
  target_id: string;
  notebook_id: string | null;
  reason: ReportReason | null;
  details: string | null;
  status: ReportStatus;
  decision: ReportDecision | null;
  handled_at: string | null;
}

export const reportsCollection = defineCollection<ReportDoc>({
  title: 'reports',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    reporter_id: uuid,
    kind: text,
    target_id: uuid,
    notebook_id: nullableUuid,
    reason: nullableText,
    details: nullableText,
    status: text,
    decision: nullableText,
    handled_at: nullableTimestamp,
    ...ROW_TIMESTAMPS,
  },
  required: ['id'],
});
