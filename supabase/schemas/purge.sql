set check_function_bodies = off;

-- S10 on a schedule: replication_purge (tombstones and revoked accesses older than the
-- retention, pulses older than ten minutes) runs every hour, with the contract's retention of
-- 30 days (supabase/README.md).
--
-- On Supabase pg_cron does it: this migration enables the extension and schedules the job.
-- Where pg_cron is not available (PGlite, a plain Postgres) or cannot be enabled (not in
-- shared_preload_libraries, another database than cron.database_name) it does nothing: the
-- sync-server runs the purge itself on a timer (sync-server/purge, --purge-interval).
-- Re-running it is harmless: pg_cron replaces a job of the same name.
--
-- Where pg_cron cannot be enabled, tombstones and revoked accesses would pile up for good and
-- nobody would know: public.purge_status() (below) tells an admin or the service role whether the
-- purge runs. After deploying: `select public.purge_status();` in the SQL editor (README,
-- "Pointing the app at a Supabase project"). The sync-server prints a warning at start when
-- nothing will purge.

do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available here: replication_purge is not scheduled in the database';
    return;
  end if;
  begin
    create extension if not exists pg_cron;
  exception when others then
    raise notice 'pg_cron could not be enabled (%): replication_purge is not scheduled in the database', sqlerrm;
    return;
  end;
  perform cron.schedule('cadernos-replication-purge', '17 * * * *',
                        $job$select public.replication_purge(interval '30 days')$job$);
end
$migration$;

-- { "pg_cron_job":  null | { "schedule", "active", "last_status", "last_start", "last_message" },
--   "last_run_at":  when replication_purge last ran, whoever ran it (pg_cron or the sync-server),
--   "purging":      true when it ran within the last two hours (it is hourly everywhere) }
create or replace function public.purge_status()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  job_id bigint;
  job_schedule text;
  job_active boolean;
  run_status text;
  run_start timestamptz;
  run_message text;
  last_run timestamptz;
begin
  -- no request role at all: the database owner (psql, the sync-server itself)
  if not (coalesce(auth.role(), 'service_role') = 'service_role' or public.is_admin()) then
    raise exception using errcode = '42501', message = 'Only admins see the purge status.', hint = 'not_allowed';
  end if;
  select h.last_run_at into last_run from private.replication_horizon h;
  if to_regclass('cron.job') is not null then
    select j.jobid, j.schedule, j.active into job_id, job_schedule, job_active
      from cron.job j where j.jobname = 'cadernos-replication-purge';
    if job_id is not null and to_regclass('cron.job_run_details') is not null then
      select d.status, d.start_time, d.return_message into run_status, run_start, run_message
        from cron.job_run_details d where d.jobid = job_id order by d.start_time desc limit 1;
    end if;
  end if;
  return jsonb_build_object(
    'pg_cron_job', case when job_id is not null then jsonb_build_object(
      'schedule', job_schedule, 'active', job_active, 'last_status', run_status,
      'last_start', run_start, 'last_message', run_message) end,
    'last_run_at', last_run,
    'purging', coalesce(last_run > now() - interval '2 hours', false));
end
$$;
comment on function public.purge_status() is
  'Whether replication_purge runs (S10): the pg_cron job if any, the last run by anyone, purging = ran within two hours. Admins and the service role.';
-- Admins (the function refuses other people itself) and the service role; not visitors.
revoke all on function public.purge_status() from public, anon, authenticated, service_role;
grant execute on function public.purge_status() to authenticated, service_role;
