-- Every UPDATE and DELETE inside a function has a WHERE (issue 30). Hosted Supabase loads
-- pg-safeupdate for the API's sessions, and it refuses an UPDATE or DELETE without a WHERE also
-- inside a function: rpc('replication_purge', …) as the service role failed there with "UPDATE
-- requires a WHERE clause" (the hourly pg_cron job runs as postgres and was not affected). The
-- horizon is one row: both updates now name it (`where singleton`). Nothing else changes.
--
-- Made as every change is now: supabase/schemas/replication.sql first, then this file carrying
-- exactly that change (supabase/tests/schemas.test.ts proves the two agree).

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
           purged_at = now()
     where singleton;
  end if;
  update private.replication_horizon set last_run_at = now() where singleton;
  return jsonb_build_object('tombstones', tombs, 'accesses', accesses, 'pulses', pulses,
                            'horizon', (select purged_xid::text from private.replication_horizon));
end
$$;
