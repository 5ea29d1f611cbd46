set check_function_bodies = off;

-- Replication: RxDB's protocol (checkpointed pull, batched push with conflicts) as two RPCs,
--
--   replication_pull(collection, checkpoint, limit)  → {documents, checkpoint, resync?}
--   replication_push(collection, rows)               → {conflicts: [master docs], rejected: [{id, reason, code, message, details, document}]}
--
-- for the collections of ARCHITECTURE §2, and a per-user pulse for Realtime. The invariants:
--
-- S3 no missed changes. Every replicated row stores the id of the transaction that last wrote it
--    (replication_xid = pg_current_xact_id()). A pull only hands out keys below the current
--    snapshot's xmin, the oldest transaction still running: every transaction with a smaller id
--    has finished, so no row with a smaller key can appear later. Checkpoint = (key, id).
-- S4 access-aware. private.replication_access logs, per person and notebook, the level
--    (owner/editor/collaborator/viewer/invited/none) and the transaction that last changed it.
--    A row's key for a person is greatest(row xid, access xid): gaining access, losing it, or
--    changing level resends every row of that notebook, as a document where the row is visible
--    at the new level and as a deletion where it is not. A row that becomes invisible (blocked
--    question, answer still pending or rejected for a sharee) is sent as a deletion too.
-- S5 anonymity. Documents are built by one function per collection; answers hide user_id and
--    responder_name of anonymous answers from everyone but the notebook owner and the answerer.
--    Pulses carry no data. Answer ids are derived from a per-person secret (S6).
-- S6 deterministic answer ids: a pushed new answer must carry public.my_answer_id(question_id).
-- S7 fields have owners: a push applies only the fields that changed between the assumed master
--    and the new state; triggers refuse fields the pusher does not own. The answerer's
--    client_clock (device clock, ms) must move forward, else the push is a conflict; the server
--    keeps it monotonic. Delete beats edit for notebooks and questions.
-- S8 per-row rejections with reason codes (forbidden_words, not_allowed, account_banned,
--    validation, title_too_short, invalid_id, not_found, duplicate, online_only, read_only, …)
--    and their parameters (details: the forbidden words); each row runs in its own
--    subtransaction, so one refusal never blocks the batch.
-- S9 compare-and-swap on server_rev (a per-row revision the server increments): a replayed or
--    stale push is a conflict, never an overwrite.
-- S10 deletions leave tombstones; replication_purge(retention) removes old ones and raises the
--    horizon; a checkpoint older than the horizon gets {resync: true}.

-- ---------------------------------------------------------------------------------------------
-- Indexes of the pull
-- ---------------------------------------------------------------------------------------------

