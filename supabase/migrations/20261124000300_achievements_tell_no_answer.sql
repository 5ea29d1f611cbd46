-- Achievements never point at an anonymous answer (ARCHITECTURE S5; issue 17).
--
-- The achievement-manager now awards only its caller (supabase/functions/achievement-manager), so
-- nothing needs to learn who wrote an answer with the service role: answer_people goes.
--
-- Achievements stay visible on public profiles (spec §2), but an award can still tie a person to
-- an answer by its timing: an anonymous answer appears, and a moment later someone's profile shows
-- "participative". So others see only the day of an award, and only from the next day (UTC); the
-- person sees their own at once.

drop function if exists public.answer_people(uuid);

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

update public.user_achievements set earned_at = date_trunc('day', earned_at, 'UTC');

drop policy "people read their own achievements and those on public profiles" on public.user_achievements;
create policy "people read their own achievements and yesterday's on public profiles" on public.user_achievements
  for select to anon, authenticated
  using (
    user_id = auth.uid()
    or (earned_at < date_trunc('day', now(), 'UTC')
        and exists (select 1 from public.profiles p
                     where p.id = user_id and p.visibility = 'public' and p.account_status = 'active'))
  );
