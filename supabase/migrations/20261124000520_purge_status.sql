-- S10 made visible. Where pg_cron cannot be enabled, 20261122001200_purge_schedule.sql only
-- prints a notice: tombstones and revoked accesses would then pile up for good, and nobody would
-- know. public.purge_status() tells an admin or the service role whether the purge runs:
--
--   { "pg_cron_job":  null | { "schedule", "active", "last_status", "last_start", "last_message" },
--     "last_run_at":  when replication_purge last ran, whoever ran it (pg_cron or the sync-server),
--     "purging":      true when it ran within the last two hours (it is hourly everywhere) }
--
-- After deploying: `select public.purge_status();` in the SQL editor (README, "Pointing the app at
-- a Supabase project"). The sync-server prints a warning at start when nothing will purge.

alter table private.replication_horizon add column if not exists last_run_at timestamptz;

-- replication_purge as in 20261122000400_replication.sql, plus the time of every run (also the
-- runs that find nothing to purge), which is what purge_status reports.
create or replace function public.replication_purge(p_retention interval default interval '30 days')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  tomb_xid xid8;
  access_xid xid8;
  tombs integer;
  accesses integer;
  pulses integer;
begin
  with gone as (
    delete from private.replication_tombstones where deleted_at < now() - p_retention returning xid
  ) select max(xid), count(*) into tomb_xid, tombs from gone;
  with gone as (
    delete from private.replication_access where level = 'none' and changed_at < now() - p_retention returning xid
  ) select max(xid), count(*) into access_xid, accesses from gone;
  delete from public.replication_pulses where created_at < now() - interval '10 minutes';
  get diagnostics pulses = row_count;
  if tomb_xid is not null or access_xid is not null then
    update private.replication_horizon
       set purged_xid = greatest(purged_xid, coalesce(tomb_xid, '0'::xid8), coalesce(access_xid, '0'::xid8)),
           purged_at = now();
  end if;
  update private.replication_horizon set last_run_at = now();
  return jsonb_build_object('tombstones', tombs, 'accesses', accesses, 'pulses', pulses,
                            'horizon', (select purged_xid::text from private.replication_horizon));
end
$$;

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
