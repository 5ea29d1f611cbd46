-- Your data includes your reports, and deleting the account removes them (issue 33):
-- export_my_data gives `reports` (what the person reported, why, its state and decision);
-- delete_my_account deletes the reports the person made (their words; without it a removed
-- account's reports kept pointing at them — supabase/tests/account-deletion.test.ts).
-- Replaces public.export_my_data and public.delete_my_account (schemas/safety.sql).
set check_function_bodies = off;

create or replace function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
begin
  return jsonb_build_object(
    'format', 'cadernos-export-1',
    'exported_at', now(),
    'profile', (select private.exported(to_jsonb(p)) from public.profiles p where p.id = me),
    'settings', (select private.exported(to_jsonb(s)) - 'answer_secret' from public.user_settings s where s.user_id = me),
    'age_and_guardian', (select jsonb_build_object('birth_date', s.birth_date, 'guardian_email', s.guardian_email,
                                                   'guardian_confirmed_at', s.guardian_confirmed_at)
                           from public.account_safety s where s.user_id = me),
    'notebooks', coalesce((select jsonb_agg(private.exported(to_jsonb(n)) || jsonb_build_object('questions',
                            coalesce((select jsonb_agg(private.exported(to_jsonb(q)) order by q.order_index, q.id)
                                        from public.questions q where q.notebook_id = n.id), '[]'::jsonb))
                            order by n.created_at, n.id)
                             from public.notebooks n where n.user_id = me), '[]'::jsonb),
    'questions_in_other_notebooks', coalesce((select jsonb_agg(private.exported(to_jsonb(q)) order by q.created_at, q.id)
                             from public.questions q join public.notebooks n on n.id = q.notebook_id
                            where q.user_id = me and n.user_id <> me), '[]'::jsonb),
    'answers', coalesce((select jsonb_agg(private.exported(to_jsonb(a)) order by a.created_at, a.id)
                           from public.answers a where a.user_id = me), '[]'::jsonb),
    'shares_made', coalesce((select jsonb_agg(private.exported(to_jsonb(s)) order by s.created_at)
                               from public.notebook_shares s where s.created_by = me), '[]'::jsonb),
    'invite_links', coalesce((select jsonb_agg(private.exported(to_jsonb(i)) order by i.created_at)
                                from public.invite_links i where i.created_by = me), '[]'::jsonb),
    'collaborations', coalesce((select jsonb_agg(private.exported(to_jsonb(c)) order by c.created_at)
                                  from public.notebook_collaborators c where c.user_id = me or c.invited_by = me), '[]'::jsonb),
    'favorites', coalesce((select jsonb_agg(private.exported(to_jsonb(f)) order by f.created_at)
                             from public.favorites f where f.user_id = me), '[]'::jsonb),
    'blocks', coalesce((select jsonb_agg(jsonb_build_object('blocked_id', b.blocked_id, 'created_at', b.created_at) order by b.created_at)
                          from public.blocks b where b.blocker_id = me), '[]'::jsonb),
    'achievements', coalesce((select jsonb_agg(jsonb_build_object('achievement_id', u.achievement_id, 'earned_at', u.earned_at) order by u.earned_at)
                                from public.user_achievements u where u.user_id = me), '[]'::jsonb),
    -- issue 32: the guestbook messages the person wrote (not those others wrote to them), their
    -- polls and their own votes
    'guestbook_messages', coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'profile_id', g.profile_id, 'body', g.body,
                                                                       'is_anonymous', g.is_anonymous, 'status', g.status,
                                                                       'created_at', g.created_at, 'approved_at', g.approved_at)
                                                    order by g.created_at, g.id)
                                      from public.guestbook_messages g where g.author_id = me), '[]'::jsonb),
    'polls', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'question', p.question, 'options', to_jsonb(p.options),
                                                          'is_active', p.is_active, 'created_at', p.created_at,
                                                          'updated_at', p.updated_at, 'ended_at', p.ended_at)
                                       order by p.created_at, p.id)
                         from public.profile_polls p where p.profile_id = me), '[]'::jsonb),
    'poll_votes', coalesce((select jsonb_agg(jsonb_build_object('poll_id', v.poll_id, 'option_index', v.option_index,
                                                               'created_at', v.created_at, 'updated_at', v.updated_at)
                                            order by v.created_at, v.poll_id)
                              from public.poll_votes v where v.voter_id = me), '[]'::jsonb),
    -- issue 31: the person's friendships (who, how each began) and the requests they sent or received
    'friendships', coalesce((select jsonb_agg(jsonb_build_object(
                                        'friend_id', case when f.user_a = me then f.user_b else f.user_a end,
                                        'origin', f.origin, 'answered_by', f.answered_by, 'notebook_id', f.notebook_id,
                                        'created_at', f.created_at) order by f.created_at)
                               from public.friendships f where me in (f.user_a, f.user_b)), '[]'::jsonb),
    'friend_requests', coalesce((select jsonb_agg(jsonb_build_object(
                                            'direction', case when r.sender_id = me then 'sent' else 'received' end,
                                            'other_id', case when r.sender_id = me then r.recipient_id else r.sender_id end,
                                            'status', r.status, 'created_at', r.created_at, 'responded_at', r.responded_at)
                                          order by r.created_at, r.id)
                                   from public.friend_requests r where me in (r.sender_id, r.recipient_id)), '[]'::jsonb),
    -- issue 33: the reports the person made (what, why, its state and decision), never anyone's authorship
    'reports', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind, 'target_id', r.target_id,
                                                            'notebook_id', r.notebook_id, 'reason', r.reason, 'details', r.details,
                                                            'status', r.status, 'decision', r.decision,
                                                            'created_at', r.created_at, 'handled_at', r.handled_at)
                                         order by r.created_at, r.id)
                           from public.reports r where r.reporter_id = me), '[]'::jsonb)
  );
end
$$;
revoke all on function public.export_my_data() from public, anon, authenticated, service_role;
grant execute on function public.export_my_data() to authenticated;

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
  -- issue 33: the reports they made (their words; the reported content is someone else's)
  delete from public.reports where reporter_id = me;
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
