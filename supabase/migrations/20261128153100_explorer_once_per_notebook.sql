-- Explorer is asked only with a person's first counted answer in a notebook (issue 31,
-- schemas/achievements_translations.sql): its count reads all of the person's answers, and a
-- round's 20 answers in one notebook asked it 20 times; only the first can bring a new owner.
-- Replaces private.award_achievements_after_a_write (20261128153000).

-- "achievements are awarded": the writes that can reach an achievement ask for the ones they may
-- reach (see the top of schemas/achievements_translations.sql).
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
      -- explorer counts owners over all the person's answers: asked only with their first counted
      -- answer in a notebook (the only one that can bring a new owner), not with each of a round's 20
      perform private.award_reached_achievements(new.user_id,
        case when exists (select 1 from public.answers x
                           where x.notebook_id = new.notebook_id and x.user_id = new.user_id and x.id <> new.id
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
