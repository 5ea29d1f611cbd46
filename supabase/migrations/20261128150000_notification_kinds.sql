-- Notifications as codes (issue 31): a type code plus ids — the app writes the sentence — grouped
-- so that a round of 30 friends × 20 questions is one notification, not 600; the one function
-- every part of the product calls, private.notify_event (CONTRACTS.md, 2026-11-28). As in
-- schemas/notebooks.sql (the notifications part).
-- Replaces (supabase/tests/migrations-fold.test.ts REPLACED_LATER): private.protect_notification,
-- private.notify_about_answer, private.notify_about_share, private.notify_about_collaboration;
-- drops private.notify (its last callers are the three above).

alter table public.notifications
  add column actor_id uuid references public.profiles (id) on delete set null,
  add column subject_id uuid,
  add column group_count integer not null default 1 check (group_count >= 1),
  alter column title set default '',
  alter column message set default '',
  drop constraint notifications_type_check,
  add constraint notifications_type_check check (type in (
    'new_answer', 'answer_pending', 'answer_approved', 'answer_rejected',
    'notebook_shared', 'collaboration_invite', 'collaboration_accepted',
    'friend_request', 'friend_accepted', 'friendship_started', 'guestbook_message', 'poll_vote', 'achievement_earned'));

-- "20 only the read flag of a notification changes": the recipient changes is_read, nothing else;
-- private.notify_event_about updates a grouped notification (cadernos.notifying, while it does).
create or replace function private.protect_notification()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.uid() is not null
     and coalesce(current_setting('cadernos.notifying', true), '') <> 'on'
     and (to_jsonb(new) - 'is_read' - 'updated_at') is distinct from (to_jsonb(old) - 'is_read' - 'updated_at') then
    raise exception using errcode = '42501', message = 'Only the read flag of a notification can change.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

