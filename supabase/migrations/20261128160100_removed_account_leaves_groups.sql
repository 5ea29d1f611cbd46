-- A removed account who wrote a group's latest answer leaves the group to the others (issue 31):
-- delete_my_account (schemas/safety.sql) deleted every notification pointing at one of the
-- person's answers — a grouped "30 pessoas responderam" too, when the person's was the latest.
-- Now a group that counted them with others counts one person fewer and points at no answer of
-- theirs; the collaboration_accepted clause that matched the old sentences goes (the actor's
-- notifications go with private.forget_notification_actor). Replaces public.delete_my_account.
set check_function_bodies = off;

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
  -- notifications in other people's inboxes about the person: a group that counted them with
  -- others keeps the others (one person fewer; it no longer points at the person's answer); one
  -- about them alone goes — about their answers, their invitations to collaborate. (Those whose
  -- actor they are, their accepting one included, go when the profile is marked removed:
  -- private.forget_notification_actor. Shares come only from a notebook's owner: those go with the
  -- person's notebooks.)
  perform set_config('cadernos.notifying', 'on', true);
  update public.notifications x
     set group_count = x.group_count - 1,
         answer_id = case when x.answer_id in (select a.id from public.answers a where a.user_id = me) then null else x.answer_id end
   where x.group_count > 1
     and exists (select 1 from private.notification_people p where p.notification_id = x.id and p.person_key = me);
  perform set_config('cadernos.notifying', '', true);
  delete from public.notifications x where x.answer_id in (select a.id from public.answers a where a.user_id = me);
  delete from public.notifications x
   where x.type = 'collaboration_invite'
     and exists (select 1 from public.notebook_collaborators c
                  where c.notebook_id = x.notebook_id and c.user_id = x.recipient_id and c.invited_by = me);
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
