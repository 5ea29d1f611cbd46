-- Hidden content (issue 33; schemas/moderation.sql, notebooks.sql, replication.sql,
-- guestbook_polls.sql, news.sql): hidden_at on questions, answers, guestbook_messages and
-- profile_polls — content a moderator hid is gone for everyone but admins: a deletion in every
-- device's next pull, out of RLS reads, visible_answers, guestbook_page, poll_view, vote_in_poll
-- and news; restoring it sends it again. Trigger "19 only moderators hide content" keeps the
-- column to admin_act and the service role. The notification types of the moderation
-- ('report_handled', 'content_hidden', 'content_removed', 'warning').
-- Replaces: the read policies of questions, answers, guestbook_messages and profile_polls;
-- public.visible_answers; private.replication_doc_questions, private.replication_doc_answers;
-- public.guestbook_page, public.poll_view, public.vote_in_poll, public.news.

set check_function_bodies = off;

alter table public.questions add column hidden_at timestamptz;
alter table public.answers add column hidden_at timestamptz;
alter table public.guestbook_messages add column hidden_at timestamptz;
alter table public.profile_polls add column hidden_at timestamptz;

alter table public.notifications
  drop constraint notifications_type_check,
  add constraint notifications_type_check check (type in (
    'new_answer', 'answer_pending', 'answer_approved', 'answer_rejected',
    'notebook_shared', 'collaboration_invite', 'collaboration_accepted',
    'friend_request', 'friend_accepted', 'friendship_started', 'guestbook_message', 'poll_vote', 'achievement_earned',
    'report_handled', 'content_hidden', 'content_removed', 'warning'));

drop policy "members can read questions, blocked ones only owners, editors and collaborators" on public.questions;
create policy "members can read questions, blocked ones only owners, editors and collaborators" on public.questions
  for select to authenticated
  using (
    (hidden_at is null or public.is_admin())
    and (public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'admin')
         or (not blocked and public.notebook_role(notebook_id) = 'viewer'))
  );

drop policy "answerers, owners, and members allowed to see a signed answer can read it" on public.answers;
create policy "answerers, owners, and members allowed to see a signed answer can read it" on public.answers
  for select to authenticated
  using (
    (hidden_at is null or public.is_admin())
    and (user_id = auth.uid()
         or public.notebook_role(notebook_id) = 'owner'
         or (guest_id is not null and private.is_my_guest(guest_id))
         or (not is_anonymous and (
               public.notebook_role(notebook_id) in ('editor', 'collaborator', 'admin')
               or (moderation_status = 'approved' and public.notebook_role(notebook_id) = 'viewer'))))
  );

drop policy "the profile's owner and the writer read a guestbook message" on public.guestbook_messages;
create policy "the profile's owner and the writer read a guestbook message" on public.guestbook_messages
  for select to authenticated
  using ((profile_id = (select auth.uid()) or author_id = (select auth.uid()))
         and (hidden_at is null or (select public.is_admin())));

drop policy "people read the active poll of profiles they see and owners read theirs" on public.profile_polls;
create policy "people read the active poll of profiles they see and owners read theirs" on public.profile_polls
  for select to anon, authenticated
  using ((profile_id = (select auth.uid()) or (is_active and private.profile_reach(profile_id) = 'full'))
         and (hidden_at is null or (select public.is_admin())));

create or replace view public.visible_answers
with (security_barrier = true)
as
select a.id,
       a.question_id,
       a.notebook_id,
       case when reveal then a.user_id end as user_id,
       a.text,
       a.is_anonymous,
       case when a.guest_id is null then case when reveal then a.responder_name end
            when r.role = 'owner' then g.name
            when not a.is_anonymous then a.responder_name end as responder_name,
       a.moderation_status,
       a.moderated_by,
       a.moderated_at,
       a.moderation_notes,
       a.created_at,
       a.updated_at,
       case when reveal or host then a.guest_id end as guest_id
  from public.answers a
  left join public.guests g on g.id = a.guest_id
  cross join lateral (select public.notebook_role(a.notebook_id) as role) r
  cross join lateral (select (not a.is_anonymous or a.user_id = auth.uid() or r.role = 'owner') as reveal,
                             coalesce(g.host_id = auth.uid(), false) as host) v
 where (a.hidden_at is null or public.is_admin())
   and (a.user_id = auth.uid()
        or r.role in ('owner', 'editor', 'collaborator', 'admin')
        or (r.role = 'viewer' and (a.moderation_status = 'approved' or host)));

