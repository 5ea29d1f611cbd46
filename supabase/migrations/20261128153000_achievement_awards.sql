set check_function_bodies = off;

-- Achievements awarded by the database (issue 31; schemas/achievements_translations.sql, whose
-- top says the conditions and the anonymity rule): the trigger "achievements are awarded" on
-- notebooks, answers, notebook_collaborators and notebook_shares awards what a write reaches,
-- once, also when the write arrives late through replication_push; each award notifies its person
-- (private.notify_event, 'achievement_earned', subject = the award's id). public.record_visit()
-- awards first visit and veteran (and anything two simultaneous writes each counted one short).
-- Anonymous and guests' answers count for nothing. Others see a person's achievements from the
-- next day as far as they see the profile (private.profile_reach), no longer only on public
-- profiles. Replaces public.check_achievements and the read policy of user_achievements.

drop policy "people read their own achievements and yesterday's on public profiles" on public.user_achievements;

-- user_achievements: awarded by the database only (no insert, update or delete policy). Others
-- see an award from the day after it, as far as they see the profile (see the top of this file);
-- profile_reach is defined in profiles.sql, later: reached through a function whose body is
-- checked when it runs.
create or replace function private.may_see_achievements_of(p_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.profile_reach(p_user) = 'full'
$$;
revoke all on function private.may_see_achievements_of(uuid) from public, anon, authenticated, service_role;
grant execute on function private.may_see_achievements_of(uuid) to anon, authenticated, service_role;

create policy "people read their own achievements and others' from the next day as their profile allows" on public.user_achievements
  for select to anon, authenticated
  using (
    user_id = auth.uid()
    or (earned_at < date_trunc('day', now(), 'UTC') and private.may_see_achievements_of(user_id))
  );

-- The number an achievement's threshold is compared with (the conditions: see the top of this
-- file). Anonymous answers and a guest's answers count for nothing.
create or replace function private.achievement_metric(p_user uuid, p_achievement text)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select case p_achievement
    when 'first_visit' then 1::bigint
    when 'first_notebook' then (select count(*) from public.notebooks n where n.user_id = p_user)
    when 'prolific_creator' then (select count(*) from public.notebooks n where n.user_id = p_user)
    when 'participative' then (select count(*) from public.answers x
                                where x.user_id = p_user and x.guest_id is null and not x.is_anonymous
                                  and x.moderation_status = 'approved')
    when 'explorer' then (select count(distinct n.user_id) from public.answers x
                            join public.notebooks n on n.id = x.notebook_id
                           where x.user_id = p_user and x.guest_id is null and not x.is_anonymous
                             and x.moderation_status = 'approved' and n.user_id <> p_user)
    when 'collaborative' then (select count(*) from public.notebook_collaborators c
                                where c.status = 'accepted'
                                  and (c.user_id = p_user
                                       or exists (select 1 from public.notebooks n where n.id = c.notebook_id and n.user_id = p_user)))
    when 'influencer' then (select count(distinct s.shared_with) from public.notebook_shares s
                              join public.notebooks n on n.id = s.notebook_id
                             where n.user_id = p_user and s.shared_with <> p_user)
    when 'veteran' then (select floor(extract(epoch from now() - p.created_at) / 86400)::bigint
                           from public.profiles p where p.id = p_user)
    else null
  end
$$;
revoke all on function private.achievement_metric(uuid, text) from public, anon, authenticated, service_role;

-- Awards p_user those of p_achievements (active, not yet earned) whose condition is met, each
-- once (the unique constraint decides between two callers), notifies the person of each, and
-- returns the ids awarded now. Nothing for an account that is not active.
create or replace function private.award_reached_achievements(p_user uuid, p_achievements text[])
returns setof text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  a record;
  award uuid;
begin
  if p_user is null or private.account_status(p_user) <> 'active'
     or not exists (select 1 from public.profiles p where p.id = p_user) then
    return;
  end if;
  for a in
    select c.id, c.threshold from public.achievements c
     where c.id = any (p_achievements) and c.is_active
       and not exists (select 1 from public.user_achievements ua where ua.user_id = p_user and ua.achievement_id = c.id)
     order by c.level, c.threshold, c.id
  loop
    if coalesce(private.achievement_metric(p_user, a.id), -1) >= a.threshold then
      award := null;
      insert into public.user_achievements (user_id, achievement_id) values (p_user, a.id)
        on conflict on constraint user_achievements_once do nothing
        returning id into award;
      if award is not null then
        perform private.notify_event(p_user, 'achievement_earned', null, null, award);
        return next a.id;
      end if;
    end if;
  end loop;
end
$$;
revoke all on function private.award_reached_achievements(uuid, text[]) from public, anon, authenticated, service_role;

-- "achievements are awarded": the writes that can reach an achievement ask for the ones they may
-- reach (see the top of this file).
create or replace function private.award_achievements_after_a_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  if tg_table_name = 'notebooks' then
    perform private.award_reached_achievements(new.user_id, array['first_notebook', 'prolific_creator']);
  elsif tg_table_name = 'answers' then
    -- only an approved, signed answer of a person (the trigger's WHEN says so too)
    if new.user_id is not null and new.guest_id is null and not new.is_anonymous and new.moderation_status = 'approved' then
      perform private.award_reached_achievements(new.user_id, array['participative', 'explorer']);
    end if;
  elsif tg_table_name = 'notebook_collaborators' then
    if new.status = 'accepted' then
      select n.user_id into owner from public.notebooks n where n.id = new.notebook_id;
      perform private.award_reached_achievements(new.user_id, array['collaborative']);
      perform private.award_reached_achievements(owner, array['collaborative']);
    end if;
  elsif tg_table_name = 'notebook_shares' then
    select n.user_id into owner from public.notebooks n where n.id = new.notebook_id;
    perform private.award_reached_achievements(owner, array['influencer']);
  end if;
  return null;
end
$$;
revoke all on function private.award_achievements_after_a_write() from public, anon, authenticated, service_role;

create trigger "achievements are awarded" after insert on public.notebooks
  for each row execute function private.award_achievements_after_a_write();
create trigger "achievements are awarded" after insert or update of moderation_status, is_anonymous, user_id, guest_id on public.answers
  for each row when (new.user_id is not null and new.guest_id is null and not new.is_anonymous and new.moderation_status = 'approved')
  execute function private.award_achievements_after_a_write();
create trigger "achievements are awarded" after insert or update of status on public.notebook_collaborators
  for each row when (new.status = 'accepted')
  execute function private.award_achievements_after_a_write();
create trigger "achievements are awarded" after insert on public.notebook_shares
  for each row execute function private.award_achievements_after_a_write();

-- The app's visit (spec §3 "first visit"; veteran): awards the caller every achievement they have
-- reached (so also one two simultaneous writes each counted one short) and answers
-- {"awarded": [ids]} — codes; the app has the words. Called by the signed-in app once a session,
-- when online. A visitor is refused (not_authenticated).
create or replace function public.record_visit()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  return jsonb_build_object('awarded', coalesce((
    select jsonb_agg(awarded) from private.award_reached_achievements(me, array(select c.id from public.achievements c)) awarded
  ), '[]'::jsonb));
end
$$;
revoke all on function public.record_visit() from public, anon, authenticated, service_role;
grant execute on function public.record_visit() to authenticated;

-- The achievement-manager's evaluation (spec §7), about one person: awards the achievements of
-- p_kind ('sharing', 'answer', 'all') they have reached — the triggers award most at the write,
-- so this mostly finds first_visit — and returns the ones awarded now.
create or replace function public.check_achievements(p_user_id uuid, p_kind text default 'all')
returns setof public.achievements
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wanted text[] := case p_kind
    when 'all' then array(select c.id from public.achievements c)
    when 'sharing' then array['first_visit', 'first_notebook', 'prolific_creator', 'collaborative', 'influencer', 'veteran']
    when 'answer' then array['first_visit', 'participative', 'explorer', 'influencer', 'veteran']
    else array[]::text[]
  end;
begin
  return query
    select c.* from private.award_reached_achievements(p_user_id, wanted) with ordinality as awarded (id, n)
      join public.achievements c on c.id = awarded.id
     order by awarded.n;
end
$$;
-- Server-side only: the achievement-manager with the service key.
revoke all on function public.check_achievements(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.check_achievements(uuid, text) to service_role;
