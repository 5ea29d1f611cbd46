-- Pulses that name their collections (issue 34), as in schemas/replication.sql: a pulse lists the
-- collections its transaction changed for that person (`replication_pulses.collections`; empty =
-- every collection), so a phone pulls those instead of all thirteen. A change of access (S4) pulses
-- every collection for everyone it touches: every row written to private.replication_access
-- pulses everyone of its notebook (trigger "a change of access pulses everyone of the notebook"),
-- a block or unblock both people (safety.sql). Pulses stay insert-only: the capture triggers note
-- (notebook or person, collection) in private.replication_pulses_pending, and the deferred trigger
-- "a transaction's pulses are written at commit" resolves a notebook's readers and writes one
-- pulse per person at commit. RLS on pulses is unchanged.
-- Replaces (supabase/tests/migrations-fold.test.ts REPLACED_LATER): private.pulse_users(uuid[]),
-- private.pulse_notebook(uuid), private.refresh_access, private.track_access,
-- private.track_replicated_row, private.note_block_change.

alter table public.replication_pulses add column collections text[] not null default '{}';

-- What the running transaction changed, to become its pulses at commit ("a transaction's pulses
-- are written at commit"); rolled back with it. A row names a person (by_notebook false) or a
-- notebook (by_notebook true: everyone who replicates it, resolved at commit — one row per
-- notebook, collection and transaction however many people read it) and a collection ('*':
-- every collection).
create table private.replication_pulses_pending (
  txid bigint not null,
  by_notebook boolean not null,
  target uuid not null,
  collection text not null,
  primary key (txid, by_notebook, target, collection)
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
  insert into private.replication_pulses_pending (txid, by_notebook, target, collection)
  select distinct pg_current_xact_id()::text::bigint, false, u, coalesce(p_collection, '*') from unnest(p_users) u where u is not null
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

-- Notes that the running transaction changed `p_collection` ('*': everything) for everyone who
-- replicates the notebook — who they are is read at commit (write_pulses_at_commit), so people
-- who gained or lost the notebook later in the transaction are counted too.
create or replace function private.pulse_notebook(p_notebook_id uuid, p_collection text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.replication_pulses_pending (txid, by_notebook, target, collection)
  select pg_current_xact_id()::text::bigint, true, p_notebook_id, coalesce(p_collection, '*')
   where p_notebook_id is not null
  on conflict do nothing
$$;

create or replace function private.pulse_notebook(p_notebook_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.pulse_notebook(p_notebook_id, '*')
$$;

-- At commit, the first pending row's event writes the transaction's pulses, one per person, with
-- the collections it changed for them (none listed when one was '*'); the other events find none.
-- A notebook's readers: everyone whose access is not 'none', and those whose access this
-- transaction changed (who just lost it). An account removed in the transaction gets none
-- (delete_my_account removed its pulses).
create or replace function private.write_pulses_at_commit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tx bigint := pg_current_xact_id()::text::bigint;
begin
  with noted as (
    delete from private.replication_pulses_pending p
     where p.txid = tx
    returning p.by_notebook, p.target, p.collection
  ),
  people as (
    select n.target as user_id, n.collection from noted n where not n.by_notebook
    union all
    select a.user_id, n.collection
      from noted n join private.replication_access a on a.notebook_id = n.target
     where n.by_notebook and (a.level <> 'none' or a.xid = pg_current_xact_id())
  )
  insert into public.replication_pulses (user_id, txid, collections)
  select n.user_id, tx,
         case when bool_or(n.collection = '*') then '{}'::text[]
              else array_agg(distinct n.collection order by n.collection) end
    from people n
   where not exists (select 1 from public.profiles f where f.id = n.user_id and f.account_status = 'deleted')
   group by n.user_id
  on conflict (user_id, txid) do nothing;
  return null;
end
$$;

create constraint trigger "a transaction's pulses are written at commit" after insert on private.replication_pulses_pending
  deferrable initially deferred
  for each row execute function private.write_pulses_at_commit();

-- ---------------------------------------------------------------------------------------------
-- Changes of access pulse every collection, for everyone they touch (issue 34; S4)
--
-- A pulse that names collections is right only if a write changes nothing but its own
-- collection's rows. What one person may read of every collection is decided by the pull
-- (replication_pull_sql, the replication_doc_* functions and the helpers they call), never by
-- RLS (the pull is SECURITY DEFINER). Besides each collection's own table and the tombstones it
-- reads only these — the catalogue supabase/tests/pulse-access.test.ts checks against the
-- functions themselves, so a pull that starts reading another table fails it until it is here:
--
--   private.replication_access  every notebook-scoped collection (the reader's level and key)
--                               and profiles (who shares a notebook with whom, pair keys): a
--                               change of one person's access changes what EVERYONE of that
--                               notebook may read (a share gives the owner and the editors the
--                               sharee's profile; a new editor sees every sharee) — so every
--                               row written to it (refresh_access: shares, collaborators, their
--                               roles and status, a notebook's insert or delete; moderation's
--                               hide of a question; anything later) pulses EVERY person of the
--                               notebook, and those who just lost it, with every collection:
--                               trigger "a change of access pulses everyone of the notebook".
--                               Deletions (the purge of old revoked rows) change no one's reads.
--   private.block_changes,      profiles (a writer who blocked me is not named to me):
--   public.blocks               safety.sql's note_block_change pulses both people of a block or
--                               unblock with every collection.
--   public.questions            answers (private.question_hidden): a hide or restore moves the
--                               notebook's access (moderation.sql), so the rule above.
--   public.answers              profiles (the writers of the answers of a notebook I run): a
--                               writer had access when writing, so they were paired through
--                               replication_access already; the answer names 'answers'.
--   public.guests               answers (private.guest_answer_doc: the host, the name): a guest
--                               row is written before its answers and not edited (guests.updatable
--                               is empty); a claim rewrites its answers, which name 'answers'.
-- Account state and profile visibility are columns of profiles, read only by the profiles pull:
-- their change names 'profiles' for everyone who replicates the profile. Friendships are read by
-- no pull. Anything else pulses '*' (the one-argument pulse_users / pulse_notebook).
-- ---------------------------------------------------------------------------------------------

create or replace function private.pulse_access_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.pulse_notebook(new.notebook_id, '*');
  perform private.pulse_users(array[new.user_id], '*');
  return null;
end
$$;
revoke all on function private.pulse_access_change() from public, anon, authenticated, service_role;

create trigger "a change of access pulses everyone of the notebook" after insert or update on private.replication_access
  for each row execute function private.pulse_access_change();

create or replace function private.refresh_access(p_notebook_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  level text := private.notebook_membership(p_notebook_id, p_user_id);
begin
  if p_user_id is null or p_notebook_id is null then
    return;
  end if;
  if level = 'admin' then
    level := 'none'; -- admins read through the API, they do not replicate other people's notebooks
  end if;
  insert into private.replication_access as a (user_id, notebook_id, level, ever_manager, ever_staff)
  select p_user_id, p_notebook_id, level, level in ('owner', 'editor'), level in ('owner', 'editor', 'collaborator')
   where level <> 'none'
      or exists (select 1 from private.replication_access x where x.user_id = p_user_id and x.notebook_id = p_notebook_id)
  on conflict (user_id, notebook_id) do update
     set level = excluded.level, xid = pg_current_xact_id(), changed_at = now(),
         ever_manager = a.ever_manager or excluded.ever_manager,
         ever_staff = a.ever_staff or excluded.ever_staff
   where a.level is distinct from excluded.level;
  -- the trigger on the access log pulses everyone of the notebook (a change of access)
end
$$;

create or replace function private.track_access()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'notebooks' then
    if tg_op = 'INSERT' then
      perform private.refresh_access(new.id, new.user_id);
    elsif tg_op = 'DELETE' then
      update private.replication_access
         set level = 'none', xid = pg_current_xact_id(), changed_at = now()
       where notebook_id = old.id and level <> 'none';
    end if;
  elsif tg_table_name = 'notebook_shares' then
    perform private.refresh_access(coalesce(new.notebook_id, old.notebook_id), coalesce(new.shared_with, old.shared_with));
  elsif tg_table_name = 'notebook_collaborators' then
    perform private.refresh_access(coalesce(new.notebook_id, old.notebook_id), coalesce(new.user_id, old.user_id));
  end if;
  return null;
end
$$;

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

create or replace function private.note_block_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.blocks := case when tg_op = 'DELETE' then old else new end;
begin
  insert into private.block_changes as c (blocker_id, blocked_id) values (b.blocker_id, b.blocked_id)
  on conflict (blocked_id, blocker_id) do update set xid = pg_current_xact_id();
  -- both people, every collection (replication.sql: changes of access pulse every collection)
  perform private.pulse_users(array[b.blocked_id, b.blocker_id], '*');
  return null;
end
$$;
