import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';

/**
 * ARCHITECTURE S10 on the sync-server: bounded history needs someone to run
 * `replication_purge` on a schedule. On Supabase pg_cron does it (migration
 * 20261124100500_purge_schedule.sql); here a timer does, every `config.purgeIntervalMs`
 * (hourly by default, off in the test servers), with `config.purgeRetention` (30 days, the
 * contract of supabase/README.md).
 */

/** public.purge_status(): the pg_cron job if the database has one, and the last run by anyone. */
export interface PurgeStatus {
  pg_cron_job: { schedule: string; active: boolean; last_status: string | null; last_start: string | null } | null;
  last_run_at: string | null;
  purging: boolean;
}

/**
 * The line to print at start when nothing will ever purge the replication history: this server's
 * timer is off (--purge-interval 0) and the database has no active pg_cron job. Tombstones then
 * pile up for good (S10). Nothing to say for a schema without purge_status (not Cadernos').
 */
export async function purgeWarning(ctx: ServerContext): Promise<string | undefined> {
  if (ctx.config.purgeIntervalMs > 0) return undefined;
  // Two statements: Postgres resolves a function's name when it parses, even in a CASE branch
  // never taken, so one statement naming purge_status fails where it does not exist.
  const present = await ctx.db.query<{ present: boolean }>(`select to_regprocedure('public.purge_status()') is not null as present`);
  if (!present.rows[0].present) return undefined;
  const { rows } = await ctx.db.query<{ status: PurgeStatus | null }>(`select public.purge_status() as status`);
  const status = rows[0].status;
  if (!status || status.pg_cron_job?.active) return undefined;
  return (
    'Warning: nothing purges the replication history: --purge-interval is 0 and this database has no pg_cron job ' +
    '(tombstones of deleted rows pile up). Start with --purge-interval 3600, or schedule the job: README, "Pointing the app at a Supabase project".'
  );
}

/** What one purge removed, and the horizon after it (replication_purge's answer). */
export interface PurgeResult {
  tombstones: number;
  accesses: number;
  pulses: number;
  horizon: string;
}

/** Runs the purge once, as the database owner (the function is the service role's only). */
export async function purgeReplicationHistory(db: Queryable, retention: string): Promise<PurgeResult> {
  const { rows } = await db.query<{ r: PurgeResult }>(`select public.replication_purge($1::interval) as r`, [retention]);
  return rows[0].r;
}

export interface PurgeScheduleOptions {
  /** Called after every run (tests watch the schedule through it). */
  onPurged?: (result: PurgeResult) => void;
}

/**
 * Starts the periodic purge unless the interval is 0. One run at a time: a tick that finds the
 * previous run still going is skipped. A failed run is logged; the next tick tries again. The
 * server waits for a run in progress before it closes the database.
 */
export function schedulePurge(ctx: ServerContext, options: PurgeScheduleOptions = {}): void {
  const { purgeIntervalMs, purgeRetention } = ctx.config;
  if (!(purgeIntervalMs > 0)) return;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = purgeReplicationHistory(ctx.db, purgeRetention)
      .then(
        (result) => options.onPurged?.(result),
        (error: unknown) => console.error('[purge] replication_purge failed:', (error as Error).message),
      )
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, purgeIntervalMs);
  // A pending purge never keeps the process alive on its own.
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    await running;
  });
}
