set check_function_bodies = off;

-- News (/timeline, issue 31): what my friends did that I may see, newest first, a page at a time.
--
--   public.news(p_limit, p_after_at, p_after_id)   the screen's one read (RPC, signed-in people)
--   private.status_history                         the status phrases people set, for News only
--
-- An item is a code, a time, ids and names — never a sentence (the app writes it):
--   notebook_created      a friend created a notebook I am in (accepted collaborator or sharee:
--                         the membership helper, private.notebook_membership, decides)
--   answered_my_notebook  a friend answered a notebook of mine: one item per friend, notebook and
--                         UTC day (20 answers of a round are one item), at their latest answer of
--                         it; never an anonymous answer, never a guest's, never a rejected one
--   achievement_earned    a friend earned an achievement, shown as the profile shows it: when I
--                         see their whole profile (private.profile_reach = 'full') and from the
--                         day after the award (only its day is kept: an award never points at an
--                         anonymous answer by its time, achievements_translations.sql)
--   status_changed        a friend set a status phrase, when I see their whole profile
-- Friends are FRIENDS' friendships (friends.sql). Nothing of a person I blocked or who blocked me
-- (private.is_blocked_between), of a banned or removed account, or of anyone who is not my friend
-- now. A private profile (minors' are private) shows only what its card shows to a friend who
-- does not see the whole profile: notebooks we share and answers to my notebooks, no status, no
-- achievements. Chronological: no counts, no ranking, no streaks (EU DSA guidelines for minors).

-- ---------------------------------------------------------------------------------------------
-- The status phrase's history
-- ---------------------------------------------------------------------------------------------

-- One row per status phrase a person set (trigger below), read only by public.news. Kept small:
-- a person's last 10 phrases of the last 30 days (News shows none older; each new phrase, anyone's,
-- removes everyone's older ones); clearing one's phrase (or removing one's account, which clears
-- it) removes the person's whole history — words taken down leave News too.
create table private.status_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  status_message text not null,
  changed_at timestamptz not null default now()
);
create index status_history_user_changed on private.status_history (user_id, changed_at desc, id desc);
-- the 30 days' pruning
create index status_history_changed on private.status_history (changed_at);
alter table private.status_history enable row level security;
-- No API role reads or writes it (no policy): public.news (SECURITY DEFINER) reads it.
revoke all on private.status_history from public, anon, authenticated, service_role;

-- "news: a new status phrase is remembered" (after update of status_message on profiles).
create or replace function private.remember_status_phrase()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  phrase text := nullif(btrim(coalesce(new.status_message, '')), '');
begin
  if phrase is null or new.account_status <> 'active' then
    delete from private.status_history where user_id = new.id;
    return null;
  end if;
  insert into private.status_history (user_id, status_message) values (new.id, phrase);
  delete from private.status_history h where h.changed_at < now() - interval '30 days';
  delete from private.status_history h
   where h.user_id = new.id
     and h.id not in (select k.id from private.status_history k where k.user_id = new.id
                       order by k.changed_at desc, k.id desc limit 10);
  return null;
end
$$;
revoke all on function private.remember_status_phrase() from public, anon, authenticated, service_role;

create trigger "news: a new status phrase is remembered" after update of status_message on public.profiles
  for each row when (old.status_message is distinct from new.status_message)
  execute function private.remember_status_phrase();

-- ---------------------------------------------------------------------------------------------
-- The timeline
-- ---------------------------------------------------------------------------------------------

-- A page of News, newest first: the items before (p_after_at, p_after_id) — the last item the
-- caller has (keyset: an item added meanwhile neither repeats nor skips another). p_limit 1–50,
-- 20 by default. A visitor is refused (not_authenticated); a banned or removed account gets none.
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
revoke all on function public.news(integer, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.news(integer, timestamptz, uuid) to authenticated;
