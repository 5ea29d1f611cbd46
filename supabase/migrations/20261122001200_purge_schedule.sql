-- S10 on a schedule: replication_purge (tombstones and revoked accesses older than the
-- retention, pulses older than ten minutes) runs every hour, with the contract's retention of
-- 30 days (supabase/README.md).
--
-- On Supabase pg_cron does it: this migration enables the extension and schedules the job.
-- Where pg_cron is not available (PGlite, a plain Postgres) or cannot be enabled (not in
-- shared_preload_libraries, another database than cron.database_name) it does nothing: the
-- sync-server runs the purge itself on a timer (sync-server/purge, --purge-interval).
-- Re-running it is harmless: pg_cron replaces a job of the same name.

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