-- Every replicated table has replication_xid and server_rev (its own migration declares them),
-- and its primary key in `id` (RxDB's primaryPath; user_settings.id is generated from its person).
create index questions_replication on public.questions (notebook_id, replication_xid, id);
create index questions_by_notebook_id on public.questions (notebook_id, id) include (replication_xid);
create index answers_replication on public.answers (notebook_id, replication_xid, id);
create index answers_by_notebook_id on public.answers (notebook_id, id) include (replication_xid);
create index notebook_shares_replication on public.notebook_shares (notebook_id, replication_xid, id);
create index notebook_shares_by_notebook_id on public.notebook_shares (notebook_id, id) include (replication_xid);
create index notebook_collaborators_replication on public.notebook_collaborators (notebook_id, replication_xid, id);
create index notebook_collaborators_by_notebook_id on public.notebook_collaborators (notebook_id, id) include (replication_xid);
create index invite_links_replication on public.invite_links (notebook_id, replication_xid, id);
create index invite_links_by_notebook_id on public.invite_links (notebook_id, id) include (replication_xid);
create index notifications_replication on public.notifications (recipient_id, replication_xid, id);
create index favorites_replication on public.favorites (user_id, replication_xid, id);
create index forbidden_words_replication on public.forbidden_words (replication_xid, id);

-- ---------------------------------------------------------------------------------------------
-- Bookkeeping tables (private: never exposed)
-- ---------------------------------------------------------------------------------------------

create table private.replication_collections (
  name text primary key,
  table_name text not null,
  -- notebook: rows of a notebook (scope_column = its notebook id); user: a person's own rows
  -- (scope_column = the person); global: everyone's; profile: people in my notebooks
  scope text not null check (scope in ('notebook', 'user', 'global', 'profile')),
  scope_column text not null,
  doc_function text not null,
  insertable text[] not null default '{}',
  updatable text[] not null default '{}',
  deletable boolean not null default false,
  delete_wins boolean not null default false,
  -- why a push of a new row is refused (e.g. invite links need a server-drawn code)
  insert_refusal text,
  -- a notebook-scoped collection's readers, narrowed per row: SQL over the row `r` or the
  -- tombstone `t`, the reader's access `a` and the reader `$1`; rows outside it are not even sent
  -- as deletions (guests: the owner and the host only, S5)
  row_readers text,
  tombstone_readers text
);
alter table private.replication_collections enable row level security;

create table private.replication_access (
  user_id uuid not null,
  notebook_id uuid not null,
  level text not null check (level in ('owner', 'editor', 'collaborator', 'viewer', 'invited', 'none')),
  xid xid8 not null default pg_current_xact_id(),
  changed_at timestamptz not null default now(),
  -- S5 for profiles: was this person ever owner or editor (ever_manager) / owner, editor or
  -- collaborator (ever_staff) of this notebook? Only ever turns on; the profiles pull names only
  -- people the device may have known (private.replication_pull_sql).
  ever_manager boolean not null default false,
  ever_staff boolean not null default false,
  primary key (user_id, notebook_id)
);
create index replication_access_notebook on private.replication_access (notebook_id, user_id);
alter table private.replication_access enable row level security;

create table private.replication_tombstones (
  collection text not null,
  id uuid not null,
  notebook_id uuid,
  owner_id uuid,
  keys jsonb not null default '{}'::jsonb,
  xid xid8 not null default pg_current_xact_id(),
  deleted_at timestamptz not null default now(),
  primary key (collection, id)
);
create index replication_tombstones_notebook on private.replication_tombstones (collection, notebook_id, xid, id);
create index replication_tombstones_owner on private.replication_tombstones (collection, owner_id, xid, id);
create index replication_tombstones_global on private.replication_tombstones (collection, xid, id);
create index replication_tombstones_age on private.replication_tombstones (deleted_at);
alter table private.replication_tombstones enable row level security;

-- The highest transaction id whose tombstones or revoked accesses were purged (S10).
create table private.replication_horizon (
  singleton boolean primary key default true check (singleton),
  purged_xid xid8 not null default '0'::xid8,
  purged_at timestamptz,
  -- when replication_purge last ran, whoever ran it (pg_cron or the sync-server): public.purge_status
  last_run_at timestamptz
);
insert into private.replication_horizon default values;
alter table private.replication_horizon enable row level security;

-- ---------------------------------------------------------------------------------------------
-- The pulse: one row per person and writing transaction that changed something they replicate.
-- Clients subscribe (Realtime postgres_changes, INSERT, filter user_id=eq.<me> — and the
-- all-zero id for changes everyone replicates, such as forbidden words) and pull on each event.
-- Insert-only rows keyed by transaction: concurrent writers never wait on each other's pulses.
-- A pulse names the collections its transaction changed for that person (issue 34: a phone pulls
-- those, not all thirteen); an empty list means every collection (a change of access, S4, and
-- what servers before the list sent). Names of collections only, never a row's content (S5).
-- ---------------------------------------------------------------------------------------------

create table public.replication_pulses (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  txid bigint not null,
  created_at timestamptz not null default now(),
  collections text[] not null default '{}',
  constraint replication_pulses_once_per_transaction unique (user_id, txid)
);
create index replication_pulses_age on public.replication_pulses (created_at);
alter table public.replication_pulses enable row level security;
create policy "people read their own pulses and everyone's" on public.replication_pulses
  for select to authenticated
  using (user_id = auth.uid() or user_id = '00000000-0000-0000-0000-000000000000');
-- No insert, update or delete policy: pulses are written by triggers and purged by the server.
revoke all on public.replication_pulses from public, anon, authenticated, service_role;
grant select on public.replication_pulses to authenticated;
grant select, insert, update, delete on public.replication_pulses to service_role;
revoke all on sequence public.replication_pulses_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.replication_pulses_id_seq to service_role;
alter publication supabase_realtime add table public.replication_pulses;

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

-- ---------------------------------------------------------------------------------------------
-- Access log maintenance (S4)
-- ---------------------------------------------------------------------------------------------

-- Re-reads a person's level in a notebook; logs it with this transaction's id when it changed,
-- and remembers whether the person ever managed or helped run it (ever_manager, ever_staff).
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

create trigger "access to notebooks is logged for replication" after insert or delete on public.notebooks
  for each row execute function private.track_access();
create trigger "access to notebooks is logged for replication" after insert or delete on public.notebook_shares
  for each row execute function private.track_access();
create trigger "access to notebooks is logged for replication" after insert or update or delete on public.notebook_collaborators
  for each row execute function private.track_access();

-- ---------------------------------------------------------------------------------------------
-- Per-row bookkeeping: revision, tombstones, pulses
-- ---------------------------------------------------------------------------------------------

-- "95 the replication revision moves": after every rule has passed (a no-op update never gets
-- here), the row records its writing transaction and a new revision.
create or replace function private.bump_replication_revision()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.replication_xid := pg_current_xact_id();
  if tg_op = 'INSERT' then
    new.server_rev := 1;
  else
    new.server_rev := old.server_rev + 1;
  end if;
  return new;
end
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

do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('notebooks', 'notebook', 'id'),
      ('questions', 'notebook', 'notebook_id'),
      ('answers', 'notebook', 'notebook_id'),
      ('notebook_shares', 'notebook', 'notebook_id'),
      ('notebook_collaborators', 'notebook', 'notebook_id'),
      ('invite_links', 'notebook', 'notebook_id'),
      ('profiles', 'profile', 'id'),
      ('user_settings', 'user', 'user_id'),
      ('notifications', 'user', 'recipient_id'),
      ('favorites', 'user', 'user_id'),
      ('forbidden_words', 'global', 'id')
    ) as v(tbl, scope, scope_column)
  loop
    execute format(
      'create trigger "95 the replication revision moves" before insert or update on public.%I '
      'for each row execute function private.bump_replication_revision()', r.tbl);
    execute format(
      'create trigger "replicated rows leave tombstones and pulse their readers" after insert or update or delete on public.%I '
      'for each row execute function private.track_replicated_row(%L, %L, %L)', r.tbl, r.tbl, r.scope, r.scope_column);
  end loop;
end
$$;

