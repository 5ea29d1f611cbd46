-- Across the age line only the minor asks (issue 31): a walkthrough found that an adult who
-- redeemed a 14-year-old's invite link and answered was offered the teen in suggestions and on
-- the teen's profile, and the teen received "quer ser seu amigo" with no context. Now an adult
-- never asks a minor (the minor may still ask an adult they share a notebook with), and
-- suggestions never cross the age line; pending requests from an adult to a minor are cancelled
-- (nobody is told, as with any cancel). Replaces private.friend_request_refusal and
-- public.friend_suggestions (schemas/friends.sql).
set check_function_bodies = off;

create or replace function private.friend_request_refusal(p_sender uuid, p_recipient uuid, p_setting boolean default true)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target public.profiles;
  allowed text;
  companions boolean;
begin
  if p_sender = p_recipient then
    return 'friend_self';
  end if;
  select * into target from public.profiles p where p.id = p_recipient;
  if not found or target.account_status <> 'active' or private.has_blocked(p_recipient, p_sender) then
    return 'not_found';
  end if;
  if private.has_blocked(p_sender, p_recipient) then
    return 'blocked';
  end if;
  if private.are_friends(p_sender, p_recipient) then
    return 'already_friends';
  end if;
  companions := private.is_notebook_companion(p_recipient, p_sender);
  -- across the age line only a notebook companion, and only the minor asks: an adult never asks a
  -- minor (an invite link can be forwarded to anyone, so sharing a notebook is no acquaintance).
  -- p_setting false is no new request of p_sender's (answering one, or send's first look before
  -- it finds one the other made): who asked was judged when they asked.
  if private.is_minor(p_sender) <> private.is_minor(p_recipient)
     and (not companions or (p_setting and not private.is_minor(p_sender))) then
    return 'friend_requests_closed';
  end if;
  if p_setting then
    select s.friend_requests_from into allowed from public.user_settings s where s.user_id = p_recipient;
    if coalesce(allowed, 'everyone') = 'nobody' or (allowed = 'companions' and not companions) then
      return 'friend_requests_closed';
    end if;
  end if;
  return null;
end
$$;

create or replace function public.friend_suggestions(p_limit integer default 20, p_after_score integer default null, p_after_id uuid default null)
returns table (user_id uuid, username text, display_name text, avatar_url text, shared_notebooks integer, mutual_friends integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  wanted integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  given integer := 0;
  c record;
begin
  for c in
    with mine as (
      select m.id as notebook_id from private.member_notebooks(me) m(id)
    ), companions as (
      select m.person, count(distinct m.notebook_id)::integer as shared
        from (select n.user_id as person, n.id as notebook_id from public.notebooks n where n.id in (select mine.notebook_id from mine)
              union all
              select cl.user_id, cl.notebook_id from public.notebook_collaborators cl
               where cl.status = 'accepted' and cl.notebook_id in (select mine.notebook_id from mine)
              union all
              select s.shared_with, s.notebook_id from public.notebook_shares s where s.notebook_id in (select mine.notebook_id from mine)) m
       group by m.person
    ), friends as (
      select case when f.user_a = me then f.user_b else f.user_a end as id
        from public.friendships f where f.user_a = me or f.user_b = me
    ), friends_of_friends as (
      select case when f.user_a = fr.id then f.user_b else f.user_a end as person, count(*)::integer as mutual
        from friends fr
        join public.friendships f on f.user_a = fr.id or f.user_b = fr.id
       where private.may_see_connections(fr.id)
       group by 1
    ), candidates as (
      select coalesce(cp.person, ff.person) as person, coalesce(cp.shared, 0) as shared, coalesce(ff.mutual, 0) as mutual
        from companions cp
        full join friends_of_friends ff on ff.person = cp.person
    )
    select p.id, p.username, p.display_name, p.avatar_url, k.shared, k.mutual, k.shared + k.mutual as score
      from candidates k
      join public.profiles p on p.id = k.person
     where k.person <> me
       and p.account_status = 'active'
       and k.person not in (select friends.id from friends)
       and private.is_minor(k.person) = private.is_minor(me)
       and (k.shared > 0 or p.connections_visibility <> 'private')
       and not exists (select 1 from public.friend_requests r
                        where r.status = 'pending'
                          and ((r.sender_id = me and r.recipient_id = k.person) or (r.sender_id = k.person and r.recipient_id = me)))
       and (p_after_score is null or (k.shared + k.mutual, p.id) < (p_after_score, coalesce(p_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
     order by k.shared + k.mutual desc, p.id desc
  loop
    -- asked one by one, in order, until the page is full
    if private.friend_request_refusal(me, c.id) is null then
      user_id := c.id; username := c.username; display_name := c.display_name; avatar_url := c.avatar_url;
      shared_notebooks := c.shared; mutual_friends := c.mutual;
      return next;
      given := given + 1;
      exit when given >= wanted;
    end if;
  end loop;
end
$$;

update public.friend_requests r
   set status = 'cancelled', responded_at = now()
 where r.status = 'pending' and private.is_minor(r.recipient_id) and not private.is_minor(r.sender_id);
