-- Deleting an account leaves nothing of the person (issue 28, item 3).
--
-- delete_my_account (safety's file) removed the content and anonymised the profile, but left:
-- the avatar and cover files (still public at their URLs), the user_settings row with its
-- notebook_author (free text, often a real name) and answer_secret, the guests the person hosted
-- in other people's notebooks pointing at them (host_id), blocks of them by others, guests whose
-- answers they claimed, and what the server had addressed to them (pulses, notices, the history's
-- actor). Now everything that refers to the person is removed or made to point at nobody, except:
--
--   * auth.users: the row stays banned and marked deleted (no address, password, metadata,
--     identity or session), so the id is never reused;
--   * public.profiles: the removed account (spec §4: 'removido_…', nothing else), which other
--     people's notebooks point at — questions the person wrote as an editor, invitations they
--     made, collaborators they invited, answers they moderated, people they removed: that content
--     is the notebooks' and stays, its author shown as the removed account;
--   * private.replication_access (each notebook's access, now 'none') and the tombstones of the
--     rows deleted: how other members' devices learn to drop the person's notebooks, answers and
--     name; ids only, purged with the purge horizon (S10);
--   * public.profile_notices naming the profile (the notice that it changed: no data).
--
-- supabase/tests/account-deletion.test.ts asks the catalog for every column that refers to a
-- person and checks each after a deletion; the list above is its KEPT list.
--
-- Files: the rows of the person's objects are deleted here (storage.allow_delete_query, as the
-- Storage API sets it: on a Supabase project the rows are what Storage serves); the sync-server
-- removes the bytes of rows deleted in SQL (sync-server/storage/removed-files.ts).
--
-- Realtime: the sync-server refuses a token whose session is gone or whose account is removed or
-- banned, and closes the channels (and sockets) of an account whose sessions end
-- (sync-server/realtime/schema.sql: realtime.token_holder_active, notification on auth.sessions).
--
-- Replaces (supabase/tests/migrations-fold.test.ts REPLACED_LATER): public.delete_my_account(text)
-- (safety) and private.protect_guest() (guests: a guest's host may become nobody when the host's
-- account is removed). guests.host_id is nullable, and on delete set null like claimed_by.

-- ---------------------------------------------------------------------------------------------
-- A guest's host may be nobody
-- ---------------------------------------------------------------------------------------------

alter table public.guests alter column host_id drop not null;
alter table public.guests drop constraint guests_host_id_fkey;
alter table public.guests add constraint guests_host_id_fkey
  foreign key (host_id) references public.profiles (id) on delete set null;

-- The account being removed in this transaction (set by delete_my_account only), else null.
create or replace function private.account_being_removed()
returns uuid
language sql
stable
set search_path = ''
as $$
  select nullif(current_setting('cadernos.removing_account', true), '')::uuid
$$;
revoke all on function private.account_being_removed() from public, anon;
grant execute on function private.account_being_removed() to authenticated, service_role;

-- "20 a guest changes only when claimed": only claimed_by and claimed_at move (claim_guest), and
-- the host becomes nobody when the host's account is removed.
create or replace function private.protect_guest()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.id, new.notebook_id, new.name, new.is_anonymous, new.answer_secret, new.claim_hash, new.created_at)
     is distinct from
     (old.id, old.notebook_id, old.name, old.is_anonymous, old.answer_secret, old.claim_hash, old.created_at)
     or (new.host_id is distinct from old.host_id
         and not (new.host_id is null and old.host_id = private.account_being_removed())) then
    raise exception using errcode = '42501', message = 'A guest cannot be changed.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- delete_my_account
-- ---------------------------------------------------------------------------------------------

