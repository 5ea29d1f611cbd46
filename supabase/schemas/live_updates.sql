set check_function_bodies = off;

-- Live updates of online-only data (issue 22: "a live update reaches an open screen within 1 s").
--
-- Online-only screens (profiles now; friends, guestbook, polls, notifications later) read through
-- RPCs and views that apply the reach rules, and TanStack Query keeps the results. A change on the
-- server reaches an open screen as a NOTICE, never as data: one row of public.profile_notices
-- ("profile <id> changed"), delivered by Realtime (postgres_changes, INSERT) under the table's RLS
-- exactly like replication_pulses (replication migration), and the client refetches through
-- profile_view, which applies private.profile_reach. The realtime payload carries the notice's id
-- and the profile's id only: the other columns are not granted, so Realtime leaves them out.
--
-- Who hears a notice (the RLS policy below) — nobody learns more than refetching would tell them:
--   - those who see the whole profile now (reach 'full': anyone for a public profile, its notebook
--     companions for a private one, the person, admins);
--   - everyone who saw the whole profile a moment ago, when it was public and active before the
--     change (it went private, banned or removed: their open screen must shrink or say not found),
--     except those the owner blocked;
--   - the one person a block or an unblock concerns (their open screen must say not found, or
--     show the profile again): `reader`. Such a notice carries the reader's OWN id, never the
--     blocker's — a block is never announced (issue 28): their device reads its open profile
--     screens again (src/screens/online/hooks/profile.ts follows the viewer's own notices too).
-- Not those who see only a private profile's card (reach 'card', any signed-in stranger): a
-- stranger listening to every notice would otherwise collect the ids of private profiles (minors'
-- among them, whom strangers must not find) and when their name or photo changes. A card open on
-- a stranger's screen is refreshed by TanStack Query (focus, reconnect), not live.
-- A visitor or a blocked person never hears anything of a private profile or of the blocker.
--
-- Notices older than ten minutes are removed by the next notice (Realtime reads the row right
-- after the commit; nothing reads it later).
--
-- A notice is decided at COMMIT, from the states others could have seen (issue 28): a sign-up
-- makes the profile public and the age rule makes a minor's private in the same transaction, and
-- a notice of each row change, with was_public from that intermediate state, told every visitor
-- every new minor's id. A change only notes the profile (private.profile_notices_pending, once per
-- transaction, with its state at the last commit, or "made in this transaction"); the deferred
-- trigger "live: a profile's notice is written at commit" turns the note into one notice — none
-- for a profile made in the transaction (nobody can follow an id that did not exist).

