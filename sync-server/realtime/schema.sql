-- Realtime's part of the database. Applied at every start after bootstrap.sql; idempotent.
--
-- Supabase Realtime reads changes from a logical replication slot (wal2json). PGlite has no
-- logical replication, so changes are captured by an AFTER ROW trigger on every table of the
-- supabase_realtime publication and handed to the server with NOTIFY, which Postgres delivers
-- only after the writing transaction commits. The server applies filters and RLS per subscriber.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- Change records too large for one NOTIFY (payloads must stay under 8000 bytes) wait here; the
-- notification then carries only their id. The server deletes rows older than a few minutes.
create table if not exists realtime.changes (
  id bigserial primary key,
  created_at timestamptz not null default clock_timestamp(),
  change jsonb not null
);
revoke all on realtime.changes from public, anon, authenticated, service_role;

-- The trigger function. Values are to_jsonb of each column, as Realtime's realtime.cast produces
-- them; commit_timestamp uses Realtime's format. The full old row is sent: the server trims it to
-- what the table's replica identity (and RLS) would let Supabase send.
create or replace function realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = pg_catalog
as $$
declare
  change jsonb;
  body text;
  change_id bigint;
begin
  change := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end,
    -- Postgres folds identical notifications of one transaction into one; a sequence number keeps
    -- two identical changes (the same update run twice) two events, as on Supabase.
    'seq', nextval('realtime.changes_id_seq')
  );
  body := change::text;
  if octet_length(body) < 7900 then
    perform pg_notify('realtime_changes', body);
  else
    insert into realtime.changes (change) values (change) returning id into change_id;
    perform pg_notify('realtime_changes', json_build_object('ref', change_id)::text);
  end if;
  return null;
end
$$;
revoke all on function realtime.capture_change() from public;

-- Puts the capture trigger on every table of the supabase_realtime publication and takes it off
-- tables that left it. Called by the server at start and when it sees the publication change,
-- and by the event trigger below right inside the migration that changes the publication.
create or replace function realtime.sync_publication_triggers() returns void
language plpgsql
security definer
set search_path = pg_catalog
as $$
declare
  rel regclass;
begin
  for rel in
    select c.oid::regclass
      from pg_publication_tables p
      join pg_namespace n on n.nspname = p.schemaname
      join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
     where p.pubname = 'supabase_realtime'
       and c.relkind = 'r'
       and n.nspname <> 'realtime' -- never capture our own tables (a FOR ALL TABLES publication)
       and not exists (
         select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'realtime_capture_change'
       )
  loop
    execute format(
      'create trigger realtime_capture_change after insert or update or delete on %s '
      'for each row execute function realtime.capture_change()', rel);
  end loop;

  for rel in
    select t.tgrelid::regclass
      from pg_trigger t
     where t.tgname = 'realtime_capture_change'
       and not t.tgisinternal
       and t.tgrelid not in (
         select format('%I.%I', p.schemaname, p.tablename)::regclass
           from pg_publication_tables p
          where p.pubname = 'supabase_realtime'
       )
  loop
    execute format('drop trigger if exists realtime_capture_change on %s', rel);
  end loop;
end
$$;
revoke all on function realtime.sync_publication_triggers() from public;

-- Never lets a migration fail because of realtime: on error the server's poll retries.
create or replace function realtime.on_publication_ddl() returns event_trigger
language plpgsql
as $$
begin
  perform realtime.sync_publication_triggers();
exception when others then
  raise warning 'realtime: could not sync capture triggers: %', sqlerrm;
end
$$;

-- Event triggers need a superuser. Where there is none (some hosted Postgres), the server's
-- once-a-second look at pg_publication_tables still installs the triggers.
do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'realtime_publication_ddl') then
    create event trigger realtime_publication_ddl on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE')
      execute function realtime.on_publication_ddl();
  end if;
exception when insufficient_privilege then
  raise notice 'realtime: no event trigger without superuser; publication changes are picked up by polling';
end
$$;