create or replace function public.delete_my_account(p_username text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
begin
  if not exists (select 1 from public.profiles p where p.id = me and lower(p.username) = lower(btrim(coalesce(p_username, '')))) then
    raise exception using errcode = 'P0001', message = 'Type your username to delete your account.', hint = 'confirmation_mismatch';
  end if;
  perform set_config('cadernos.removing_account', me::text, true);

  -- what the person wrote and kept (while the account is still active: the tables' rules let
  -- only active accounts write)
  -- notifications in other people's inboxes that name the person: about their answers, their
  -- invitations to collaborate, their accepting one (shares come only from a notebook's owner:
  -- those go with the person's notebooks)
  delete from public.notifications x where x.answer_id in (select a.id from public.answers a where a.user_id = me);
  delete from public.notifications x
   where x.type = 'collaboration_invite'
     and exists (select 1 from public.notebook_collaborators c
                  where c.notebook_id = x.notebook_id and c.user_id = x.recipient_id and c.invited_by = me);
  delete from public.notifications x
   where x.type = 'collaboration_accepted'
     and exists (select 1 from public.notebook_collaborators c where c.notebook_id = x.notebook_id and c.user_id = me)
     and starts_with(x.message, private.person_label(me) || ' aceitou');
  delete from public.notebooks where user_id = me;
  delete from public.answers where user_id = me;
  -- guests whose answers the person claimed as theirs (the answers moved to them are gone above;
  -- those left on the guest are theirs too)
  delete from public.guests where claimed_by = me;
  -- the rounds the person ran in other people's notebooks: the guests' answers are the guests'
  update public.guests set host_id = null where host_id = me;
  delete from public.notebook_shares where shared_with = me;
  delete from public.notebook_collaborators where user_id = me;
  delete from public.favorites where user_id = me;
  delete from public.blocks where blocker_id = me or blocked_id = me;
  delete from public.notifications where recipient_id = me;
  delete from public.user_achievements where user_id = me;
  delete from public.user_roles where user_id = me;
  update public.user_roles set created_by = null where created_by = me;
  update public.forbidden_words set created_by = null where created_by = me;
  delete from public.account_safety where user_id = me;
  delete from private.guardian_links where user_id = me;
  delete from private.notebook_removals where user_id = me;
  -- settings: notebook_author (often a real name), answer_secret, language, theme …
  delete from public.user_settings where user_id = me;
  update public.notebook_changes set actor_id = null where actor_id = me;

  -- the person's pictures (avatars, covers, anything they own): Storage's rows; the sync-server
  -- removes the bytes of rows deleted in SQL
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects o
   where o.owner = me or o.owner_id = me::text
      or (o.bucket_id in ('avatars', 'covers') and (storage.foldername(o.name))[1] = me::text);
  perform set_config('storage.allow_delete_query', 'false', true);

  -- the sign-in: no address, no password, no identity, no session anywhere
  update auth.users
     set email = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb,
         banned_until = 'infinity', deleted_at = now(), updated_at = now()
   where id = me;
  delete from auth.identities where user_id = me;
  delete from auth.refresh_tokens where user_id = me::text;
  delete from auth.sessions where user_id = me;
  delete from auth.flow_state where user_id = me;
  if to_regclass('auth.one_time_tokens') is not null then
    execute 'delete from auth.one_time_tokens where user_id = $1' using me;
  end if;
  if to_regclass('auth.mfa_factors') is not null then
    execute 'delete from auth.mfa_factors where user_id = $1' using me;
  end if;

  update public.profiles
     set username = 'removido_' || left(replace(me::text, '-', ''), 10),
         display_name = null, avatar_url = null, cover_url = null, bio = null, status_message = null,
         visibility = 'private', connections_visibility = 'private', account_status = 'deleted'
   where id = me;

  -- last, what the steps above addressed to the person: their pulses, notices for them alone,
  -- the record of their blocks
  delete from private.block_changes where blocker_id = me or blocked_id = me;
  delete from public.profile_notices where reader = me;
  delete from public.replication_pulses where user_id = me;
  perform set_config('cadernos.removing_account', '', true);
end
$$;
revoke all on function public.delete_my_account(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_my_account(text) to authenticated;
