-- A claim waits for the guest's answers (issue 29, item 3): the trigger below, as in
-- schemas/guests.sql. Replaces nothing.

-- "25 a claim waits for the guest's answers" (issue 29): a claim made before any answer of the
-- guest reached the server — the host's phone had pushed the guest row at the start of the turn,
-- then lost the signal with the answers on it — used to succeed with nothing moved, mark the guest
-- claimed for good and answer {moved: 0} again on every later try, while the answers arriving
-- afterwards stayed the guest's. Now such a claim is refused as `claim_not_synced` (P0001): nothing
-- changes, and the same code claims the answers once that phone has been online. Asked when
-- claim_guest marks the guest claimed, after moving its answers: an answer of the guest reached
-- the server if one is still the guest's (kept: the claimer had answered that question) or left
-- a tombstone under the guest's answer id (moved by this claim, or removed by the owner).
create or replace function private.claim_waits_for_answers()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.claimed_by is null and new.claimed_by is not null
     and not exists (select 1 from public.answers a where a.guest_id = new.id)
     and not exists (
       select 1 from public.questions q
       join private.replication_tombstones t on t.collection = 'answers' and t.id = public.answer_id(q.id, new.answer_secret)
       where q.notebook_id = new.notebook_id) then
    raise exception using errcode = 'P0001',
      message = 'None of this guest''s answers has reached the server yet: they are still on the phone of the round.',
      hint = 'claim_not_synced';
  end if;
  return new;
end
$$;
revoke all on function private.claim_waits_for_answers() from public, anon, authenticated;
create trigger "25 a claim waits for the guest's answers" before update of claimed_by on public.guests
  for each row execute function private.claim_waits_for_answers();