-- Which rows each of several subscribers may SELECT, checked the way Realtime's apply_rls does:
-- the role and JWT claims set per subscriber (as PostgREST sets them), each row looked up by
-- primary key as that role, so the table's RLS policies decide. One call checks every change of
-- a table that queued up (the server delivers them afterwards, in commit order): the claims are
-- set once per subscriber for all of its rows, not once per row. records: the changed rows
-- (to_jsonb form); claims_list: the distinct claims; wanted: for each claims, the indexes
-- (0-based) of the records to check for it. Returns for each claims the indexes of the records it
-- may see. A policy that fails counts as "no access" (for that claims' whole set). The check is a
-- prepared statement, planned once for all the claims of one role (a change every signed-in user
-- may read, checked for 200 subscribers, would otherwise be planned 200 times).
drop function if exists realtime.visible_to(regclass, jsonb, jsonb);
create or replace function realtime.visible_rows(entity regclass, records jsonb, claims_list jsonb, wanted jsonb)
returns jsonb
language plpgsql
volatile
-- the check is planned once for all (a custom plan per subscriber was planning, again and again,
-- a lookup by primary key)
set plan_cache_mode = force_generic_plan
as $$
declare
  pk_match text;
  record_match text;
  version_type text;
  run_check text;
  asked jsonb;
  claims jsonb;
  subsets jsonb;
  visible jsonb;
  result jsonb := '[]';
begin
  select string_agg(format('t.%I = (c.value -> 1 ->> %L)::%s', a.attname, a.attname,
                           pg_catalog.format_type(a.atttypid, a.atttypmod)), ' and ' order by k.ord),
         string_agg(format('t.%I = (c.value ->> %L)::%s', a.attname, a.attname,
                           pg_catalog.format_type(a.atttypid, a.atttypmod)), ' and ' order by k.ord)
    into pk_match, record_match
    from pg_catalog.pg_index i
    cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
   where i.indrelid = entity and i.indisprimary;
  if pk_match is null then
    return (select coalesce(pg_catalog.jsonb_agg('[]'::jsonb), '[]') from pg_catalog.jsonb_array_elements(claims_list));
  end if;
  -- A captured version that is no longer the row's is not delivered: RLS is checked against the
  -- row now, and a version made while a subscriber had no access would otherwise reach them when
  -- access returned before delivery. Where the table records the writing transaction of each row
  -- (replication_xid, set on every write), a record whose version differs from the row's is
  -- dropped (null: it matches no row below); its newer version is delivered by its own event.
  select pg_catalog.format_type(a.atttypid, a.atttypmod) into version_type
    from pg_catalog.pg_attribute a
   where a.attrelid = entity and a.attname = 'replication_xid' and a.attnum > 0 and not a.attisdropped;
  if version_type is not null then
    execute format('select coalesce(pg_catalog.jsonb_agg(case when exists (select 1 from %s t where %s'
                   ' and t.replication_xid = (c.value ->> ''replication_xid'')::%s) then c.value else ''null''::jsonb end'
                   ' order by c.n), ''[]'') from pg_catalog.jsonb_array_elements($1) with ordinality c(value, n)',
                   entity, record_match, version_type)
      into records using records;
  end if;
  -- $1: [[index, record], …]; the rows this role may select among them, by index
  if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'realtime_visible_rows') then
    deallocate realtime_visible_rows;
  end if;
  execute format('prepare realtime_visible_rows(jsonb) as'
                 ' select coalesce(pg_catalog.jsonb_agg(c.value -> 0), ''[]'') from pg_catalog.jsonb_array_elements($1) c'
                 ' where exists (select 1 from %s t where %s)', entity, pk_match);

  -- [[index, record], …] for each claims, built at once
  select coalesce(pg_catalog.jsonb_agg(
           (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_array(w.value, records -> (w.value::int))), '[]')
              from pg_catalog.jsonb_array_elements(a.value) w) order by a.n), '[]')
    into subsets
    from pg_catalog.jsonb_array_elements(wanted) with ordinality a(value, n);
  -- First all the claims in one subtransaction (a subtransaction per claims was most of the cost
  -- of the fan-out of a pulse: one row per person, each for one subscriber). Should any check fail (a
  -- policy raising), everything is checked again claims by claims, a failing one seeing nothing.
  begin
    for n in 0 .. pg_catalog.jsonb_array_length(claims_list) - 1 loop
      claims := claims_list -> n;
      if run_check is null or asked is distinct from wanted -> n then
        asked := wanted -> n;
        run_check := format('execute realtime_visible_rows(%L::jsonb)', subsets -> n);
      end if;
      perform pg_catalog.set_config('role', claims ->> 'role', true),
              pg_catalog.set_config('request.jwt.claims', claims::text, true),
              pg_catalog.set_config('request.jwt.claim.sub', coalesce(claims ->> 'sub', ''), true),
              pg_catalog.set_config('request.jwt.claim.role', claims ->> 'role', true);
      execute run_check into visible;
      result := result || pg_catalog.jsonb_build_array(coalesce(visible, '[]'));
    end loop;
    perform pg_catalog.set_config('role', null, true);
  exception when others then
    result := '[]';
    run_check := null;
    for n in 0 .. pg_catalog.jsonb_array_length(claims_list) - 1 loop
      claims := claims_list -> n;
      if run_check is null or asked is distinct from wanted -> n then
        asked := wanted -> n;
        run_check := format('execute realtime_visible_rows(%L::jsonb)', subsets -> n);
      end if;
      begin
        perform pg_catalog.set_config('role', claims ->> 'role', true),
                pg_catalog.set_config('request.jwt.claims', claims::text, true),
                pg_catalog.set_config('request.jwt.claim.sub', coalesce(claims ->> 'sub', ''), true),
                pg_catalog.set_config('request.jwt.claim.role', claims ->> 'role', true);
        execute run_check into visible;
        perform pg_catalog.set_config('role', null, true);
      exception when others then
        visible := '[]';
      end;
      result := result || pg_catalog.jsonb_build_array(coalesce(visible, '[]'));
    end loop;
  end;
  deallocate realtime_visible_rows;
  perform pg_catalog.set_config('request.jwt.claims', null, true),
          pg_catalog.set_config('request.jwt.claim.sub', null, true),
          pg_catalog.set_config('request.jwt.claim.role', null, true);
  return result;
