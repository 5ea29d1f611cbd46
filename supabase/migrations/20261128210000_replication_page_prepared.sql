-- A pull page through a prepared statement (issue 34): schemas/replication.sql, private.replication_page and
-- public.replication_pull (its page comes from private.replication_page instead of EXECUTE).
set check_function_bodies = off;

-- One pull page (replication_pull_sql's query, its parameters in order) through a prepared
-- statement of the session, named by the query's digest (issue 34): EXECUTE of dynamic SQL plans
-- the query anew on every call, and planning this query was most of a pull's time (on PGlite,
-- 4.9 → 2.0 ms of CPU per pull). Postgres re-plans a prepared statement itself when a table or
-- function it uses changes; a new text (the query changed) is a new name. Volatile: PREPARE is
-- not allowed in a stable function's statements. The page is still bounded by the caller's
-- snapshot xmin (S3): only rows and access changes below it are handed out, and nothing below it
-- can commit later, so a statement reading with a later snapshot hands out the same page.
-- Runs any SQL it is given: no API role may call it.
create or replace function private.replication_page(
  p_sql text, p_me uuid, p_after xid8, p_id uuid, p_xmin xid8, p_limit integer, p_fresh boolean,
  p_global boolean, p_floor xid8, p_below boolean,
  out docs jsonb, out last_key xid8, out last_id uuid, out n integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  stmt text := 'replication_page_' || md5(p_sql);
  call text := format('execute %I(%L, %L, %L, %L, %s, %L, %L, %L, %L)', stmt, p_me, p_after, p_id, p_xmin, p_limit,
                      p_fresh, p_global, p_floor, p_below);
begin
  begin
    execute call into docs, last_key, last_id, n;
  exception when invalid_sql_statement_name then
    execute format('prepare %I(uuid, xid8, uuid, xid8, integer, boolean, boolean, xid8, boolean) as %s', stmt, p_sql);
    execute call into docs, last_key, last_id, n;
  end;
end
$$;
revoke all on function private.replication_page(text, uuid, xid8, uuid, xid8, integer, boolean, boolean, xid8, boolean)
  from public, anon, authenticated, service_role;

create or replace function public.replication_pull(p_collection text, p_checkpoint jsonb default null, p_limit integer default 100)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  c private.replication_collections;
  lim integer := least(greatest(coalesce(p_limit, 100), 1), 1000);
  snapshot_xmin xid8 := pg_snapshot_xmin(pg_current_snapshot());
  fresh boolean := p_checkpoint is null or jsonb_typeof(p_checkpoint) <> 'object' or p_checkpoint ->> 'xid' is null;
  no_id constant uuid := '00000000-0000-0000-0000-000000000000';
  cp_xid xid8 := case when fresh then '0'::xid8 else (p_checkpoint ->> 'xid')::xid8 end;
  cp_id uuid := case when fresh then no_id else coalesce((p_checkpoint ->> 'id')::uuid, no_id) end;
  horizon xid8;
  pass_floor xid8;
  below_floor boolean;
  after_xid xid8;
  docs jsonb;
  last_key xid8;
  last_id uuid;
  n integer;
begin
  c := private.replication_collection(p_collection);
  select h.purged_xid into horizon from private.replication_horizon h;
  if not fresh and cp_xid <= horizon then
    return jsonb_build_object('documents', '[]'::jsonb, 'checkpoint', null, 'resync', true);
  end if;

  -- Phase 1 of a pass from scratch after a purge: from null, or from a phase-1 checkpoint
  -- (floor, the id of a row). An end-of-pass checkpoint (xmin, no id) never is one.
  pass_floor := (horizon::text::numeric + 1)::text::xid8;
  below_floor := horizon > '0'::xid8 and (fresh or (cp_xid = pass_floor and cp_id <> no_id));
  if below_floor and pass_floor >= snapshot_xmin then
    -- A transaction older than the purged history is still running (possible only with a
    -- retention shorter than a transaction): nothing below the floor may be handed out yet.
    return jsonb_build_object('documents', '[]'::jsonb, 'checkpoint', case when fresh then null
                              else jsonb_build_object('xid', cp_xid::text, 'id', cp_id) end);
  end if;
  after_xid := case when below_floor then pass_floor else cp_xid end;

  select p.docs, p.last_key, p.last_id, p.n into docs, last_key, last_id, n
    from private.replication_page(private.replication_pull_sql(c), me, after_xid, cp_id, snapshot_xmin, lim, fresh,
                                  c.scope = 'global', case when below_floor then pass_floor else '0'::xid8 end, below_floor) p;

  if n >= lim then
    return jsonb_build_object('documents', docs, 'checkpoint', jsonb_build_object('xid', last_key::text, 'id', last_id));
  end if;
  -- Everything below the snapshot's xmin has been delivered: move the checkpoint up to it, so
  -- that a quiet collection does not fall behind the purge horizon.
  return jsonb_build_object(
    'documents', coalesce(docs, '[]'::jsonb),
    'checkpoint', case
      when snapshot_xmin > after_xid then jsonb_build_object('xid', snapshot_xmin::text, 'id', no_id)
      when fresh then null
      else jsonb_build_object('xid', cp_xid::text, 'id', cp_id) end);
end
$$;