create or replace function private.replication_doc_questions(r public.questions, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.hidden_at is null
                   and (p_level in ('owner', 'editor', 'collaborator') or (p_level = 'viewer' and not r.blocked))
    then to_jsonb(r) - 'replication_xid' - 'hidden_at' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_answers(r public.answers, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case
    when r.hidden_at is not null then null
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

create or replace function public.guestbook_page(p_profile uuid, p_status text, p_limit integer,
                                                 p_after_at timestamptz, p_after_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  is_owner boolean := p_profile is not distinct from auth.uid();
  page_size integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  refusal text;
begin
  if p_status is null or p_status not in ('approved', 'pending') then
    raise exception using errcode = '22023', message = 'The status is approved or pending.', hint = 'validation';
  end if;
  if private.profile_reach(p_profile) <> 'full' or private.account_status(p_profile) <> 'active' then
    return null;
  end if;
  if p_status = 'pending' and not is_owner then
    raise exception using errcode = '42501', message = 'Only the profile''s owner sees pending messages.', hint = 'not_allowed';
  end if;
  refusal := private.guestbook_refusal(p_profile, me);
  return jsonb_build_object(
    'may_write', refusal is null,
    'refusal', refusal,
    'pending_count', case when is_owner then
        (select count(*) from public.guestbook_messages g
          where g.profile_id = p_profile and g.status = 'pending' and g.hidden_at is null) end,
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', g.id, 'body', g.body, 'is_anonymous', g.is_anonymous, 'status', g.status,
               'created_at', g.created_at, 'approved_at', g.approved_at, 'at', g.at,
               'is_mine', coalesce(g.author_id = me, false),
               'author', case when g.is_anonymous and not is_owner and g.author_id is distinct from me then null
                              else jsonb_build_object('id', a.id, 'username', a.username,
                                                      'display_name', a.display_name, 'avatar_url', a.avatar_url) end)
             order by g.at desc, g.id desc)
        from (select m.*, case when p_status = 'approved' then m.approved_at else m.created_at end as at
                from public.guestbook_messages m
               where m.profile_id = p_profile and m.status = p_status
                 and m.hidden_at is null
                 and (p_after_at is null
                      or (case when p_status = 'approved' then m.approved_at else m.created_at end, m.id) < (p_after_at, p_after_id))
                 -- messages of people blocked either way are not shown (the owner still moderates them)
                 and (is_owner or me is null or not private.is_blocked_between(m.author_id, me))
               order by at desc, m.id desc
               limit page_size) g
        join public.profiles a on a.id = g.author_id), '[]'::jsonb)
  );
end
$$;

