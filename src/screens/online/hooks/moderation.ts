/**
 * The reports section's online data (the pattern: src/screens/online/README.md): its query keys,
 * the queue's pages (keyset, LoadMore), a target in its context, and the admin's decision, after
 * which both read again. The server calls are src/data/online/moderation.ts (no React).
 * Not kept on the device: the admin's reads name the authors of anonymous answers, so these
 * queries have no persister (the online cache's IndexedDB copy) and live in memory only.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  actOnReport,
  readReportQueue,
  readReportTarget,
  type ModerationAction,
  type QueueCursor,
  type ReportKind,
  type ReportStateFilter,
} from '../../../data/online/moderation.ts';

export const moderationKeys = {
  all: ['admin-reports'] as const,
  queue: (kind: ReportKind | null, state: ReportStateFilter) => ['admin-reports', 'queue', kind ?? 'all', state] as const,
  target: (kind: ReportKind, target: string) => ['admin-reports', 'target', kind, target] as const,
};

/** The queue of one kind (null: every kind) and state, 20 targets a page. */
export function useReportQueue(kind: ReportKind | null, state: ReportStateFilter) {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(kind, state),
    queryFn: ({ pageParam }) => readReportQueue(kind, state, pageParam),
    initialPageParam: null as QueueCursor | null,
    getNextPageParam: (lastPage) => lastPage.next,
    persister: undefined,
  });
}

/** A reported target in its context, with its reports and audit entries. */
export function useReportTarget(kind: ReportKind, target: string) {
  return useQuery({
    queryKey: moderationKeys.target(kind, target),
    queryFn: () => readReportTarget(kind, target),
    persister: undefined,
  });
}

/** An admin's decision; the queue and the target read again. */
export function useModerationAct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, target, action, reason }: { kind: ReportKind; target: string; action: ModerationAction; reason: string }) =>
      actOnReport(kind, target, action, reason),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