-- Who was counted in a grouped notification (issue 31): group_count of a new answer counts
-- people, not answers — 30 friends answering 20 questions each make "30 pessoas responderam".
-- An anonymous answerer is counted here under their own id (or a guest's), never named in
-- public.notifications; private, deleted with the notification or the person's account.
create table private.notification_people (
  notification_id uuid not null references public.notifications (id) on delete cascade,
  person_key uuid not null,
  primary key (notification_id, person_key)
);
revoke all on private.notification_people from public, anon, authenticated, service_role;

-- A notification is a type code and ids (issue 31; the app writes the sentence): p_actor is who did
-- it (NULL when anonymous, a guest, or when naming them would reveal something), p_notebook and
-- p_subject what it is about. Nobody is notified when inactive, of what they did themselves, or
-- about someone on the other side of a block (p_person: the one who acted, also when not named).
-- Grouping: an unread notification of the same type on the same notebook (or, with no notebook,
-- the same subject) becomes the newest (actor = the latest, created_at = now) and counts one more
-- (when p_count_people, one more person: p_person not counted before) instead of a new row.
create or replace function private.notify_event_about(
  p_recipient uuid, p_type text, p_actor uuid, p_notebook uuid, p_subject uuid,
  p_answer uuid, p_person uuid, p_count_people boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing uuid;
  counted boolean := true;
  person uuid := coalesce(p_person, p_actor);
begin
  if p_recipient is null or private.account_status(p_recipient) <> 'active'
     or p_recipient = person or p_recipient = p_actor
     or (person is not null and private.is_blocked_between(p_recipient, person))
     or (p_actor is not null and p_actor is distinct from person and private.is_blocked_between(p_recipient, p_actor)) then
    return;
  end if;
  if p_notebook is not null or p_subject is not null then
    perform pg_advisory_xact_lock(hashtextextended(
      'notification ' || p_recipient::text || ' ' || p_type || ' ' || coalesce(p_notebook, p_subject)::text, 0));
    select x.id into existing from public.notifications x
     where x.recipient_id = p_recipient and x.type = p_type and not x.is_read
       and case when p_notebook is not null then x.notebook_id = p_notebook
                else x.notebook_id is null and x.subject_id = p_subject end
     order by x.created_at desc
     limit 1
     for update;
  end if;
  if existing is not null then
    if p_count_people and person is not null then
      insert into private.notification_people (notification_id, person_key) values (existing, person)
        on conflict do nothing;
      counted := found;
    end if;
    perform set_config('cadernos.notifying', 'on', true);
    update public.notifications x
       set group_count = x.group_count + case when counted then 1 else 0 end,
           actor_id = p_actor,
           subject_id = coalesce(p_subject, x.subject_id),
           answer_id = coalesce(p_answer, x.answer_id),
           created_at = now()
     where x.id = existing;
    perform set_config('cadernos.notifying', '', true);
  else
    insert into public.notifications (recipient_id, type, actor_id, notebook_id, subject_id, answer_id)
    values (p_recipient, p_type, p_actor, p_notebook, p_subject, p_answer)
    returning id into existing;
    if p_count_people and person is not null then
      insert into private.notification_people (notification_id, person_key) values (existing, person);
    end if;
  end if;
end
$$;
revoke all on function private.notify_event_about(uuid, text, uuid, uuid, uuid, uuid, uuid, boolean) from public, anon, authenticated;

-- The one function every part of the product calls (CONTRACTS.md, 2026-11-28).
create or replace function private.notify_event(p_recipient uuid, p_type text, p_actor uuid, p_notebook uuid, p_subject uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify_event_about(p_recipient, p_type, p_actor, p_notebook, p_subject, null, p_actor, false);
end
$$;
revoke all on function private.notify_event(uuid, text, uuid, uuid, uuid) from public, anon, authenticated;

-- Notifications about answers never name an anonymous answerer, whoever receives them (actor_id
-- NULL; the answerer is counted and judged for blocks, privately). A guest's answer notifies the
-- owner and the moderators like anyone's (no actor: the app names a guest from the answer it
-- holds); approvals and rejections go to nobody (a guest has no account) and name no moderator.
-- An answer moved by claim_guest was notified when the guest wrote it: nothing again.
create or replace function private.notify_about_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  n record;
  actor uuid;
  person uuid := coalesce(new.user_id, new.guest_id);
  moderator uuid;
begin
  if coalesce(current_setting('cadernos.claiming_guest', true), '') = 'on' then
    return null;
  end if;
  select nb.id, nb.user_id into n from public.notebooks nb where nb.id = new.notebook_id;
  if not found then
    return null;
  end if;
  actor := case when new.is_anonymous then null else new.user_id end;

  if new.moderation_status = 'pending'
     and (tg_op = 'INSERT' or old.moderation_status is distinct from 'pending') then
    for moderator in
      select n.user_id
      union
      select c.user_id from public.notebook_collaborators c
       where c.notebook_id = n.id and c.status = 'accepted' and c.role in ('editor', 'collaborator')
    loop
      if moderator is distinct from new.user_id then
        perform private.notify_event_about(moderator, 'answer_pending', actor, n.id, null, new.id, person, false);
      end if;
    end loop;
  elsif tg_op = 'INSERT' and new.user_id is distinct from n.user_id then
    perform private.notify_event_about(n.user_id, 'new_answer', actor, n.id, null, new.id, person, true);
  end if;

  if tg_op = 'UPDATE' and new.moderation_status is distinct from old.moderation_status
     and new.moderation_status in ('approved', 'rejected')
     and new.moderated_by is distinct from new.user_id then
    perform private.notify_event_about(new.user_id, 'answer_' || new.moderation_status, null, n.id, null, new.id,
      new.moderated_by, false);
  end if;
  return null;
end
$$;

create or replace function private.notify_about_share()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  select nb.user_id into owner from public.notebooks nb where nb.id = new.notebook_id;
  if new.shared_with is distinct from auth.uid() then
    perform private.notify_event(new.shared_with, 'notebook_shared', owner, new.notebook_id, new.id);
  end if;
  return null;
end
$$;

create or replace function private.notify_about_collaboration()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  select nb.user_id into owner from public.notebooks nb where nb.id = new.notebook_id;
  if tg_op = 'INSERT' then
    perform private.notify_event(new.user_id, 'collaboration_invite', coalesce(new.invited_by, owner), new.notebook_id, new.id);
  elsif new.status = 'accepted' and old.status = 'pending' then
    perform private.notify_event(coalesce(new.invited_by, owner), 'collaboration_accepted', new.user_id, new.notebook_id, new.id);
  end if;
  return null;
end
$$;

-- "a removed account is named in no notification" (issue 31): before a profile becomes a removed
-- account (delete_my_account, while the person may still write), the notifications whose actor
-- they are go — a group of several keeps its count and names nobody — and the private record of
-- whom a group counted forgets them.
create or replace function private.forget_notification_actor()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.notifications x where x.actor_id = new.id and x.group_count <= 1;
  perform set_config('cadernos.notifying', 'on', true);
  update public.notifications x set actor_id = null where x.actor_id = new.id;
  perform set_config('cadernos.notifying', '', true);
  delete from private.notification_people p where p.person_key = new.id;
  return new;
end
$$;
revoke all on function private.forget_notification_actor() from public, anon, authenticated;

create trigger "a removed account is named in no notification" before update of account_status on public.profiles
  for each row when (new.account_status = 'deleted' and old.account_status is distinct from 'deleted')
  execute function private.forget_notification_actor();

drop function private.notify(uuid, uuid, uuid, text, text, text);

-- Notifications written before: their actor and subject where the rows still say it (an
-- anonymous answer's stays NULL), so the app can write their sentence from codes too.
update public.notifications x set actor_id = a.user_id
  from public.answers a
 where x.answer_id = a.id and x.type in ('new_answer', 'answer_pending') and not a.is_anonymous
   and a.user_id is not null and x.actor_id is null;
update public.notifications x set actor_id = n.user_id, subject_id = s.id
  from public.notebook_shares s join public.notebooks n on n.id = s.notebook_id
 where x.type = 'notebook_shared' and s.notebook_id = x.notebook_id and s.shared_with = x.recipient_id and x.subject_id is null;
update public.notifications x set actor_id = c.invited_by, subject_id = c.id
  from public.notebook_collaborators c
 where x.type = 'collaboration_invite' and c.notebook_id = x.notebook_id and c.user_id = x.recipient_id and x.subject_id is null;
