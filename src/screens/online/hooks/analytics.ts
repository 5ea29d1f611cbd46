/**
 * /admin › Estatísticas' online data (issue 36; the pattern: src/screens/online/README.md): the
 * summary of one period, read from admin_analytics_summary (src/data/online/analytics.ts). Not kept
 * on the device (no persister); the previous period stays on screen while the next one loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readAnalyticsSummary, type AnalyticsPeriod } from '../../../data/online/analytics.ts';

export const analyticsKeys = {
  summary: (days: AnalyticsPeriod) => ['admin', 'analytics', days] as const,
};

export function useAnalyticsSummary(days: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.summary(days),
    queryFn: () => readAnalyticsSummary(days),
    placeholderData: keepPreviousData,
    persister: undefined,
  });
}
