-- The answers of a hidden question are hidden with it, and hidden content cannot be reported
-- (issue 33, security review F6, F7). After a moderator hid a question, its answers stayed in
-- visible_answers, in the answers' reads and on devices, and an offline device could still push
-- new answers to it; and a non-admin could report a hidden answer while a removed one gave
-- not_found (telling hidden from deleted). Now private.question_hidden(question) hides a hidden
-- question's answers from everyone but admins (the answers' read policy, visible_answers,
-- replication_doc_answers); trigger "the answers follow their question's hide" logs a new access
-- to the notebook for its replicators, so their next pull sends its rows again (deletions after a
-- hide, the rows after a restore); place_new_answer refuses a new answer to a hidden question
-- (not_found, as for a removed one; a claim still moves its answers); private.report_target sees
-- hidden content (and a hidden question's answers) as not visible to non-admins.
-- Replaces private.place_new_answer, public.visible_answers, the answers' read policy,
-- private.replication_doc_answers and private.report_target.
set check_function_bodies = off;

-- Whether a moderator hid this question (issue 33): its answers are hidden with it for everyone
-- but admins (the answers' read policy, visible_answers, the pull) and it takes no new answer.
-- SECURITY DEFINER: the questions' own policy hides a hidden question from the caller.
create or replace function private.question_hidden(p_question_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.questions q where q.id = p_question_id and q.hidden_at is not null)
$$;
revoke all on function private.question_hidden(uuid) from public, anon;
grant execute on function private.question_hidden(uuid) to authenticated, service_role;

-- "05 a new answer is placed by the server": the notebook comes from the question; the author is
-- the caller; the id is derived (S6); the moderation state is decided here, never by the
-- answerer: pending when the notebook has pre-moderation and the answerer is not its owner.
-- created_at and updated_at are left to "06 a new row keeps the time it was written".
-- A guest's answer (guests.sql) is written by the guest's host, with user_id null, the id derived
-- from the guest's secret, the anonymity from the guest row and the name only when the guest is
-- not anonymous (S5: an anonymous guest's name stays in guests.name); pending with pre-moderation
-- (a guest is never the owner). A guest's answer whose id left a tombstone (claimed, or removed by
-- the owner) is not written again: a replayed push changes nothing (S9).
-- claim_guest moves a guest's answer to the person claiming it (cadernos.claiming_guest = 'on'):
-- then the text, anonymity and moderation are kept as they were, and access was settled by the
-- claim.
create or replace function private.place_new_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  q record;
  n record;
  g public.guests;
  role text;
  claiming boolean := coalesce(current_setting('cadernos.claiming_guest', true), '') = 'on';
begin
  select qq.notebook_id, qq.blocked, qq.hidden_at into q from public.questions qq where qq.id = new.question_id;
  -- a question a moderator hid takes no new answer (issue 33): the same answer as a removed one
  if not found or (q.hidden_at is not null and not claiming) then
    raise exception using errcode = '23503', message = 'This question no longer exists.', hint = 'not_found';
  end if;
  new.notebook_id := q.notebook_id;
  if new.guest_id is not null then
    g := private.guest_for_answer(new.guest_id);
    if g.notebook_id <> new.notebook_id then
      raise exception using errcode = '42501', message = 'A guest answers in the notebook of their round only.', hint = 'not_allowed';
    end if;
    if auth.uid() is not null and g.host_id <> auth.uid() then
      raise exception using errcode = '42501', message = 'Only the person who ran the round writes its guests'' answers.', hint = 'not_allowed';
    end if;
    new.user_id := null;
    new.is_anonymous := g.is_anonymous;
    new.responder_name := case when g.is_anonymous then null else g.name end;
  elsif auth.uid() is not null then
    if new.user_id is null then
      new.user_id := auth.uid();
    elsif new.user_id <> auth.uid() then
      raise exception using errcode = '42501', message = 'You can only answer as yourself.', hint = 'not_allowed';
    end if;
  end if;
  if auth.uid() is not null and not claiming then
    role := public.notebook_role(new.notebook_id);
    if role not in ('owner', 'editor', 'collaborator', 'viewer') then
      raise exception using errcode = '42501', message = 'You do not have access to this notebook.', hint = 'not_allowed';
    end if;
    if q.blocked and role = 'viewer' then
      raise exception using errcode = '42501', message = 'This question is blocked.', hint = 'not_allowed';
    end if;
  end if;
  if new.guest_id is not null then
    new.id := public.answer_id(new.question_id, g.answer_secret);
    if exists (select 1 from private.replication_tombstones t where t.collection = 'answers' and t.id = new.id) then
      -- A guest's answer that was claimed (moved to its person) or removed by the owner, pushed
      -- again: a replay (S9). Only the host writes a guest's answers, and only during the turn,
      -- so nothing new is lost: the deletion stands and reaches the device on its next pull.
      return null;
    end if;
  else
    new.id := private.answer_id_for(new.question_id, new.user_id);
  end if;
  if claiming then
    return new;
  end if;
  select nb.user_id, nb.pre_moderation_enabled into n from public.notebooks nb where nb.id = new.notebook_id;
  new.moderation_status := case when n.pre_moderation_enabled and new.user_id is distinct from n.user_id then 'pending' else 'approved' end;
  new.moderated_by := null;
  new.moderated_at := null;
  new.moderation_notes := null;
  return new;
end
$$;

create or replace view public.visible_answers
with (security_barrier = true)
as
select a.id,
       a.question_id,
       a.notebook_id,
       case when reveal then a.user_id end as user_id,
       a.text,
       a.is_anonymous,
       case when a.guest_id is null then case when reveal then a.responder_name end
            when r.role = 'owner' then g.name
            when not a.is_anonymous then a.responder_name end as responder_name,
       a.moderation_status,
       a.moderated_by,
       a.moderated_at,
       a.moderation_notes,
       a.created_at,
       a.updated_at,
       case when reveal or host then a.guest_id end as guest_id
  from public.answers a
  left join public.guests g on g.id = a.guest_id
  cross join lateral (select public.notebook_role(a.notebook_id) as role) r
  cross join lateral (select (not a.is_anonymous or a.user_id = auth.uid() or r.role = 'owner') as reveal,
                             coalesce(g.host_id = auth.uid(), false) as host) v
 where ((a.hidden_at is null and not private.question_hidden(a.question_id)) or public.is_admin())
   and (a.user_id = auth.uid()
        or r.role in ('owner', 'editor', 'collaborator', 'admin')
        or (r.role = 'viewer' and (a.moderation_status = 'approved' or host)));
-- It filters by auth.uid() itself, so only a signed-in person has a use for it: not visitors, not
-- the service role (no user: it would always be empty). Read only.
revoke all on public.visible_answers from public, anon, authenticated, service_role;
grant select on public.visible_answers to authenticated;

drop policy "answerers, owners, and members allowed to see a signed answer can read it" on public.answers;
create policy "answerers, owners, and members allowed to see a signed answer can read it" on public.answers
  for select to authenticated
  using (
    ((hidden_at is null and not private.question_hidden(question_id)) or public.is_admin())
    and (user_id = auth.uid()
         or public.notebook_role(notebook_id) = 'owner'
         or (guest_id is not null and private.is_my_guest(guest_id))
         or (not is_anonymous and (
               public.notebook_role(notebook_id) in ('editor', 'collaborator', 'admin')
               or (moderation_status = 'approved' and public.notebook_role(notebook_id) = 'viewer'))))
  );

-- Answers: managers see all; sharees see approved ones and their own; the answers of a hidden
-- question are a deletion like the question (a hide or restore of a question sends the notebook
-- again: moderation.sql, "the answers follow their question's hide"); the author's identity of
-- an anonymous answer goes only to the owner and the author. A guest's answer: guests.sql's
-- private.guest_answer_doc (a call made for guest answers only: a person's answer stays inlinable).
create or replace function private.replication_doc_answers(r public.answers, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case
    when r.hidden_at is not null or private.question_hidden(r.question_id) then null
    when r.guest_id is not null then private.guest_answer_doc(r, p_me, p_level) - 'hidden_at'
    when p_level in ('owner', 'editor', 'collaborator')
      or (p_level = 'viewer' and (r.user_id = p_me or r.moderation_status = 'approved'))
    then case
      when not r.is_anonymous or r.user_id = p_me or p_level = 'owner'
        then to_jsonb(r) - 'replication_xid' - 'hidden_at'
      else to_jsonb(r) - 'replication_xid' - 'hidden_at' || '{"user_id": null, "responder_name": null}'::jsonb
    end || '{"_deleted": false}'::jsonb
  end
$$;

-- "the answers follow their question's hide": the answers of a hidden question are hidden with it
-- (private.question_hidden: their read policy, visible_answers, replication_doc_answers) but their
-- rows do not change, so a hide or restore of a question logs a new access for everyone who
-- replicates its notebook (private.replication_access.xid): their next pull sends the notebook's
-- rows again — the answers as deletions after a hide, back after a restore.
create or replace function private.resend_notebook_of_question()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.replication_access a set xid = pg_current_xact_id()
   where a.notebook_id = new.notebook_id and a.level <> 'none';
  perform private.pulse_notebook(new.notebook_id);
  return null;
end
$$;
revoke all on function private.resend_notebook_of_question() from public, anon, authenticated, service_role;

create trigger "the answers follow their question's hide" after update of hidden_at on public.questions
  for each row when (old.hidden_at is distinct from new.hidden_at)
  execute function private.resend_notebook_of_question();

-- Whether the target exists (`present`), whether the caller (auth.uid()) sees it (`visible`: the
-- rule each kind's reads follow — the tables' policies, visible_answers, guestbook_page, the
-- poll's policy, profile_reach), and its notebook for a question or an answer. With no caller
-- (service role) an existing target is visible. Hidden content (and the answers of a hidden
-- question) is visible to admins alone.
create or replace function private.report_target(p_kind text, p_target uuid,
                                                 out present boolean, out visible boolean, out notebook_id uuid)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  role text;
  q record;
  a record;
  m record;
  p record;
  hidden boolean := false;
begin
  present := false;
  visible := false;
  notebook_id := null;
  if p_kind = 'question' then
    select x.notebook_id, x.blocked, x.hidden_at into q from public.questions x where x.id = p_target;
    if found then
      present := true;
      notebook_id := q.notebook_id;
      role := public.notebook_role(q.notebook_id);
      visible := me is null or role in ('owner', 'editor', 'collaborator', 'admin') or (role = 'viewer' and not q.blocked);
      hidden := q.hidden_at is not null;
    end if;
  elsif p_kind = 'answer' then
    select x.notebook_id, x.user_id, x.moderation_status, g.host_id, x.hidden_at, x.question_id into a
      from public.answers x left join public.guests g on g.id = x.guest_id
     where x.id = p_target;
    if found then
      present := true;
      notebook_id := a.notebook_id;
      role := public.notebook_role(a.notebook_id);
      -- visible_answers' rule
      visible := me is null or a.user_id = me or role in ('owner', 'editor', 'collaborator', 'admin')
                 or (role = 'viewer' and (a.moderation_status = 'approved' or coalesce(a.host_id = me, false)));
      hidden := a.hidden_at is not null or private.question_hidden(a.question_id);
    end if;
  elsif p_kind = 'guestbook_message' then
    select x.profile_id, x.author_id, x.status, x.hidden_at into m from public.guestbook_messages x where x.id = p_target;
    if found then
      present := true;
      -- the owner and the writer read it; anyone else an approved one on a profile they see whole
      -- (guestbook_page's rule)
      visible := me is null or m.profile_id = me or m.author_id = me
                 or (m.status = 'approved' and private.profile_reach(m.profile_id) = 'full'
                     and private.account_status(m.profile_id) = 'active'
                     and not coalesce(private.is_blocked_between(m.author_id, me), false));
      hidden := m.hidden_at is not null;
    end if;
  elsif p_kind = 'poll' then
    select x.profile_id, x.is_active, x.hidden_at into p from public.profile_polls x where x.id = p_target;
    if found then
      present := true;
      visible := me is null or p.profile_id = me or (p.is_active and private.profile_reach(p.profile_id) = 'full');
      hidden := p.hidden_at is not null;
    end if;
  elsif p_kind = 'profile' then
    if exists (select 1 from public.profiles x where x.id = p_target) then
      present := true;
      visible := me is null or private.profile_reach(p_target) <> 'none';
    end if;
  end if;
  -- hidden content (moderation.sql) is seen by admins alone: reporting it is not_found, as for
  -- removed content (a hidden target is not told from a deleted one)
  if hidden and me is not null and not public.is_admin() then
    visible := false;
  end if;
  visible := present and coalesce(visible, false);
end
$$;
revoke all on function private.report_target(text, uuid) from public, anon, authenticated, service_role;