end
$$;
revoke all on function realtime.visible_rows(regclass, jsonb, jsonb, jsonb) from public;

-- Authorization of private channels, as on Supabase: RLS policies on realtime.messages decide who
-- may read (select) and write (insert) broadcast and presence on a topic; realtime.topic() is the
-- channel's name while those policies run.
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid() primary key,
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now()
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Whether a token's holder may still use Realtime (issue 28: a removed account's token, still
-- unexpired, opened channels). Supabase Realtime checks the signature only; GoTrue refuses such a
-- token (sync-server/auth/guard.ts), and so does this server's Realtime: a session named by the
-- token's session_id that no longer exists (signed out, or the account removed), an auth user
-- marked deleted or banned, or an account the project's own rule calls deleted or banned
-- (private.account_status, when the project has it). A token naming no known user is left to the
-- signature, as on Supabase.
create or replace function realtime.token_holder_active(p_claims jsonb) returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  holder uuid;
  session uuid;
  status text;
begin
  if p_claims ->> 'sub' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return true;
  end if;
  holder := (p_claims ->> 'sub')::uuid;
  if exists (select 1 from auth.users u
              where u.id = holder and (u.deleted_at is not null or u.banned_until > now())) then
    return false;
  end if;
  if p_claims ->> 'session_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    session := (p_claims ->> 'session_id')::uuid;
    if session <> '00000000-0000-0000-0000-000000000000'
       and not exists (select 1 from auth.sessions s where s.id = session) then
      return false;
    end if;
  end if;
  if to_regprocedure('private.account_status(uuid)') is not null then
    execute 'select private.account_status($1)' into status using holder;
    if status in ('deleted', 'banned') then
      return false;
    end if;
  end if;
  return true;
end
$$;
revoke all on function realtime.token_holder_active(jsonb) from public, anon, authenticated, service_role;

-- A session that ends, or an account removed or banned, tells the server at once (on the change
-- feed's channel) so the holder's open channels are checked then, not at the next token check.
create or replace function realtime.announce_holder_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'sessions' then
    perform pg_notify('realtime_changes', json_build_object('holder_ended', old.user_id)::text);
  elsif new.deleted_at is distinct from old.deleted_at or new.banned_until is distinct from old.banned_until then
    perform pg_notify('realtime_changes', json_build_object('holder_ended', new.id)::text);
  end if;
  return null;
end
$$;
revoke all on function realtime.announce_holder_change() from public, anon, authenticated, service_role;

drop trigger if exists realtime_holder_ended on auth.sessions;
create trigger realtime_holder_ended after delete on auth.sessions
  for each row execute function realtime.announce_holder_change();
drop trigger if exists realtime_holder_changed on auth.users;
create trigger realtime_holder_changed after update on auth.users
  for each row execute function realtime.announce_holder_change();
