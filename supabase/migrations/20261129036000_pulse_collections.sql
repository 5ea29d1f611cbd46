-- Pulses that name their collections (issue 34), as in schemas/replication.sql: a pulse lists the
-- collections its transaction changed for that person (`replication_pulses.collections`; empty =
-- every collection: a change of access (S4), and what servers before this sent), so a phone pulls
-- those instead of all thirteen. Pulses stay insert-only: the capture triggers note (person,
-- collection) in private.replication_pulses_pending and the deferred trigger "a transaction's
-- pulses are written at commit" writes one pulse per person at commit. RLS on pulses is unchanged.
-- Replaces (supabase/tests/migrations-fold.test.ts REPLACED_LATER): private.pulse_users(uuid[]),
-- private.pulse_notebook(uuid), private.track_replicated_row; adds private.pulse_users(uuid[], text),
-- private.pulse_notebook(uuid, text), private.write_pulses_at_commit.

alter table public.replication_pulses add column collections text[] not null default '{}';

-- The (person, collection) pairs the running transaction changed; at its commit they become one
-- pulse per person ("a transaction's pulses are written at commit"); rolled back with it.
-- Collection '*' stands for every collection.
create table private.replication_pulses_pending (
  txid bigint not null,
  user_id uuid not null,
  collection text not null,
  primary key (txid, user_id, collection)
);
alter table private.replication_pulses_pending enable row level security;
revoke all on private.replication_pulses_pending from public, anon, authenticated, service_role;

-- Notes that the running transaction changed `p_collection` ('*': everything, the default) for
-- each of `p_users`.
create or replace function private.pulse_users(p_users uuid[], p_collection text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.replication_pulses_pending (txid, user_id, collection)
  select distinct pg_current_xact_id()::text::bigint, u, coalesce(p_collection, '*') from unnest(p_users) u where u is not null
  on conflict do nothing
$$;

create or replace function private.pulse_users(p_users uuid[])
returns void
language sql
security definer
set search_path = ''
as $$
  select private.pulse_users(p_users, '*')
$$;

-- At commit, the first pending row's event writes the transaction's pulses, one per person, with
-- the collections it changed for them (none listed when one was '*'); the other events find none.
-- An account removed in the transaction gets none (delete_my_account removed its pulses).
create or replace function private.write_pulses_at_commit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  with noted as (
    delete from private.replication_pulses_pending p
     where p.txid = pg_current_xact_id()::text::bigint
    returning p.user_id, p.collection
  )
  insert into public.replication_pulses (user_id, txid, collections)
  select n.user_id, pg_current_xact_id()::text::bigint,
         case when bool_or(n.collection = '*') then '{}'::text[]
              else array_agg(distinct n.collection order by n.collection) end
    from noted n
   where not exists (select 1 from public.profiles f where f.id = n.user_id and f.account_status = 'deleted')
   group by n.user_id
  on conflict (user_id, txid) do nothing;
  return null;
end
$$;

create constraint trigger "a transaction's pulses are written at commit" after insert on private.replication_pulses_pending
  deferrable initially deferred
  for each row execute function private.write_pulses_at_commit();

-- Pulses every person who replicates the notebook (and those who just lost it) for a collection
-- ('*': all), once per notebook, collection and transaction.
create or replace function private.pulse_notebook(p_notebook_id uuid, p_collection text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  seen text := coalesce(current_setting('cadernos.pulsed_notebooks', true), '');
  key text := p_notebook_id::text || ':' || coalesce(p_collection, '*');
begin
  if p_notebook_id is null or position(key in seen) > 0 then
    return;
  end if;
  perform set_config('cadernos.pulsed_notebooks', seen || ' ' || key, true);
  perform private.pulse_users(array(
    select a.user_id from private.replication_access a
     where a.notebook_id = p_notebook_id and (a.level <> 'none' or a.xid = pg_current_xact_id())), p_collection);
end
$$;

create or replace function private.pulse_notebook(p_notebook_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.pulse_notebook(p_notebook_id, '*')
$$;

-- After a write: a tombstone for a deleted row (removed again if the id comes back), and a pulse
-- for everyone who replicates the row. Arguments: collection, scope, scope column.
create or replace function private.track_replicated_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  collection text := tg_argv[0];
  scope text := tg_argv[1];
  scope_column text := tg_argv[2];
  row_data jsonb := to_jsonb(coalesce(new, old));
  scope_id uuid := (row_data ->> scope_column)::uuid;
begin
  if tg_op = 'DELETE' then
    insert into private.replication_tombstones (collection, id, notebook_id, owner_id, keys)
    values (collection, old.id,
            case when scope = 'notebook' then scope_id end,
            case when scope in ('user', 'profile') then scope_id end,
            case when collection = 'answers' then jsonb_build_object('question_id', row_data ->> 'question_id') else '{}'::jsonb end)
    on conflict on constraint replication_tombstones_pkey do update
       set xid = pg_current_xact_id(), deleted_at = now(), notebook_id = excluded.notebook_id,
           owner_id = excluded.owner_id, keys = excluded.keys;
  elsif tg_op = 'INSERT' then
    delete from private.replication_tombstones t where t.collection = tg_argv[0] and t.id = new.id;
  end if;

  if scope = 'notebook' then
    perform private.pulse_notebook(scope_id, collection);
  elsif scope = 'user' then
    perform private.pulse_users(array[scope_id], collection);
  elsif scope = 'global' then
    perform private.pulse_users(array['00000000-0000-0000-0000-000000000000'::uuid], collection);
  elsif scope = 'profile' then
    perform private.pulse_users(array(
      select distinct o.user_id from private.replication_access m
        join private.replication_access o on o.notebook_id = m.notebook_id
       where m.user_id = scope_id) || scope_id, collection);
  end if;
  return null;
end
$$;

