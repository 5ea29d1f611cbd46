/**
 * /admin › Estatísticas (issue 36): the one server call, admin_analytics_summary
 * (supabase/schemas/analytics.sql) — per day of the period the events, notebooks created,
 * answers, sign-ups and active people (distinct daily visitor values), and the totals. Answered
 * in codes (AdminError: not_allowed, offline, server).
 */
import { getSupabase } from '../supabase.ts';
import { AdminError, adminProblem } from './admin.ts';

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export interface AnalyticsDay {
  /** YYYY-MM-DD (UTC) */
  day: string;
  events: number;
  notebooks: number;
  answers: number;
  sign_ups: number;
  active: number;
}

export interface AnalyticsSummary {
  from: string;
  to: string;
  days: AnalyticsDay[];
  totals: { events: number; notebooks: number; answers: number; sign_ups: number; active_per_day: number };
}

export async function readAnalyticsSummary(days: AnalyticsPeriod): Promise<AnalyticsSummary> {
  const { data, error } = await getSupabase().rpc('admin_analytics_summary', { p_days: days });
  if (error) throw new AdminError(adminProblem(error));
  return data as AnalyticsSummary;
}