create or replace function public.vote_in_poll(p_poll uuid, p_option integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  poll public.profile_polls;
  is_new boolean;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  select * into poll from public.profile_polls p where p.id = p_poll for share;
  if not found or poll.hidden_at is not null or private.profile_reach(poll.profile_id) <> 'full' then
    raise exception using errcode = 'P0001', message = 'No such poll.', hint = 'not_found';
  end if;
  if not poll.is_active or private.is_blocked_between(poll.profile_id, auth.uid()) then
    raise exception using errcode = '42501', message = 'You cannot vote in this poll.', hint = 'not_allowed';
  end if;
  if p_option is null or p_option < 0 or p_option >= cardinality(poll.options) then
    raise exception using errcode = '22023', message = 'No such option.', hint = 'validation';
  end if;
  insert into public.poll_votes as v (poll_id, voter_id, option_index)
  values (p_poll, auth.uid(), p_option)
  on conflict (poll_id, voter_id) do update
    set option_index = excluded.option_index, updated_at = now()
  returning (xmax = 0) into is_new;
  if is_new and poll.profile_id <> auth.uid() then
    perform private.notify_event(poll.profile_id, 'poll_vote', null, null, p_poll);
  end if;
  return jsonb_build_object('poll_id', p_poll, 'option', p_option);
end
$$;

create or replace function public.poll_view(p_profile uuid, p_poll uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  poll public.profile_polls;
  counts integer[];
begin
  if p_poll is null then
    select * into poll from public.profile_polls p where p.profile_id = p_profile and p.is_active and p.hidden_at is null;
  else
    select * into poll from public.profile_polls p
     where p.id = p_poll and p.profile_id = p_profile and (p.is_active or p.profile_id = auth.uid()) and p.hidden_at is null;
  end if;
  if not found or private.profile_reach(poll.profile_id) <> 'full' or private.account_status(poll.profile_id) <> 'active' then
    return null;
  end if;
  select array_agg(coalesce(c.n, 0)::integer order by i.n) into counts
    from generate_series(0, cardinality(poll.options) - 1) as i(n)
    left join (select v.option_index, count(*) as n from public.poll_votes v where v.poll_id = poll.id group by 1) c
      on c.option_index = i.n;
  return jsonb_build_object(
    'id', poll.id, 'profile_id', poll.profile_id, 'question', poll.question, 'options', to_jsonb(poll.options),
    'is_active', poll.is_active, 'created_at', poll.created_at, 'updated_at', poll.updated_at, 'ended_at', poll.ended_at,
    'counts', to_jsonb(counts),
    'total', (select coalesce(sum(x), 0) from unnest(counts) x),
    'my_vote', (select v.option_index from public.poll_votes v where v.poll_id = poll.id and v.voter_id = auth.uid()),
    'may_vote', auth.uid() is not null and poll.is_active and not private.is_blocked_between(poll.profile_id, auth.uid())
  );
end
$$;

create or replace function public.news(p_limit integer default 20, p_after_at timestamptz default null, p_after_id uuid default null)
returns table (
  kind text,
  at timestamptz,
  id uuid,
  actor_id uuid,
  actor_username text,
  actor_display_name text,
  actor_avatar_url text,
  notebook_id uuid,
  notebook_title text,
  achievement_id text,
  achievement_name_pt text,
  achievement_name_en text,
  status_message text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  me uuid := private.require_user();
  page integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  before_at timestamptz := coalesce(p_after_at, 'infinity'::timestamptz);
  before_id uuid := case when p_after_at is null or p_after_id is null
                         then 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid else p_after_id end;
  today timestamptz := date_trunc('day', now(), 'UTC');
  -- my friends now: active accounts, neither of us blocked the other (a block also ends the
  -- friendship, friends.sql; asked here too). The same sets as private.is_blocked_between, read
  -- once for all friends instead of once per friend.
  friends uuid[];
  -- the friends whose whole profile I see (private.profile_reach: 'full' for a public active
  -- profile that did not block me — what `friends` already holds — else asked of the rule)
  known uuid[];
  -- the notebooks I am in without owning them: an accepted collaboration or a share — the
  -- memberships private.notebook_membership answers 'editor', 'collaborator' or 'viewer' for
  mine uuid[];
begin
  if private.account_status(me) <> 'active' then
    return;
  end if;
  select coalesce(array_agg(p.id), '{}'),
         coalesce(array_agg(p.id) filter (where p.visibility = 'public' or private.profile_reach(p.id) = 'full'), '{}')
    into friends, known
    from (select f.user_b as friend_id from public.friendships f where f.user_a = me
          union all
          select f.user_a from public.friendships f where f.user_b = me) f
    join public.profiles p on p.id = f.friend_id
   where p.account_status = 'active'
     and p.id not in (select b.blocked_id from public.blocks b where b.blocker_id = me
                      union all
                      select b.blocker_id from public.blocks b where b.blocked_id = me);
  if cardinality(friends) = 0 then
    return;
  end if;
  select coalesce(array_agg(m.notebook_id), '{}') into mine
    from (select c.notebook_id from public.notebook_collaborators c where c.user_id = me and c.status = 'accepted'
          union
          select s.notebook_id from public.notebook_shares s where s.shared_with = me) m;

  return query
  with created as (
    select 'notebook_created'::text as kind, n.created_at as at, n.id, n.user_id as actor_id,
           n.id as notebook_id, n.title as notebook_title,
           null::text as achievement_id, null::text as name_pt, null::text as name_en, null::text as status_message
      from public.notebooks n
     where n.id = any(mine)
       and n.user_id = any(friends)
       and (n.created_at, n.id) < (before_at, before_id)
     order by n.created_at desc, n.id desc
     limit page
  ),
  answered as (
    select 'answered_my_notebook'::text as kind, g.at, g.id, g.actor_id, g.notebook_id, g.notebook_title,
           null::text, null::text, null::text, null::text
      from (select a.user_id as actor_id, n.id as notebook_id, n.title as notebook_title,
                   max(a.created_at) as at,
                   (array_agg(a.id order by a.created_at desc, a.id desc))[1] as id
              from public.notebooks n
              join public.answers a on a.notebook_id = n.id
             where n.user_id = me
               and a.user_id = any(friends)
               and not a.is_anonymous
               and a.guest_id is null
               and a.moderation_status <> 'rejected'
               and a.hidden_at is null
             group by a.user_id, n.id, n.title, date_trunc('day', a.created_at, 'UTC')) g
     where (g.at, g.id) < (before_at, before_id)
     order by g.at desc, g.id desc
     limit page
  ),
  earned as (
    select 'achievement_earned'::text as kind, ua.earned_at as at, ua.id, ua.user_id, null::uuid, null::text,
           a.id, a.name_pt, a.name_en, null::text
      from public.user_achievements ua
      join public.achievements a on a.id = ua.achievement_id
     where ua.user_id = any(known)
       and ua.earned_at < today
       and (ua.earned_at, ua.id) < (before_at, before_id)
     order by ua.earned_at desc, ua.id desc
     limit page
  ),
  phrased as (
    select 'status_changed'::text as kind, h.changed_at as at, h.id, h.user_id, null::uuid, null::text,
           null::text, null::text, null::text, h.status_message
      from private.status_history h
     where h.user_id = any(known)
       and h.changed_at > now() - interval '30 days'
       and (h.changed_at, h.id) < (before_at, before_id)
     order by h.changed_at desc, h.id desc
     limit page
  ),
  item as (
    select * from created
    union all select * from answered
    union all select * from earned
    union all select * from phrased
    order by at desc, id desc
    limit page
  )
  select i.kind, i.at, i.id, p.id, p.username, p.display_name, p.avatar_url, i.notebook_id, i.notebook_title,
         i.achievement_id, i.name_pt, i.name_en, i.status_message
    from item i
    join public.profiles p on p.id = i.actor_id
   order by i.at desc, i.id desc;
end
$$;

create or replace function private.keep_hiding_to_moderators()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      new.hidden_at := null;
    elsif new.hidden_at is distinct from old.hidden_at then
      raise exception using errcode = '42501', message = 'Only moderators hide or restore content.', hint = 'not_allowed';
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.keep_hiding_to_moderators() from public, anon, authenticated, service_role;

create trigger "19 only moderators hide content" before insert or update on public.questions
  for each row execute function private.keep_hiding_to_moderators();
create trigger "19 only moderators hide content" before insert or update on public.answers
  for each row execute function private.keep_hiding_to_moderators();
