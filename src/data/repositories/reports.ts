/**
 * Reports (issue 33): a person reports a notebook question or answer, a guestbook message, a
 * profile poll or a profile. The report is written here first (offline too) and pushed like any
 * write; the server checks that the reporter sees the target (a refusal comes back as any refused
 * write does) and sends the report back with its state and decision. A second open report of the
 * same thing is the first one: nothing new is written (the server does the same for two devices).
 */
import { ok, refuse, type WriteResult } from '../problems.ts';
import {
  REPORT_DETAILS_MAX,
  REPORT_KINDS,
  REPORT_REASONS,
  type ReportDoc,
  type ReportKind,
  type ReportReason,
} from '../schemas/index.ts';
import { collectionOf, isoNow, labelOf, recordWrite, type DataContext } from './context.ts';

export interface ReportInput {
  kind: ReportKind;
  targetId: string;
  reason?: ReportReason | null;
  details?: string | null;
}

export interface ReportMade {
  id: string;
  /** True when an open report of the same thing was already there (nothing new written). */
  already: boolean;
}

export async function makeReport(ctx: DataContext, input: ReportInput): Promise<WriteResult<ReportMade>> {
  const details = (input.details ?? '').trim() || null;
  const reason = input.reason ?? null;
  if (!REPORT_KINDS.includes(input.kind) || !input.targetId) return refuse({ code: 'validation' });
  if (reason !== null && !REPORT_REASONS.includes(reason)) return refuse({ code: 'validation', field: 'reason' });
  if (details !== null && details.length > REPORT_DETAILS_MAX) return refuse({ code: 'validation', field: 'details' });

  const collection = collectionOf(ctx, 'reports');
  const open = await collection
    .findOne({ selector: { reporter_id: ctx.userId, kind: input.kind, target_id: input.targetId, status: 'open' } })
    .exec();
  if (open) return ok({ id: open.id, already: true });

  const now = isoNow(ctx);
  const doc: ReportDoc = {
    id: ctx.newId(),
    reporter_id: ctx.userId,
    kind: input.kind,
    target_id: input.targetId,
    notebook_id: null,
    reason,
    details,
    status: 'open',
    decision: null,
    handled_at: null,
    created_at: now,
    updated_at: now,
    server_rev: 0,
  };
  await recordWrite(ctx, 'reports', [{ id: doc.id, label: labelOf(details) }], () => collection.insert(doc));
  return ok({ id: doc.id, already: false });
}
