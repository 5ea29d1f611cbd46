set check_function_bodies = off;

-- Achievements (spec §3, §9) and dynamic translations (spec §3, §7 translations-manager).
--
--   achievements        the catalogue (seeded): name, type, rarity, points, level, threshold
--   user_achievements   who earned what; written only by check_achievements (service role,
--                       called by the achievement-manager edge function)
--   translations        key, pt_br, en_us; read by everyone, written by admins
--
-- Achievements never point at an anonymous answer (ARCHITECTURE S5; issue 17): the
-- achievement-manager awards only its caller, so nothing needs to learn who wrote an answer with
-- the service role. Achievements stay visible on public profiles (spec §2), but an award could
-- still tie a person to an answer by its timing (an anonymous answer appears, and a moment later
-- someone's profile shows "participative"): so only the day of an award is kept, and others see it
-- only from the next day (UTC); the person sees their own at once.

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
  updated_at timestamptz not null default now()
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

-- user_achievements: awarded by check_achievements only (no insert, update or delete policy).
create policy "people read their own achievements and yesterday's on public profiles" on public.user_achievements
  for select to anon, authenticated
  using (
    user_id = auth.uid()
    or (earned_at < date_trunc('day', now(), 'UTC')
        and exists (select 1 from public.profiles p
                     where p.id = user_id and p.visibility = 'public' and p.account_status = 'active'))
  );

create policy "anyone can read translations" on public.translations
  for select to anon, authenticated using (true);
create policy "admins add translations" on public.translations
  for insert to authenticated with check (public.is_admin());
create policy "admins edit translations" on public.translations
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove translations" on public.translations
  for delete to authenticated using (public.is_admin());

-- Awards the achievements a person has reached and returns the ones awarded now. p_kind
-- ('sharing', 'answer', 'all') only narrows which ones are looked at. Thresholds come from the
-- catalogue (spec §9: prolific creator at 5 notebooks, participative at 10 answers):
--   first_visit       any check
--   first_notebook    notebooks owned ≥ threshold (1)
--   prolific_creator  notebooks owned ≥ threshold (5)
--   participative     approved answers given ≥ threshold (10)
--   explorer          notebooks of different owners answered ≥ threshold
--   collaborative     accepted collaborations (as collaborator or as owner) ≥ threshold
--   influencer        people their notebooks are shared with ≥ threshold
--   veteran           days since sign-up ≥ threshold
create or replace function public.check_achievements(p_user_id uuid, p_kind text default 'all')
returns setof public.achievements
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  a public.achievements;
  reached boolean;
  metric bigint;
begin
  if p_user_id is null or not exists (select 1 from public.profiles where id = p_user_id and account_status = 'active') then
    return;
  end if;
  for a in
    select * from public.achievements
     where is_active
       and not exists (select 1 from public.user_achievements ua where ua.user_id = p_user_id and ua.achievement_id = achievements.id)
       and (p_kind = 'all'
            or (p_kind = 'sharing' and id in ('first_visit', 'first_notebook', 'prolific_creator', 'collaborative', 'influencer', 'veteran'))
            or (p_kind = 'answer' and id in ('first_visit', 'participative', 'explorer', 'influencer', 'veteran')))
  loop
    metric := case a.id
      when 'first_visit' then 1
      when 'first_notebook' then (select count(*) from public.notebooks where user_id = p_user_id)
      when 'prolific_creator' then (select count(*) from public.notebooks where user_id = p_user_id)
      when 'participative' then (select count(*) from public.answers where user_id = p_user_id and moderation_status = 'approved')
      when 'explorer' then (select count(distinct n.user_id) from public.answers x join public.notebooks n on n.id = x.notebook_id
                             where x.user_id = p_user_id and n.user_id <> p_user_id)
      when 'collaborative' then (select count(*) from public.notebook_collaborators c
                                  where c.status = 'accepted'
                                    and (c.user_id = p_user_id
                                         or exists (select 1 from public.notebooks n where n.id = c.notebook_id and n.user_id = p_user_id)))
      when 'influencer' then (select count(distinct s.shared_with) from public.notebook_shares s
                                join public.notebooks n on n.id = s.notebook_id where n.user_id = p_user_id)
      when 'veteran' then (select floor(extract(epoch from now() - p.created_at) / 86400)::bigint from public.profiles p where p.id = p_user_id)
      else null
    end;
    reached := metric is not null and metric >= a.threshold;
    if reached then
      insert into public.user_achievements (user_id, achievement_id) values (p_user_id, a.id)
      on conflict on constraint user_achievements_once do nothing;
      if found then
        return next a;
      end if;
    end if;
  end loop;
end
$$;
-- Server-side only: the achievement-manager with the service key.
revoke all on function public.check_achievements(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.check_achievements(uuid, text) to service_role;
