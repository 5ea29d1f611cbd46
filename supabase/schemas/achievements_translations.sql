set check_function_bodies = off;

-- Achievements (spec §3, §9) and dynamic translations (spec §3, §7 translations-manager).
--
--   achievements        the catalogue (seeded, reference_data.sql): name, type, rarity, points,
--                       level, threshold
--   user_achievements   who earned what, once (unique user + achievement); written only by
--                       private.award_reached_achievements (security definer)
--   translations        key, pt_br, en_us; read by everyone, written by admins
--
-- Awards are made by the database (issue 31), by the trigger "achievements are awarded" on the
-- writes that can reach one, whatever path brought them: REST, an RPC, or replication_push when a
-- phone comes back online hours later with the notebooks and answers it kept. Each award is one
-- row of user_achievements (insert … on conflict do nothing: a replayed push, an achievement-
-- manager call and a trigger can never award twice) and one notification for the person,
-- private.notify_event(person, 'achievement_earned', null, null, <the award's user_achievements
-- id>). Two writes committed at the same instant may each count one short (read committed);
-- the next qualifying write, or the app's visit (public.record_visit, which checks every
-- achievement), awards it then. Awards stay when the things counted are deleted.
--
-- The conditions (threshold = the catalogue's row, so an admin may tune it):
--   first_visit       the app's visit call (public.record_visit) or an achievement-manager call
--   first_notebook    notebooks owned ≥ 1                          (on a new notebook)
--   prolific_creator  notebooks owned ≥ 5 (spec §9)                (on a new notebook)
--   participative     approved signed answers given ≥ 10 (spec §9) (on an answer written,
--                                                                   approved, signed or claimed)
--   explorer          notebooks of 3 different other people with an approved signed answer of
--                     theirs                                       (same)
--   collaborative     1 accepted collaboration, as the collaborator or as the owner
--                                                                  (on an acceptance: both)
--   influencer        10 different people their notebooks are shared with (on a new share)
--   veteran           365 days since sign-up                       (the visit call)
--
-- An award never reveals an anonymous answer (ARCHITECTURE S5). Anonymous answers, and a guest's
-- answers while they are the guest's, count for no achievement: no award can follow from one, so
-- "participative appeared on Bia's profile the moment an anonymous tenth answer arrived" cannot
-- happen. An answer made signed (or claimed from a guest, signed) counts from then on; one made
-- anonymous after its award leaves the award. And as before: only the day of an award is kept,
-- others see it from the next day (UTC), and only as far as they may see the profile
-- (private.profile_reach 'full': a public profile, a private one for its notebook companions, never
-- across a block); the person sees their own at once. The notification goes to the person alone.

create table public.achievements (
  id text primary key check (id ~ '^[a-z0-9_]{2,40}$'),
  name_pt text not null,
  name_en text not null,
  description_pt text not null default '',
  description_en text not null default '',
  type text not null check (type in ('general', 'creation', 'social', 'participation', 'sharing')),
  rarity text not null check (rarity in ('common', 'uncommon', 'rare', 'epic', 'legendary')),
  points integer not null default 0 check (points >= 0),
  level integer not null default 1 check (level >= 1),
  threshold integer not null default 1 check (threshold >= 0),
  icon text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- spec §5: a name is required, in both languages (admins write them: /admin › Conquistas)
  constraint achievements_names check (length(btrim(name_pt)) between 1 and 80 and length(btrim(name_en)) between 1 and 80),
  constraint achievements_descriptions check (length(description_pt) <= 300 and length(description_en) <= 300),
  -- a key of the icons the app draws (src/data/online/achievement-icons.ts; /admin › Conquistas offers them), or none
  constraint achievements_icon check (icon is null or icon in (
    'door-open', 'notebook', 'notebooks', 'pencil', 'compass', 'handshake', 'megaphone', 'medal', 'star', 'heart', 'trophy', 'users'))
);
-- The catalogue, read by everyone (public profiles show it); admins edit it.
revoke all on public.achievements from public, anon, authenticated, service_role;
grant select on public.achievements to anon;
grant select, insert, update, delete on public.achievements to authenticated, service_role;

create table public.user_achievements (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  achievement_id text not null references public.achievements (id) on delete cascade,
  earned_at timestamptz not null default now(),
  constraint user_achievements_once unique (user_id, achievement_id)
);
create index user_achievements_user_id on public.user_achievements (user_id);
-- Read by their person and, on public profiles, by anyone; awarded by check_achievements
-- (SECURITY DEFINER) only.
revoke all on public.user_achievements from public, anon, authenticated, service_role;
grant select on public.user_achievements to anon, authenticated;
grant select, insert, update, delete on public.user_achievements to service_role;

create table public.translations (
  id uuid primary key default gen_random_uuid(),
  key text not null check (key ~ '^[A-Za-z0-9_.:-]{1,200}$'),
  pt_br text not null default '',
  en_us text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint translations_key_unique unique (key)
);
-- Dynamic texts everyone reads; admins edit them (translations-manager).
revoke all on public.translations from public, anon, authenticated, service_role;
grant select on public.translations to anon;
grant select, insert, update, delete on public.translations to authenticated, service_role;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.achievements
  for each row execute function private.refuse_inactive_writer();
create trigger "90 updated_at is stamped" before update on public.achievements
  for each row execute function private.stamp_updated_at();
-- "10 only the day of an award is kept" (earned_at keeps no time: see the top of this file).
create or replace function private.keep_only_the_day_earned()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.earned_at := date_trunc('day', coalesce(new.earned_at, now()), 'UTC');
  return new;
end
$$;

create trigger "10 only the day of an award is kept" before insert or update on public.user_achievements
  for each row execute function private.keep_only_the_day_earned();

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.translations
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.translations
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "90 updated_at is stamped" before update on public.translations
  for each row execute function private.stamp_updated_at();

alter table public.achievements enable row level security;
alter table public.user_achievements enable row level security;
alter table public.translations enable row level security;

create policy "anyone can read the achievement catalogue" on public.achievements
  for select to anon, authenticated using (true);
create policy "admins add achievements" on public.achievements
  for insert to authenticated with check (public.is_admin());
create policy "admins edit achievements" on public.achievements
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove achievements" on public.achievements
  for delete to authenticated using (public.is_admin());

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

create policy "anyone can read translations" on public.translations
  for select to anon, authenticated using (true);
create policy "admins add translations" on public.translations
  for insert to authenticated with check (public.is_admin());
create policy "admins edit translations" on public.translations
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove translations" on public.translations
  for delete to authenticated using (public.is_admin());

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
      -- explorer counts owners over all the person's answers: asked only with one counted answer of
      -- theirs per notebook (the lowest id: at commit a round's 20 are all visible), not with each
      perform private.award_reached_achievements(new.user_id,
        case when exists (select 1 from public.answers x
                           where x.notebook_id = new.notebook_id and x.user_id = new.user_id and x.id < new.id
                             and x.guest_id is null and not x.is_anonymous and x.moderation_status = 'approved')
             then array['participative'] else array['participative', 'explorer'] end);
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

-- At commit (deferred constraint triggers), not at the write: an award is a unique row, and two
-- open transactions of one person (two pushes, two tabs) each awarding "first notebook" made the
-- second wait for the first to end (the S3 tests' interleaved writers hung). At commit the award
-- counts what the transaction leaves, and waits at most for another commit.
create constraint trigger "achievements are awarded" after insert on public.notebooks
  deferrable initially deferred
  for each row execute function private.award_achievements_after_a_write();
create constraint trigger "achievements are awarded" after insert or update of moderation_status, is_anonymous, user_id, guest_id on public.answers
  deferrable initially deferred
  for each row when (new.user_id is not null and new.guest_id is null and not new.is_anonymous and new.moderation_status = 'approved')
  execute function private.award_achievements_after_a_write();
create constraint trigger "achievements are awarded" after insert or update of status on public.notebook_collaborators
  deferrable initially deferred
  for each row when (new.status = 'accepted')
  execute function private.award_achievements_after_a_write();
create constraint trigger "achievements are awarded" after insert on public.notebook_shares
  deferrable initially deferred
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