create table public.profile_notices (
  id bigint generated always as identity primary key,
  profile_id uuid not null,
  -- the profile was public and active before the change: whoever saw it then may hear of it
  was_public boolean not null default false,
  -- a notice for one person alone (a block or unblock between the profile's owner and them)
  reader uuid,
  created_at timestamptz not null default now()
);
create index profile_notices_age on public.profile_notices (created_at);
comment on table public.profile_notices is
  'Live-update notices of online-only data: "profile <id> changed". No data; clients refetch profile_view.';
alter table public.profile_notices enable row level security;
create policy "people hear of changes to the profiles they may see" on public.profile_notices
  for select to anon, authenticated
  using (
    case
      when reader is not null then reader = auth.uid()
      else private.profile_reach(profile_id) = 'full'
        or (was_public and not private.has_blocked(profile_id, auth.uid()))
    end
  );
-- Read by Realtime as each subscriber (only the id and the profile's id); written by triggers.
revoke all on public.profile_notices from public, anon, authenticated, service_role;
grant select (id, profile_id) on public.profile_notices to anon, authenticated;
grant select, insert, update, delete on public.profile_notices to service_role;
revoke all on sequence public.profile_notices_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.profile_notices_id_seq to service_role;
alter publication supabase_realtime add table public.profile_notices;

-- Writes one notice and removes a few old ones (skip locked: concurrent writers never wait).
create or replace function private.notice_profile(p_profile uuid, p_was_public boolean, p_reader uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.profile_notices
   where id in (select n.id from public.profile_notices n
                 where n.created_at < now() - interval '10 minutes'
                 order by n.id limit 100 for update skip locked);
  insert into public.profile_notices (profile_id, was_public, reader)
  values (p_profile, coalesce(p_was_public, false), p_reader);
$$;
revoke all on function private.notice_profile(uuid, boolean, uuid) from public, anon, authenticated, service_role;

-- The profiles the running transaction changed, each with its state at the last commit; emptied
-- at commit (or with the transaction when it rolls back).
create table private.profile_notices_pending (
  txid bigint not null,
  profile_id uuid not null,
  -- public and active at the last commit (whoever saw it then may hear of the change)
  was_public boolean not null,
  -- made in this transaction: nobody can be following it, no notice
  made_now boolean not null,
  primary key (txid, profile_id)
);
comment on table private.profile_notices_pending is
  'Profiles changed by the running transaction, with their state at the last commit; emptied at commit.';
revoke all on private.profile_notices_pending from public, anon, authenticated, service_role;

-- A new profile: noted as made now, so that a change later in the same transaction (the age
-- rule's) makes no notice.
create or replace function private.note_new_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.profile_notices_pending (txid, profile_id, was_public, made_now)
  values (txid_current(), new.id, false, true)
  on conflict do nothing;
  return null;
end
$$;
revoke all on function private.note_new_profile() from public, anon, authenticated, service_role;

create trigger "live: a new profile is noted" after insert on public.profiles
  for each row execute function private.note_new_profile();

-- A field profile_view shows changed (or the visibility or account status that decide who sees
-- it): the profile is noted with its state at the last commit — the OLD of the transaction's first
-- such change. Writes that touch none of them (replication bookkeeping) note nothing.
create or replace function private.notice_profile_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (old.username, old.display_name, old.avatar_url, old.cover_url, old.bio, old.status_message,
      old.visibility, old.connections_visibility, old.account_status)
     is distinct from
     (new.username, new.display_name, new.avatar_url, new.cover_url, new.bio, new.status_message,
      new.visibility, new.connections_visibility, new.account_status) then
    insert into private.profile_notices_pending (txid, profile_id, was_public, made_now)
    values (txid_current(), new.id, old.visibility = 'public' and old.account_status = 'active', false)
    on conflict do nothing;
  end if;
  return null;
end
$$;
revoke all on function private.notice_profile_change() from public, anon, authenticated, service_role;

create trigger "live: a profile change is noticed" after update on public.profiles
  for each row execute function private.notice_profile_change();

-- At commit: the profile's note (the first event of the profile in the transaction takes it, the
-- others find none) becomes its one notice, unless the profile was made in this transaction.
create or replace function private.write_profile_notice_at_commit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  noted private.profile_notices_pending;
begin
  delete from private.profile_notices_pending
   where txid = txid_current() and profile_id = new.id
  returning * into noted;
  if found and not noted.made_now then
    perform private.notice_profile(new.id, noted.was_public, null);
  end if;
  return null;
end
$$;
revoke all on function private.write_profile_notice_at_commit() from public, anon, authenticated, service_role;

create constraint trigger "live: a profile's notice is written at commit" after insert or update on public.profiles
  deferrable initially deferred
  for each row execute function private.write_profile_notice_at_commit();

-- A block or an unblock changes what the blocked person sees of the blocker's profile: a notice
-- for them alone, of their own profile — it names nobody; their open screens read again.
create or replace function private.notice_block_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.blocks := case when tg_op = 'DELETE' then old else new end;
begin
  perform private.notice_profile(b.blocked_id, false, b.blocked_id);
  return null;
end
$$;
revoke all on function private.notice_block_change() from public, anon, authenticated, service_role;

create trigger "live: a block is noticed by the blocked person" after insert or delete on public.blocks
  for each row execute function private.notice_block_change();
