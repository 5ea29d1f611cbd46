-- The time a person wrote something (issue 16, defect 6). A notebook, question or answer written
-- offline reached the server hours later and was stamped with that arrival (created_at = now()),
-- so every device showed, and listed answers by, the time of the push. Now created_at is the
-- time the person wrote it, as their device says, within bounds the server sets:
--
--   never after the server's now()   nothing is written after it reached the server; a device
--                                    whose clock runs ahead gets the server's time (no skew is
--                                    allowed: a time from the future would sort before the
--                                    answers really written after it)
--   never before what it belongs to  an answer not before its question, a question not before
--                                    its notebook, and nothing before its writer's account
--
-- A time outside the bounds is moved to the nearest bound, not refused: a phone with a wrong
-- clock must not lose what its person wrote (S8). A time that is not a time at all ("ontem") is
-- refused as 'validation', per row. The server's own writes (seeds, service role: no auth.uid())
-- say their own time.
--
-- A new row's updated_at is its created_at: it was last changed when it was written. After
-- that, updated_at stays the server's change time ("90 updated_at is stamped"), and replication
-- keeps its own clock (transaction ids, server_rev: S3, S9), none of which a device sets.
--
-- A rejected answer edited by its author is recreated as pending (spec §4): its created_at is
-- the time of that edit as the answerer's device wrote it (client_clock, S7), within the same
-- bounds (not before the answer itself).

-- THE rule, one home: a claimed time, bounded.
create or replace function private.time_written(p_claimed timestamptz, p_not_before timestamptz)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  -- greatest() skips a null bound; a missing claim is now
  select greatest(least(coalesce(p_claimed, now()), now()), p_not_before)
$$;
revoke all on function private.time_written(timestamptz, timestamptz) from public, anon, authenticated;

-- "06 a new row keeps the time it was written": the claimed created_at, bounded; updated_at
-- the same. Runs for the people's own writes (pushes and REST inserts alike).
create or replace function private.keep_time_written()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  not_before timestamptz;
begin
  if auth.uid() is null then
    return new;
  end if;
  select p.created_at into not_before from public.profiles p where p.id = auth.uid();
  if tg_table_name = 'questions' then
    not_before := greatest(not_before, (select n.created_at from public.notebooks n where n.id = new.notebook_id));
  elsif tg_table_name = 'answers' then
    not_before := greatest(not_before, (select q.created_at from public.questions q where q.id = new.question_id));
  end if;
  new.created_at := private.time_written(new.created_at, not_before);
  new.updated_at := new.created_at;
  return new;
end
$$;

create trigger "06 a new row keeps the time it was written" before insert on public.notebooks
  for each row execute function private.keep_time_written();
create trigger "06 a new row keeps the time it was written" before insert on public.questions
  for each row execute function private.keep_time_written();
create trigger "06 a new row keeps the time it was written" before insert on public.answers
  for each row execute function private.keep_time_written();

-- A pushed new row carries the time it was written (the rest of each list as in
-- 20261122000400_replication.sql).
update private.replication_collections
   set insertable = insertable || '{created_at}'
 where name in ('notebooks', 'questions', 'answers') and not 'created_at' = any (insertable);

-- "05 a new answer is placed by the server", as in 20261122000200_notebooks.sql but without
-- stamping created_at / updated_at with now(): "06" keeps the time it was written.
create or replace function private.place_new_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  q record;
  n record;
  role text;
begin
  select qq.notebook_id, qq.blocked into q from public.questions qq where qq.id = new.question_id;
  if not found then
    raise exception using errcode = '23503', message = 'This question no longer exists.', hint = 'not_found';
  end if;
  new.notebook_id := q.notebook_id;
  if auth.uid() is not null then
    if new.user_id is null then
      new.user_id := auth.uid();
    elsif new.user_id <> auth.uid() then
      raise exception using errcode = '42501', message = 'You can only answer as yourself.', hint = 'not_allowed';
    end if;
    role := public.notebook_role(new.notebook_id);
    if role not in ('owner', 'editor', 'collaborator', 'viewer') then
      raise exception using errcode = '42501', message = 'You do not have access to this notebook.', hint = 'not_allowed';
    end if;
    if q.blocked and role = 'viewer' then
      raise exception using errcode = '42501', message = 'This question is blocked.', hint = 'not_allowed';
    end if;
  end if;
  new.id := private.answer_id_for(new.question_id, new.user_id);
  select nb.user_id, nb.pre_moderation_enabled into n from public.notebooks nb where nb.id = new.notebook_id;
  new.moderation_status := case when n.pre_moderation_enabled and new.user_id <> n.user_id then 'pending' else 'approved' end;
  new.moderated_by := null;
  new.moderated_at := null;
  new.moderation_notes := null;
  return new;
end
$$;

-- "20 answer fields have owners", as in 20261122000200_notebooks.sql except the resubmission of
-- a rejected answer: recreated at the time its author wrote the edit, not at its arrival.
create or replace function private.protect_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  answer_changed boolean;
  moderation_changed boolean;
  n record;
  edit_written timestamptz;
begin
  if new.id is distinct from old.id or new.question_id is distinct from old.question_id
     or new.notebook_id is distinct from old.notebook_id or new.user_id is distinct from old.user_id then
    raise exception using errcode = '42501',
      message = 'An answer cannot move to another question, notebook or person.', hint = 'not_allowed';
  end if;
  answer_changed := (new.text, new.is_anonymous, new.responder_name)
                    is distinct from (old.text, old.is_anonymous, old.responder_name);
  moderation_changed := (new.moderation_status, new.moderation_notes, new.moderated_by, new.moderated_at)
                        is distinct from (old.moderation_status, old.moderation_notes, old.moderated_by, old.moderated_at);
  new.created_at := old.created_at;

  if moderation_changed then
    if uid is not null and public.notebook_role(old.notebook_id, uid) not in ('owner', 'editor', 'collaborator') then
      raise exception using errcode = '42501',
        message = 'Only the notebook owner and collaborators can moderate answers.', hint = 'not_allowed';
    end if;
    new.moderated_by := coalesce(uid, new.moderated_by);
    new.moderated_at := now();
  end if;

  if answer_changed then
    if uid is not null and uid <> old.user_id then
      raise exception using errcode = '42501',
        message = 'Only the person who wrote an answer can change it.', hint = 'not_allowed';
    end if;
    select nb.user_id, nb.pre_moderation_enabled into n from public.notebooks nb where nb.id = old.notebook_id;
    if old.moderation_status = 'rejected' and not moderation_changed then
      -- resubmission of a rejected answer: recreated, pending, at the time the edit was written
      -- (the device's clock of the edit, ms; an update that brings no newer clock was written now)
      if uid is not null and new.client_clock > old.client_clock then
        edit_written := to_timestamp(greatest(least(new.client_clock, extract(epoch from now()) * 1000), 0) / 1000.0);
      end if;
      new.moderation_status := 'pending';
      new.moderated_by := null;
      new.moderated_at := null;
      new.moderation_notes := null;
      new.created_at := private.time_written(edit_written, old.created_at);
    elsif n.pre_moderation_enabled and old.user_id <> n.user_id and not moderation_changed then
      new.moderation_status := 'pending';
      new.moderated_by := null;
      new.moderated_at := null;
      new.moderation_notes := null;
    end if;
  end if;
  return new;
end
$$;