-- The answerer's clock (S7): only an edit of text, anonymity or responder name moves it, and it
-- never goes back (greatest of the device's value and the previous one plus one).
create or replace function private.advance_answer_clock()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if coalesce(new.client_clock, 0) <= 0 then
      new.client_clock := (extract(epoch from clock_timestamp()) * 1000)::bigint;
    end if;
  elsif (new.text, new.is_anonymous, new.responder_name) is distinct from (old.text, old.is_anonymous, old.responder_name) then
    new.client_clock := greatest(coalesce(new.client_clock, 0), old.client_clock + 1);
  else
    new.client_clock := old.client_clock;
  end if;
  return new;
end
$$;

create trigger "25 the answerer's clock only moves forward" before insert or update on public.answers
  for each row execute function private.advance_answer_clock();

-- ---------------------------------------------------------------------------------------------
-- Documents: what one person may receive of one row (null = nothing: send a deletion)
-- ---------------------------------------------------------------------------------------------

-- Inlinable on purpose (supabase/tests/bench-replication.ts). A SQL function with a SET clause
-- (search_path) is never inlined: Postgres calls it per row, saving and restoring the setting
-- each time — about a third of a millisecond per document in the pull. These functions are
-- SECURITY INVOKER, touch no table and call only built-ins (qualified where it matters), so they
-- need no pinned search_path; without it the planner inlines them into the pull's page query.

create or replace function private.replication_doc_notebooks(r public.notebooks, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level in ('owner', 'editor', 'collaborator', 'viewer', 'invited')
    then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

-- A question or answer a moderator hid (hidden_at, moderation.sql) is a deletion for every device,
-- its author's and the owner's too (admins read it in /admin); restoring it sends it again.
create or replace function private.replication_doc_questions(r public.questions, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.hidden_at is null
                   and (p_level in ('owner', 'editor', 'collaborator') or (p_level = 'viewer' and not r.blocked))
    then to_jsonb(r) - 'replication_xid' - 'hidden_at' || '{"_deleted": false}'::jsonb end
$$;

-- Answers: managers see all; sharees see approved ones and their own; the answers of a hidden
-- question are a deletion like the question (a hide or restore of a question sends the notebook
-- again: moderation.sql, "the answers follow their question's hide"); the author's identity of
-- an anonymous answer goes only to the owner and the author. A guest's answer: guests.sql's
-- private.guest_answer_doc (a call made for guest answers only: a person's answer stays inlinable).
create or replace function private.replication_doc_answers(r public.answers, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case
    when r.hidden_at is not null or private.question_hidden(r.question_id) then null
    when r.guest_id is not null then private.guest_answer_doc(r, p_me, p_level) - 'hidden_at'
    when p_level in ('owner', 'editor', 'collaborator')
      or (p_level = 'viewer' and (r.user_id = p_me or r.moderation_status = 'approved'))
    then case
      when not r.is_anonymous or r.user_id = p_me or p_level = 'owner'
        then to_jsonb(r) - 'replication_xid' - 'hidden_at'
      else to_jsonb(r) - 'replication_xid' - 'hidden_at' || '{"user_id": null, "responder_name": null}'::jsonb
    end || '{"_deleted": false}'::jsonb
  end
$$;

create or replace function private.replication_doc_notebook_shares(r public.notebook_shares, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level in ('owner', 'editor') or (p_level <> 'none' and r.shared_with = p_me)
    then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_notebook_collaborators(r public.notebook_collaborators, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level in ('owner', 'editor', 'collaborator') or (p_level <> 'none' and r.user_id = p_me)
    then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_invite_links(r public.invite_links, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level = 'owner' then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

-- account_status only in one's own profile (the app's own ban sign-out): someone else's would
-- tell a reporter that the author of an anonymous answer was just banned (issue 33, S5)
create or replace function private.replication_doc_profiles(r public.profiles, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level <> 'none' then
    to_jsonb(r) - 'replication_xid' - (case when r.id is distinct from p_me then 'account_status' else '' end)
    || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_user_settings(r public.user_settings, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.user_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_notifications(r public.notifications, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.recipient_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_favorites(r public.favorites, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.user_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_forbidden_words(r public.forbidden_words, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select to_jsonb(r) - 'replication_xid' - 'normalized' - 'created_by' || '{"_deleted": false}'::jsonb
$$;

-- A deletion as RxDB receives it: the id, _deleted, and the keys a client indexes by.
create or replace function private.deletion_doc(p_id uuid, p_notebook_id uuid, p_keys jsonb)
returns jsonb language sql immutable as $$
  select jsonb_strip_nulls(jsonb_build_object('id', p_id, 'notebook_id', p_notebook_id)) || coalesce(p_keys, '{}'::jsonb)
         || '{"_deleted": true}'::jsonb
$$;
-- EXECUTE on the `private` helpers that replication_push (SECURITY INVOKER, so that RLS and
-- triggers judge every pushed row) calls with the caller's privileges is granted explicitly, so
-- the contract does not depend on PUBLIC's default EXECUTE on new functions. (Helpers reachable
-- only from SECURITY DEFINER code need nothing; private.notebook_membership and
-- private.answer_id_for stay revoked: they answer questions about other people.)
grant execute on function private.deletion_doc(uuid, uuid, jsonb) to authenticated, service_role;

-- A pushed new notebook, question or answer carries the time it was written (created_at; the
-- rule is private.time_written, notebooks migration).
insert into private.replication_collections
  (name, table_name, scope, scope_column, doc_function, insertable, updatable, deletable, delete_wins, insert_refusal) values
  ('notebooks', 'notebooks', 'notebook', 'id', 'private.replication_doc_notebooks',
   '{id,user_id,title,description,author,theme,pre_moderation_enabled,paper_style,sticker_border,cover,is_shared,created_at}',
   '{title,description,author,theme,pre_moderation_enabled,paper_style,sticker_border,cover,is_shared}', true, true, null),
  ('questions', 'questions', 'notebook', 'notebook_id', 'private.replication_doc_questions',
   '{id,notebook_id,user_id,text,order_index,blocked,created_at}', '{text,order_index,blocked}', true, true, null),
  ('answers', 'answers', 'notebook', 'notebook_id', 'private.replication_doc_answers',
   '{id,question_id,notebook_id,user_id,text,is_anonymous,responder_name,client_clock,created_at,guest_id}',
   '{text,is_anonymous,responder_name,client_clock,moderation_status,moderation_notes}', true, false, null),
  ('notebook_shares', 'notebook_shares', 'notebook', 'notebook_id', 'private.replication_doc_notebook_shares',
   '{id,notebook_id,shared_with,access_level}', '{}', true, false, null),
  ('notebook_collaborators', 'notebook_collaborators', 'notebook', 'notebook_id', 'private.replication_doc_notebook_collaborators',
   '{id,notebook_id,user_id,role}', '{role,status}', true, false, null),
  ('invite_links', 'invite_links', 'notebook', 'notebook_id', 'private.replication_doc_invite_links',
   '{id,notebook_id,code,expires_at}', '{status}', true, false, null),
  ('profiles', 'profiles', 'profile', 'id', 'private.replication_doc_profiles',
   '{}', '{username,display_name,avatar_url,cover_url,bio,status_message,visibility,connections_visibility}', false, false, 'read_only'),
  ('user_settings', 'user_settings', 'user', 'user_id', 'private.replication_doc_user_settings',
   '{}', '{language,ui_theme,email_notifications}', false, false, 'read_only'),
  ('notifications', 'notifications', 'user', 'recipient_id', 'private.replication_doc_notifications',
   '{}', '{is_read}', true, false, 'read_only'),
  ('favorites', 'favorites', 'user', 'user_id', 'private.replication_doc_favorites',
   '{id,user_id,notebook_id}', '{}', true, false, null),
  ('forbidden_words', 'forbidden_words', 'global', 'id', 'private.replication_doc_forbidden_words',
   '{}', '{}', false, false, 'read_only');

create or replace function private.replication_collection(p_name text)
returns private.replication_collections
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c private.replication_collections;
begin
  select * into c from private.replication_collections where name = p_name;
  if not found then
    raise exception using errcode = '22023', message = 'Unknown collection: ' || coalesce(p_name, 'null'), hint = 'validation';
  end if;
  return c;
end
$$;
grant execute on function private.replication_collection(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Pull
-- ---------------------------------------------------------------------------------------------

-- The SQL of one pull page per scope. It returns the page as (documents, last key, last id, count).
-- Parameters: $1 me, $2 the key to read after, $3 the id to read after, $4 snapshot xmin,
-- $5 limit, $6 from scratch (no tombstones needed), $7 global scope, $8 the pass floor ('0' when
-- not in phase 1), $9 in phase 1.
--
-- S10 and a pass from scratch. replication_purge raises the horizon to the newest purged
-- tombstone (or revoked access), and a checkpoint at or below the horizon is answered
-- {resync: true}. A pass from scratch that handed out checkpoints at the keys of the (old) rows it
-- sends would be told "resync" on its second page and never finish
-- (tests/replication-first-sync.test.ts). Below the horizon there is nothing a device starting
-- from scratch can miss — every purged tombstone and revocation committed before the pass began,
-- so the rows they concern were already gone or invisible when it read — so a pass from scratch
-- after a purge reads in two phases:
--
--   1. every row whose key is below the pass floor (horizon + 1), by id, each at key = floor;
--      its checkpoints are (floor, id): above the horizon, so never stale;
--   2. the rest by (key, id), from (floor, last id of phase 1) — the query of any other pull.
--
-- The page order is (greatest(key, floor), id): one total order, so paging stays exact. S3 holds:
-- phase 1 runs only while the floor is below the snapshot's xmin, so no row with a key below the
-- floor can commit later. If a purge raises the horizon during a pass, that pass's phase-1
-- checkpoint falls below it and the device resyncs once (a purge runs hourly; a pass takes
-- seconds).
--
-- The notebook scope applies the collection's reader filters (row_readers, tombstone_readers:
-- guests go to the owner and the host only). The profile scope names the people a device shares a
-- notebook with, and the writers of the answers of the notebooks it runs as far as the answers
-- name them (owner: every answer; editor: signed ones), unless the writer blocked the reader; a
-- block or unblock moves it (private.block_changes, safety.sql).
create or replace function private.replication_pull_sql(c private.replication_collections)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  page_sql text;
  tail text := $q$
    select jsonb_agg(coalesce(case when p.live then %4$s(r, $1, p.level) end,
                              private.deletion_doc(p.id, p.notebook_id, t.keys))
                     order by p.key, p.id),
           (array_agg(p.key order by p.key desc, p.id desc))[1],
           (array_agg(p.id order by p.key desc, p.id desc))[1],
           count(*)::int
      from page p
      left join public.%1$I r on p.live and r.id = p.id
      left join private.replication_tombstones t on not p.live and t.collection = %3$L and t.id = p.id
  $q$;
begin
  if c.scope = 'notebook' then
    page_sql := $q$
      with access as (
        select a.notebook_id, a.level, a.xid, a.ever_manager
          from private.replication_access a
         where a.user_id = $1 and a.xid < $4 and (a.level <> 'none' or a.xid >= $2)
      ),
      cand as (
        select c.* from access a cross join lateral (
          -- the notebook's access changed after the checkpoint: every row written before, key = access xid
          (select r.id, a.xid as key, true as live, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid <= a.xid
              and (a.xid > $2 or (a.xid = $2 and r.id > $3)) and (%5$s)
            order by r.id limit $5)
          union all
          -- rows written after the access change and after the checkpoint, key = row xid
          (select r.id, r.replication_xid, true, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid > a.xid and r.replication_xid < $4
              and (r.replication_xid, r.id) > ($2, $3) and (%5$s)
            order by r.replication_xid, r.id limit $5)
          union all
          (select t.id, a.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid <= a.xid and (a.xid > $2 or (a.xid = $2 and t.id > $3)) and (%6$s)
            order by t.id limit $5)
          union all
          (select t.id, t.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid > a.xid and t.xid < $4 and (t.xid, t.id) > ($2, $3) and (%6$s)
            order by t.xid, t.id limit $5)
          union all
          -- phase 1 of a pass from scratch after a purge: rows whose key (greatest of row and
          -- access xid) is below the floor, by id, at key = floor
          (select r.id, $8, true, a.level, a.notebook_id
             from public.%1$I r
            where $9 and a.xid < $8 and r.%2$I = a.notebook_id and r.replication_xid < $8 and r.id > $3 and (%5$s)
            order by r.id limit $5)
          union all
          (select t.id, $8, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where $9 and not $6 and a.xid < $8 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid < $8 and t.id > $3 and (%6$s)
            order by t.id limit $5)
        ) c
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  elsif c.scope in ('user', 'global') then
    page_sql := $q$
      with cand as (
        (select r.id, r.replication_xid as key, true as live, 'owner'::text as level, null::uuid as notebook_id
           from public.%1$I r
          where ($7 or r.%2$I = $1) and r.replication_xid < $4 and (r.replication_xid, r.id) > ($2, $3)
          order by r.replication_xid, r.id limit $5)
        union all
        (select t.id, t.xid, false, 'owner', null::uuid
           from private.replication_tombstones t
          where not $6 and t.collection = %3$L and ($7 or t.owner_id = $1)
            and t.xid < $4 and (t.xid, t.id) > ($2, $3)
          order by t.xid, t.id limit $5)
        union all
        -- phase 1 of a pass from scratch after a purge (see above)
        (select r.id, $8, true, 'owner', null::uuid
           from public.%1$I r
          where $9 and ($7 or r.%2$I = $1) and r.replication_xid < $8 and r.id > $3
          order by r.id limit $5)
        union all
        (select t.id, $8, false, 'owner', null::uuid
           from private.replication_tombstones t
          where $9 and not $6 and t.collection = %3$L and ($7 or t.owner_id = $1) and t.xid < $8 and t.id > $3
          order by t.id limit $5)
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  else
    -- profile: me, and the people of my notebooks I may know: owners and editors know everyone
    -- in their notebooks; everyone knows the owner, editors and collaborators. Sharees never
    -- receive each other's profiles, so no sharee's device holds the id of an anonymous answerer.
    -- The writers of the answers of a notebook I run stay known after their access ends, as far
    -- as the answers name them to me (the owner: every answer; an editor: signed ones), unless
    -- they blocked me. A pair's key is the latest change that may have turned it: an access, the
    -- first such answer, a block or unblock by the writer.
    -- Keys are raised to the floor ($8, '0' outside phase 1): the whole order is computed here.
    page_sql := $q$
      with mine as (
        select a.notebook_id, a.level, a.xid, a.ever_manager from private.replication_access a where a.user_id = $1
      ),
      writers as (
        select r.user_id as other,
               greatest(m.xid, min(r.replication_xid), coalesce(max(bc.xid), '0'::xid8)) as pair_key,
               not private.has_blocked(r.user_id, $1) as together
          from mine m
          join public.answers r on r.notebook_id = m.notebook_id
          left join private.block_changes bc on bc.blocker_id = r.user_id and bc.blocked_id = $1
         where r.user_id is not null and r.user_id <> $1
           and (m.level = 'owner' or (m.level = 'editor' and not r.is_anonymous))
         group by r.user_id, m.notebook_id, m.xid
      ),
      pairs as (
        select k.other, max(k.pair_key) as pair_key, bool_or(k.together) as together
          from (
            select o.user_id as other,
                   greatest(m.xid, o.xid) as pair_key,
                   m.level <> 'none' and o.level <> 'none'
                     and (m.level in ('owner', 'editor') or o.level in ('owner', 'editor', 'collaborator')) as together
              from mine m join private.replication_access o on o.notebook_id = m.notebook_id
             where o.user_id <> $1
               -- only people I may have known (a manager knows everyone; everyone knows the staff):
               -- not even a deletion names anyone else
               and (m.ever_manager or o.ever_staff)
            union all
            select w.other, w.pair_key, w.together from writers w
          ) k
         group by k.other
        union all
        select $1, '0'::xid8, true
      ),
      cand as (
        select pr.id, greatest(pr.replication_xid, p.pair_key, $8) as key, true as live,
               case when p.together then 'viewer' else 'none' end as level, null::uuid as notebook_id
          from pairs p join public.profiles pr on pr.id = p.other
         where greatest(pr.replication_xid, p.pair_key, $8) < $4
           and (greatest(pr.replication_xid, p.pair_key, $8), pr.id) > ($2, $3)
        union all
        select t.id, greatest(t.xid, p.pair_key, $8), false, 'none', null::uuid
          from pairs p join private.replication_tombstones t on t.collection = %3$L and t.id = p.other
         where not $6 and greatest(t.xid, p.pair_key, $8) < $4 and (greatest(t.xid, p.pair_key, $8), t.id) > ($2, $3)
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  end if;
  return format(page_sql || tail, c.table_name, c.scope_column, c.name, c.doc_function,
                coalesce(c.row_readers, 'true'), coalesce(c.tombstone_readers, 'true'));
end
$$;

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
comment on function public.replication_pull(text, jsonb, integer) is
  'RxDB pull handler: documents after the checkpoint {xid, id} that the caller may see, deletions for those they may not (S3, S4, S5, S10).';
revoke all on function public.replication_pull(text, jsonb, integer) from public, anon, authenticated, service_role;
grant execute on function public.replication_pull(text, jsonb, integer) to anon, authenticated;

-- Several pulls in one request (issue 34): a round — a pulse, a reconnection, a first sync — asks
-- every collection at once, and thirteen requests cost the server thirteen times its per-request
-- work (token, transaction, HTTP) for mostly empty answers. Each element is exactly one
-- replication_pull call ({collection, checkpoint, limit}), made by the caller (security invoker:
-- the same rules, nothing more), one after the other in one transaction — each answer is what
-- that pull alone would give, with its own checkpoint — in the order asked. At most 20 (the
-- client never sends more than the collections it has).
create or replace function public.replication_pull_many(p_pulls jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  pull jsonb;
  answers jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_pulls) is distinct from 'array' or jsonb_array_length(p_pulls) not between 1 and 20 then
    raise exception using errcode = '22023', message = 'p_pulls must be an array of 1 to 20 pulls', hint = 'validation';
  end if;
  for pull in select value from jsonb_array_elements(p_pulls) loop
    if jsonb_typeof(pull) is distinct from 'object' or jsonb_typeof(pull -> 'collection') is distinct from 'string' then
      raise exception using errcode = '22023', message = 'each pull is {collection, checkpoint, limit}', hint = 'validation';
    end if;
    answers := answers || jsonb_build_array(public.replication_pull(
      pull ->> 'collection',
      nullif(pull -> 'checkpoint', 'null'::jsonb),
      case when jsonb_typeof(pull -> 'limit') = 'number' then (pull ->> 'limit')::numeric::integer else 100 end));
  end loop;
  return answers;
end
$$;
comment on function public.replication_pull_many(jsonb) is
  'Several replication_pull calls in one request: [{collection, checkpoint, limit}] → [{documents, checkpoint, resync?}] in the same order.';
revoke all on function public.replication_pull_many(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.replication_pull_many(jsonb) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Push
-- ---------------------------------------------------------------------------------------------

-- The statement of replication_master for one collection (the row's presence and its document
-- for the caller, in one query) through a prepared statement of the session named by the query's
-- digest, as replication_page does (issue 34): EXECUTE of dynamic SQL planned its two queries anew
-- on every push. Called by replication_master (SECURITY DEFINER) only; runs any SQL it is given:
-- no API role may call it.
create or replace function private.replication_master_row(p_sql text, p_id uuid, p_me uuid,
  out present boolean, out doc jsonb)
language plpgsql
volatile
set search_path = ''
as $$
declare
  stmt text := 'replication_master_' || md5(p_sql);
  call text := format('execute %I(%L, %L)', stmt, p_id, p_me);
begin
  begin
    execute call into present, doc;
  exception when invalid_sql_statement_name then
    execute format('prepare %I(uuid, uuid) as %s', stmt, p_sql);
    execute call into present, doc;
  end;
end
$$;
revoke all on function private.replication_master_row(text, uuid, uuid) from public, anon, authenticated, service_role;

-- The current master state of a row for the caller: {state: visible|invisible|deleted|absent, doc}.
-- The caller's level is the row's scope's (a notebook's role, an admin's counting as none; the
-- owner of a person's row; everyone for global rows), and the collection's document function
-- decides what of the row that level sees.
create or replace function private.replication_master(p_collection text, p_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c private.replication_collections;
  me uuid := auth.uid();
  present boolean;
  doc jsonb;
  tomb private.replication_tombstones;
begin
  c := private.replication_collection(p_collection);
  select m.present, m.doc into present, doc
    from private.replication_master_row(
      format('select true, %s(r, $2, case lv.level when ''admin'' then ''none'' else lv.level end) '
             'from public.%I r cross join lateral (select %s as level) lv where r.id = $1',
             c.doc_function, c.table_name,
             case c.scope
               when 'notebook' then format('public.notebook_role(r.%I)', c.scope_column)
               when 'user' then format('case when r.%I = $2 then ''owner'' else ''none'' end', c.scope_column)
               when 'profile' then 'case when r.id = $2 then ''owner'' else ''none'' end'
               else '''viewer''' end),
      p_id, me) m;
  if present is null then
    select * into tomb from private.replication_tombstones t where t.collection = p_collection and t.id = p_id;
    if found then
      return jsonb_build_object('state', 'deleted', 'doc', private.deletion_doc(tomb.id, tomb.notebook_id, tomb.keys));
    end if;
    return jsonb_build_object('state', 'absent');
  end if;
  if doc is null then
    return jsonb_build_object('state', 'invisible');
  end if;
  return jsonb_build_object('state', 'visible', 'doc', doc);
end
$$;
grant execute on function private.replication_master(text, uuid) to authenticated, service_role;

-- The id the caller's answer to a question has (S6): clients may check their own derivation.
create or replace function public.my_answer_id(p_question_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select private.answer_id_for(p_question_id, auth.uid())
$$;
-- A visitor has no answer secret.
revoke all on function public.my_answer_id(uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_answer_id(uuid) to authenticated;

-- Moderation with compare-and-swap, for moderators who cannot see the row through the answers
-- table (anonymous answers): true when applied.
create or replace function private.moderate_answer_cas(p_id uuid, p_status text, p_notes text, p_expected_rev integer)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target record;
begin
  select a.notebook_id into target from public.answers a where a.id = p_id;
  if not found or public.notebook_role(target.notebook_id) not in ('owner', 'editor', 'collaborator') then
    raise exception using errcode = '42501',
      message = 'Only the notebook owner and collaborators can moderate answers.', hint = 'not_allowed';
  end if;
  update public.answers set moderation_status = p_status, moderation_notes = p_notes
   where id = p_id and server_rev = p_expected_rev;
  return found;
end
$$;
grant execute on function private.moderate_answer_cas(uuid, text, text, integer) to authenticated, service_role;

-- Why a write was refused, as a reason code the client can show (S8).
create or replace function private.rejection_reason(p_state text, p_hint text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when coalesce(p_hint, '') ~ '^[a-z_]+$' then p_hint
    when p_state = '42501' then 'not_allowed'
    when p_state in ('23514', '23502', '22001', '22P02', '22023', '22007', '22008') then 'validation'
    when p_state = '23505' then 'duplicate'
    when p_state = '23503' then 'not_found'
    else 'error'
  end
$$;
grant execute on function private.rejection_reason(text, text) to authenticated, service_role;

-- The parameters of a refusal: an error's detail when it is a JSON array or object (the forbidden
-- words), else null (a detail in words is for developers, like the message).
create or replace function private.rejection_details(p_detail text)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  parsed jsonb;
begin
  if p_detail is null or p_detail !~ '^\s*[\[{]' then
    return null;
  end if;
  parsed := p_detail::jsonb;
  return parsed;
exception when others then
  return null;
end
$$;
-- Called by replication_push with the caller's privileges, like the helpers above.
revoke all on function private.rejection_details(text) from public, anon;
grant execute on function private.rejection_details(text) to authenticated, service_role;

-- The push (S6–S9). A push is compare-and-swap on the columns a device may set
-- (private.replication_collections.updatable) that it changed since its base. When none is left
-- to write but the device's copy differs from the server's row, the push is answered with that
-- row as a conflict and nothing is written: otherwise the device would keep its own copy for
-- good (nothing moves the row on the server again, the next pull has nothing to bring). The
-- device takes it (src/data/replication/conflicts.ts: no change of its own is left to keep). That
-- happens whenever the device changed only what the server keeps:
--
--   - an owner rejects an answer and approves it again before the push goes out: the status is
--     the server's again, but the device stamped its own moderator and time (moderated_by,
--     moderated_at), which the server sets itself;
--   - with pre-moderation an answerer edits an approved answer and writes the old words back:
--     the device guessed "pending" (not the answerer's to set) and moved its clock;
--   - the same words with another clock (an answer written A → B → A on one device, B never
--     pushed): the clock stays the server's, it marks edits of the words ("25 the answerer's
--     clock only moves forward").
--
-- (Found by src/data/invariants/convergence.property.test.ts, seed 894923244.)
-- A new answer's id is checked against private.new_answer_id (a guest's answer: derived from the
-- guest's secret).
create or replace function public.replication_push(p_collection text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  c private.replication_collections;
  item jsonb;
  new_doc jsonb;
  assumed jsonb;
  master jsonb;
  state text;
  row_id uuid;
  cols text[];
  moderation_cols text[];
  answer_cols text[];
  affected integer;
  conflicts jsonb := '[]'::jsonb;
  rejected jsonb := '[]'::jsonb;
  err_state text;
  err_message text;
  err_hint text;
  err_detail text;
  account text := private.account_status(me);
  write_sql text;
  stmt text;
begin
  c := private.replication_collection(p_collection);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 500 then
    raise exception using errcode = '22023', message = 'rows must be an array of at most 500 items', hint = 'validation';
  end if;

  for item in select value from jsonb_array_elements(p_rows) loop
    new_doc := item -> 'newDocumentState';
    assumed := nullif(item -> 'assumedMasterState', 'null'::jsonb);
    row_id := (new_doc ->> 'id')::uuid;
    master := null;
    begin
      if account <> 'active' then
        perform private.require_user(true);
      end if;
      master := private.replication_master(p_collection, row_id);
      state := master ->> 'state';
      master := master -> 'doc';

      if assumed is null or coalesce((assumed ->> '_deleted')::boolean, false) and state <> 'visible' then
        -- a new row (or one recreated after a deletion the client knows of)
        if state = 'visible' then
          conflicts := conflicts || master;
        elsif state = 'invisible' then
          raise exception using errcode = '42501', message = 'This row belongs to someone else.', hint = 'not_allowed';
        elsif coalesce((new_doc ->> '_deleted')::boolean, false) then
          null; -- created and deleted offline: nothing to do
        elsif c.insert_refusal is not null then
          raise exception using errcode = '42501', message = 'This kind of row is created online only.', hint = c.insert_refusal;
        else
          -- S6: a person's answer id comes from their secret, a guest's from the guest's (an
          -- answer whose guest is not on the server yet is refused as guest_not_synced: a retry)
          if p_collection = 'answers' and row_id is distinct from
             private.new_answer_id((new_doc ->> 'question_id')::uuid, (new_doc ->> 'guest_id')::uuid) then
            raise exception using errcode = '22023',
              message = 'An answer''s id must be derived from its question and the answer secret of its author (or guest).', hint = 'invalid_id';
          end if;
          cols := array(select k from unnest(c.insertable) k where new_doc ? k);
          write_sql := format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                              c.table_name, (select string_agg(format('%I', k), ', ') from unnest(cols) k));
          -- a prepared statement of the session, named by the statement's digest (as
          -- replication_page): dynamic SQL would be planned anew on every push
          stmt := 'replication_push_' || md5(write_sql);
          begin
            execute format('execute %I(%L)', stmt, new_doc);
          exception when invalid_sql_statement_name then
            execute format('prepare %I(jsonb) as %s', stmt, write_sql);
            execute format('execute %I(%L)', stmt, new_doc);
          end;
        end if;

      elsif state in ('deleted', 'absent') then
        if not coalesce((new_doc ->> '_deleted')::boolean, false) then
          -- edited offline, deleted meanwhile: the deletion wins
          conflicts := conflicts || coalesce(master, private.deletion_doc(row_id, null, null));
        end if;

      elsif state = 'invisible' then
        raise exception using errcode = '42501', message = 'You no longer have access to this row.', hint = 'not_allowed';

      elsif coalesce((new_doc ->> '_deleted')::boolean, false) then
        if not c.deletable then
          raise exception using errcode = '42501', message = 'This kind of row cannot be deleted here.', hint = 'read_only';
        end if;
        if (master ->> 'server_rev') is distinct from (assumed ->> 'server_rev') and not c.delete_wins then
          conflicts := conflicts || master;
        else
          execute format('delete from public.%I where id = $1', c.table_name) using row_id;
          get diagnostics affected = row_count;
          if affected = 0 then
            raise exception using errcode = '42501', message = 'You may not delete this row.', hint = 'not_allowed';
          end if;
        end if;

      elsif (master ->> 'server_rev') is distinct from (assumed ->> 'server_rev') then
        conflicts := conflicts || master;

      else
        -- compare-and-swap: apply only the fields this device changed
        cols := array(select k from unnest(c.updatable) k
                       where (new_doc -> k) is distinct from (assumed -> k) and new_doc ? k);
        moderation_cols := '{}';
        if p_collection = 'answers' then
          if public.notebook_role((master ->> 'notebook_id')::uuid) not in ('owner', 'editor', 'collaborator') then
            -- an answerer's copy of the moderation fields is not theirs to set: the server decides
            cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes'));
          end if;
          moderation_cols := array(select k from unnest(cols) k where k in ('moderation_status', 'moderation_notes'));
          answer_cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes', 'client_clock'));
          if cardinality(answer_cols) > 0
             and coalesce((new_doc ->> 'client_clock')::bigint, 0) <= coalesce((master ->> 'client_clock')::bigint, 0) then
            -- an edit older than the one the server has: the later edit wins (S7)
            conflicts := conflicts || master;
            continue;
          end if;
          if cardinality(answer_cols) = 0 then
            -- the same words with another clock: the clock stays the server's (it marks edits
            -- of the words)
            cols := array(select k from unnest(cols) k where k <> 'client_clock');
          end if;
          if cardinality(moderation_cols) > 0 then
            if not private.moderate_answer_cas(row_id,
                     coalesce(new_doc ->> 'moderation_status', master ->> 'moderation_status'),
                     case when new_doc ? 'moderation_notes' then new_doc ->> 'moderation_notes' else master ->> 'moderation_notes' end,
                     (assumed ->> 'server_rev')::integer) then
              conflicts := conflicts || (private.replication_master(p_collection, row_id) -> 'doc');
              continue;
            end if;
            cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes'));
            if cardinality(cols) > 0 then
              assumed := jsonb_set(assumed, '{server_rev}', to_jsonb((assumed ->> 'server_rev')::integer + 1));
            end if;
          end if;
        end if;
        if cardinality(cols) = 0 and cardinality(moderation_cols) = 0 then
          -- nothing to write: what this device changed is not its to set (the server's fields,
          -- the moderation of an answerer's copy, a clock alone). A copy that differs from the
          -- server's row gets it back, or the device would keep its own values for good.
          if exists (select 1 from jsonb_each(new_doc) d
                      where d.value is distinct from coalesce(master -> d.key, 'null'::jsonb)) then
            conflicts := conflicts || master;
          end if;
          continue;
        end if;
        if cardinality(cols) > 0 then
          -- prepared as the insert above; counted by the statement itself (EXECUTE of a prepared
          -- statement reports no row count)
          write_sql := format('with changed as (update public.%1$I t set %2$s from jsonb_populate_record(null::public.%1$I, $1) s '
                              'where t.id = $2 and t.server_rev = $3 returning 1) select count(*)::integer from changed',
                              c.table_name, (select string_agg(format('%1$I = s.%1$I', k), ', ') from unnest(cols) k));
          stmt := 'replication_push_' || md5(write_sql);
          begin
            execute format('execute %I(%L, %L, %L)', stmt, new_doc, row_id, (assumed ->> 'server_rev')::integer) into affected;
          exception when invalid_sql_statement_name then
            execute format('prepare %I(jsonb, uuid, integer) as %s', stmt, write_sql);
            execute format('execute %I(%L, %L, %L)', stmt, new_doc, row_id, (assumed ->> 'server_rev')::integer) into affected;
          end;
          if affected = 0 then
            master := private.replication_master(p_collection, row_id);
            if master ->> 'state' = 'visible' and (master -> 'doc' ->> 'server_rev') is distinct from (assumed ->> 'server_rev') then
              conflicts := conflicts || (master -> 'doc');
            else
              raise exception using errcode = '42501', message = 'You may not change this row.', hint = 'not_allowed';
            end if;
          end if;
        end if;
      end if;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text, err_hint = pg_exception_hint,
                              err_detail = pg_exception_detail;
      rejected := rejected || jsonb_build_object(
        'id', new_doc ->> 'id',
        'reason', private.rejection_reason(err_state, err_hint),
        'code', err_state,
        'message', err_message,
        'details', private.rejection_details(err_detail),
        'document', case when master is not null and jsonb_typeof(master) = 'object' and master ? 'id' then master end);
    end;
  end loop;
  return jsonb_build_object('conflicts', conflicts, 'rejected', rejected);
end
$$;
comment on function public.replication_push(text, jsonb) is
  'RxDB push handler: rows [{newDocumentState, assumedMasterState}] → conflicts (master states) and per-row rejections with reason codes and their details, e.g. the forbidden words (S6–S9).';
revoke all on function public.replication_push(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.replication_push(text, jsonb) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Purge (S10): run by the server (service role) on a schedule
-- ---------------------------------------------------------------------------------------------

-- Every run records its time (also the runs that find nothing to purge): public.purge_status
-- reports it (20261124100500_purge_schedule.sql).

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
revoke all on function public.replication_purge(interval) from public, anon, authenticated, service_role;
grant execute on function public.replication_purge(interval) to service_role;
