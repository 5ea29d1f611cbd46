-- Profile notices decided at commit, and a block that names nobody (issue 28, items 1 and 7).
--
-- 1. A sign-up makes the profile (public by default) and, for a minor, the age rule makes it
--    private in the same transaction ("on sign-up the age and guardian are recorded"). The change
--    trigger (live updates migration) wrote a notice for each row change, with was_public taken
--    from OLD — the intermediate state, public — and the read rule lets everyone hear a notice
--    with was_public: every visitor collected every new minor's profile id, through REST and
--    Realtime. Intermediate states are seen by nobody but the transaction itself, so the notice
--    is now decided at commit, from the states others could have seen:
--      - each change of a field profile_view shows (immediate trigger, as before) only notes the
--        profile in private.profile_notices_pending, once per transaction, with the state at the
--        last commit: public and active then (was_public), or made in this transaction;
--      - at commit (deferred constraint trigger "live: a profile's notice is written at commit")
--        the note becomes one notice — none at all for a profile made in this transaction (no
--        screen can follow an id that did not exist; its owner learns of it from the sign-up);
--        for an existing profile, one notice however many changes the transaction made.
--    The pending note is removed at commit, or with the transaction when it rolls back: the table
--    stays empty between transactions.
-- 7. A block or an unblock was noticed as a notice of the BLOCKER's profile for the blocked person
--    (reader): readable through REST and heard by them, it announced who blocked them. A block is
--    never announced: the notice now carries the blocked (or unblocked) person's own id, still for
--    them alone. Their device reads its open profile screens again (src/screens/online/hooks/profile.ts
--    follows the viewer's own notices too), and profile_view says what it says now.

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

-- (live updates migration) A field profile_view shows changed, or the visibility or account
-- status that decide who sees it: the profile is noted with its state at the last commit — the
-- OLD of the transaction's first such change. Writes that touch none of them note nothing.
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

-- At commit: the profile's note (the first event of the profile in this transaction takes it,
-- the others find none) becomes its one notice, unless the profile was made in this transaction.
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

-- (live updates migration) A block or an unblock: a notice of the blocked person's own profile,
-- for them alone — it names nobody; their open screens read again.
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

-- The notices written before: among them new minors' ids for everyone and blockers' names for
-- the people they blocked. Realtime read each right after its commit; nothing reads them later.
delete from public.profile_notices where id is not null;
