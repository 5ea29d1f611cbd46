-- Achievements are awarded at commit (issue 31): an award is a unique row, and two open
-- transactions of one person each awarding "first notebook" made the second wait for the first to
-- end — the S3 tests' interleaved writers (real Postgres) hung until their timeout. The four
-- "achievements are awarded" triggers become deferred constraint triggers; explorer is asked with
-- the lowest-id counted answer of a person in a notebook (at commit a round's answers are all
-- visible). Replaces private.award_achievements_after_a_write and the four triggers
-- (schemas/achievements_translations.sql).
set check_function_bodies = off;

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

drop trigger "achievements are awarded" on public.notebooks;
drop trigger "achievements are awarded" on public.answers;
drop trigger "achievements are awarded" on public.notebook_collaborators;
drop trigger "achievements are awarded" on public.notebook_shares;
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

