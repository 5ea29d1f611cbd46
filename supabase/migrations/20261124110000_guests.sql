-- Guests: the party (issue 21). One phone, many friends, no signal: a signed-in person with answer
-- access (the host) runs a round on their device; each friend (a guest, the spec's Guest entity
-- "invited user, invited by owner") gives a name, answers, hands the phone on. A round is local to
-- the device; its guests and their answers replicate like everything else.
--
--   guests            one row per friend per round, made on the device (id, answer_secret and the
--                     SHA-256 of a claim code all drawn there); read by the notebook's owner and by
--                     the host (the name of an anonymous guest: by the owner only)
--   answers.guest_id  a guest's answer: user_id null, guest_id set (exactly one of the two)
--   claim_guest       a friend who registers later takes their answers with the claim code
--
-- The keying, and why the invariants still hold (ARCHITECTURE §3; src/data/README.md "Guests"):
--   S6  A guest's answer id is public.answer_id(question_id, guests.answer_secret): the same
--       derivation as a person's, from the guest's own secret. One answer per (question, guest)
--       (unique (question_id, guest_id)), two devices or two pushes of one guest's answer converge
--       on one row, and two guests (or a guest and the host) can never produce the same id.
--   S5  An anonymous guest's answer stores no name (responder_name null: the name lives only in
--       guests.name). The owner gets it back in their documents and in visible_answers; the host
--       gets guest_id (their own guest) but no name; everyone else gets neither. Sharees never
--       receive a guest row, not even as a deletion (the pull's reader filters).
--   S9  Guests are pushed through replication_push like every row: compare-and-swap on server_rev;
--       a replayed insert finds the row visible and comes back as a conflict, never a write.
-- An answer pushed before its guest row is refused for that row alone as `guest_not_synced`
-- (SQLSTATE 55000): a retry, not a refusal — the device pushes guests before answers and sends the
-- row again. A guest the owner deleted leaves a tombstone: its answers are then `not_found`.

-- ---------------------------------------------------------------------------------------------
-- The table
-- ---------------------------------------------------------------------------------------------

create table public.guests (
  id uuid primary key,
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  host_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null,
  is_anonymous boolean not null default false,
  -- 43 base64url characters (32 random bytes) drawn on the device; the guest's answer ids are
  -- public.answer_id(question_id, answer_secret)
  answer_secret text not null,
  -- lowercase hex SHA-256 of the claim code; the code itself reaches the server only in claim_guest
  claim_hash text not null,
  claimed_by uuid references public.profiles (id) on delete set null,
  claimed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint guests_claim_hash_unique unique (claim_hash),
  constraint guests_answer_secret_unique unique (answer_secret)
);
create index guests_host_id on public.guests (host_id);
create index guests_replication on public.guests (notebook_id, replication_xid, id);
create index guests_by_notebook_id on public.guests (notebook_id, id) include (replication_xid);
-- The host adds guests, the owner removes them; nobody updates them (claim_guest does, as the
-- owner of the function). A person reads, through the API, every column but the secrets and the
-- name: the name of an anonymous guest is the owner's alone (S5), so names travel only in the
-- pull, which masks them (private.replication_doc_guests).
revoke all on public.guests from public, anon, authenticated, service_role;
grant select (id, notebook_id, host_id, is_anonymous, claimed_at, created_at, updated_at, server_rev)
  on public.guests to authenticated;
grant insert, delete on public.guests to authenticated;
grant select, insert, update, delete on public.guests to service_role;

-- Whether the caller runs this guest's round and still may answer in its notebook. About the
-- caller only; policies of answers call it.
create or replace function private.is_my_guest(p_guest_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.guests g
     where g.id = p_guest_id and g.host_id = auth.uid()
       and public.notebook_role(g.notebook_id) in ('owner', 'editor', 'collaborator', 'viewer'))
$$;
revoke all on function private.is_my_guest(uuid) from public, anon;
grant execute on function private.is_my_guest(uuid) to authenticated, service_role;

alter table public.guests enable row level security;
create policy "owners and hosts read the notebook's guests" on public.guests
  for select to authenticated
  using (
    public.notebook_role(notebook_id) = 'owner'
    or (host_id = auth.uid() and public.notebook_role(notebook_id) in ('editor', 'collaborator', 'viewer'))
  );
create policy "people who may answer add guests to their own round" on public.guests
  for insert to authenticated
  with check (host_id = auth.uid() and public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'viewer'));
create policy "owners remove guests" on public.guests
  for delete to authenticated
  using (public.notebook_role(notebook_id) = 'owner');

-- ---------------------------------------------------------------------------------------------
-- Guest rules
-- ---------------------------------------------------------------------------------------------

-- "05 a new guest is placed by the server": the host is the caller and may answer in the
-- notebook; nobody has claimed a new guest; created_at is the time the round wrote it
-- (private.time_written: not before the notebook nor the host's account, not after now).
create or replace function private.place_new_guest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  role text;
  not_before timestamptz;
begin
  if not exists (select 1 from public.notebooks n where n.id = new.notebook_id) then
    raise exception using errcode = '23503', message = 'This notebook no longer exists.', hint = 'not_found';
  end if;
  new.claimed_by := null;
  new.claimed_at := null;
  if auth.uid() is not null then
    if new.host_id is null then
      new.host_id := auth.uid();
    elsif new.host_id <> auth.uid() then
      raise exception using errcode = '42501', message = 'A round''s guests are added by the person who runs it.', hint = 'not_allowed';
    end if;
    role := public.notebook_role(new.notebook_id);
    if role not in ('owner', 'editor', 'collaborator', 'viewer') then
      raise exception using errcode = '42501', message = 'You do not have access to this notebook.', hint = 'not_allowed';
    end if;
    select greatest(p.created_at, n.created_at) into not_before
      from public.profiles p, public.notebooks n where p.id = auth.uid() and n.id = new.notebook_id;
    new.created_at := private.time_written(new.created_at, not_before);
    new.updated_at := new.created_at;
  end if;
  return new;
end
$$;

-- "10 guest fields are validated": the name trimmed, 1–50 characters (guest_name_invalid), no
-- forbidden words (forbidden_words); the secrets in the shapes the device draws them
-- (invalid_secret): 32 random bytes as 43 base64url characters, a SHA-256 as 64 lowercase hex.
create or replace function private.validate_guest()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  if char_length(new.name) not between 1 and 50 then
    raise exception using errcode = '23514', message = 'A guest''s name has 1 to 50 characters.', hint = 'guest_name_invalid';
  end if;
  if new.answer_secret is null or new.answer_secret !~ '^[A-Za-z0-9_-]{43}$' then
    raise exception using errcode = '23514', message = 'A guest''s answer secret is 43 base64url characters.', hint = 'invalid_secret';
  end if;
  if new.claim_hash is null or new.claim_hash !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = '23514', message = 'A guest''s claim hash is a SHA-256 in 64 lowercase hex digits.', hint = 'invalid_secret';
  end if;
  if tg_op = 'INSERT' or new.name is distinct from old.name then
    perform private.assert_no_forbidden_words(new.name);
  end if;
  return new;
end
$$;

-- "20 a guest changes only when claimed": only claimed_by and claimed_at move (claim_guest).
create or replace function private.protect_guest()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.id, new.notebook_id, new.host_id, new.name, new.is_anonymous, new.answer_secret, new.claim_hash, new.created_at)
     is distinct from
     (old.id, old.notebook_id, old.host_id, old.name, old.is_anonymous, old.answer_secret, old.claim_hash, old.created_at) then
    raise exception using errcode = '42501', message = 'A guest cannot be changed.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.guests
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.guests
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "05 a new guest is placed by the server" before insert on public.guests
  for each row execute function private.place_new_guest();
create trigger "10 guest fields are validated" before insert or update on public.guests
  for each row execute function private.validate_guest();
create trigger "20 a guest changes only when claimed" before update on public.guests
  for each row execute function private.protect_guest();
create trigger "90 updated_at is stamped" before update on public.guests
  for each row execute function private.stamp_updated_at();
create trigger "95 the replication revision moves" before insert or update on public.guests
  for each row execute function private.bump_replication_revision();
create trigger "replicated rows leave tombstones and pulse their readers" after insert or update or delete on public.guests
  for each row execute function private.track_replicated_row('guests', 'notebook', 'notebook_id');

-- "tombstones of guests keep their host" (runs after the tombstone is written: triggers fire in
-- name order): the pull hands a guest's deletion only to the owner and the host (S5), so the
-- tombstone remembers the host in owner_id.
create or replace function private.remember_guest_host()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.replication_tombstones t set owner_id = old.host_id where t.collection = 'guests' and t.id = old.id;
  return null;
end
$$;
revoke all on function private.remember_guest_host() from public, anon, authenticated;

create trigger "tombstones of guests keep their host" after delete on public.guests
  for each row execute function private.remember_guest_host();

-- ---------------------------------------------------------------------------------------------
-- Answers gain a guest
-- ---------------------------------------------------------------------------------------------

alter table public.answers alter column user_id drop not null;
alter table public.answers add column guest_id uuid references public.guests (id) on delete cascade;
alter table public.answers add constraint answers_by_a_person_or_a_guest check (num_nonnulls(user_id, guest_id) = 1);
-- S6 per guest (the pair (question, person) stays unique: answers_one_per_question_and_user)
alter table public.answers add constraint answers_one_per_question_and_guest unique (question_id, guest_id);
create index answers_guest_id on public.answers (guest_id) where guest_id is not null;

-- The id a new answer must have (S6): derived from the caller's secret, or, for a guest's answer,
-- from the guest's — only for the guest's host. A guest the server has not received yet is
-- `guest_not_synced` (retry after pushing guests); one the owner deleted is `not_found`.
create or replace function private.new_answer_id(p_question_id uuid, p_guest_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  g public.guests;
begin
  if p_guest_id is null then
    return private.answer_id_for(p_question_id, auth.uid());
  end if;
  g := private.guest_for_answer(p_guest_id);
  if g.host_id is distinct from auth.uid() then
    raise exception using errcode = '42501', message = 'Only the person who ran the round writes its guests'' answers.', hint = 'not_allowed';
  end if;
  return public.answer_id(p_question_id, g.answer_secret);
end
$$;
-- replication_push (SECURITY INVOKER) calls it as the caller; it answers about the caller's guests only.
revoke all on function private.new_answer_id(uuid, uuid) from public, anon;
grant execute on function private.new_answer_id(uuid, uuid) to authenticated, service_role;

-- The guest row an answer names, or the reason it cannot be used yet (see above).
create or replace function private.guest_for_answer(p_guest_id uuid)
returns public.guests
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  g public.guests;
begin
  select * into g from public.guests where id = p_guest_id;
  if found then
    return g;
  end if;
  if exists (select 1 from private.replication_tombstones t where t.collection = 'guests' and t.id = p_guest_id) then
    raise exception using errcode = '23503', message = 'This guest was removed.', hint = 'not_found';
  end if;
  raise exception using errcode = '55000',
    message = 'This answer''s guest has not reached the server yet: push the guest, then this answer again.', hint = 'guest_not_synced';
end
$$;
revoke all on function private.guest_for_answer(uuid) from public, anon, authenticated;

-- "05 a new answer is placed by the server" (replaces the notebooks migration's): as before for a
-- person's answer; a guest's answer is written by the guest's host, with user_id null, the id
-- derived from the guest's secret, the anonymity from the guest row and the name only when the
-- guest is not anonymous (S5: an anonymous guest's name stays in guests.name). The moderation
-- state follows the same rule: pending with pre-moderation (a guest is never the owner).
-- A guest's answer whose id left a tombstone (claimed, or removed by the owner) is not written
-- again: a replayed push changes nothing (S9).
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
  select qq.notebook_id, qq.blocked into q from public.questions qq where qq.id = new.question_id;
  if not found then
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

-- "21 a guest's answer is its host's to edit": the guest never changes; the host (and only the
-- host) edits the text; anonymity and name always come from the guest row; with pre-moderation
-- an edit returns to pending, as a person's does ("20 answer fields have owners" cannot tell:
-- it compares with user_id, null here).
create or replace function private.protect_guest_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  g public.guests;
  pre_moderation boolean;
begin
  if old.guest_id is null and new.guest_id is null then
    return new;
  end if;
  if new.guest_id is distinct from old.guest_id then
    raise exception using errcode = '42501', message = 'An answer cannot move to another guest.', hint = 'not_allowed';
  end if;
  select * into g from public.guests where id = old.guest_id;
  new.is_anonymous := g.is_anonymous;
  new.responder_name := case when g.is_anonymous then null else g.name end;
  if new.text is distinct from old.text then
    if auth.uid() is not null and auth.uid() <> g.host_id then
      raise exception using errcode = '42501', message = 'Only the person who ran the round edits its guests'' answers.', hint = 'not_allowed';
    end if;
    select nb.pre_moderation_enabled into pre_moderation from public.notebooks nb where nb.id = old.notebook_id;
    if pre_moderation and (new.moderation_status, new.moderation_notes) is not distinct from (old.moderation_status, old.moderation_notes) then
      new.moderation_status := 'pending';
      new.moderated_by := null;
      new.moderated_at := null;
      new.moderation_notes := null;
    end if;
  end if;
  return new;
end
$$;

create trigger "21 a guest's answer is its host's to edit" before update on public.answers
  for each row execute function private.protect_guest_answer();

-- The answers policies learn guests: the host reads, writes and edits their guests' answers (the
-- row of an anonymous guest's answer holds no name, see above).
alter policy "answerers, owners, and members allowed to see a signed answer can read it" on public.answers
  using (
    user_id = auth.uid()
    or public.notebook_role(notebook_id) = 'owner'
    or (guest_id is not null and private.is_my_guest(guest_id))
    or (not is_anonymous and (
          public.notebook_role(notebook_id) in ('editor', 'collaborator', 'admin')
          or (moderation_status = 'approved' and public.notebook_role(notebook_id) = 'viewer')))
  );
alter policy "members can answer as themselves" on public.answers
  with check (
    (user_id = auth.uid() and public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator', 'viewer'))
    or (user_id is null and guest_id is not null and private.is_my_guest(guest_id))
  );
alter policy "answerers edit their answers and owners, editors and collaborators moderate" on public.answers
  using (user_id = auth.uid() or (guest_id is not null and private.is_my_guest(guest_id))
         or public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator'))
  with check (user_id = auth.uid() or (guest_id is not null and private.is_my_guest(guest_id))
              or public.notebook_role(notebook_id) in ('owner', 'editor', 'collaborator'));

-- visible_answers (replaces the notebooks migration's; guest_id is a new last column): a guest's
-- name reaches the owner always, everyone else only when the guest is not anonymous; guest_id the
-- owner and the host always, everyone else only when not anonymous. The host reads their guests'
-- answers while pending, as an answerer reads their own.
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
 where a.user_id = auth.uid()
    or r.role in ('owner', 'editor', 'collaborator', 'admin')
    or (r.role = 'viewer' and (a.moderation_status = 'approved' or host));
revoke all on public.visible_answers from public, anon, authenticated, service_role;
grant select on public.visible_answers to authenticated;

-- Notifications about answers (replaces the notebooks migration's): a guest's answer notifies the
-- owner and the moderators like anyone's (user_id is null: compared with "is distinct from");
-- approvals and rejections go to nobody (a guest has no account). An answer moved by claim_guest
-- was notified when the guest wrote it: nothing again.
create or replace function private.notify_about_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  n record;
  who text;
  moderator uuid;
begin
  if coalesce(current_setting('cadernos.claiming_guest', true), '') = 'on' then
    return null;
  end if;
  select nb.id, nb.user_id, nb.title into n from public.notebooks nb where nb.id = new.notebook_id;
  if not found then
    return null;
  end if;
  who := case when new.is_anonymous then 'Alguém (anônimo)'
              else coalesce(nullif(btrim(new.responder_name), ''), private.person_label(new.user_id)) end;

  if new.moderation_status = 'pending'
     and (tg_op = 'INSERT' or old.moderation_status is distinct from 'pending') then
    for moderator in
      select n.user_id
      union
      select c.user_id from public.notebook_collaborators c
       where c.notebook_id = n.id and c.status = 'accepted' and c.role in ('editor', 'collaborator')
    loop
      if moderator is distinct from new.user_id then
        perform private.notify(moderator, n.id, new.id, 'answer_pending', 'Resposta aguardando moderação',
          'Uma resposta no caderno "' || n.title || '" aguarda moderação.');
      end if;
    end loop;
  elsif tg_op = 'INSERT' and new.user_id is distinct from n.user_id then
    perform private.notify(n.user_id, n.id, new.id, 'new_answer', 'Nova resposta',
      who || ' respondeu ao seu caderno "' || n.title || '".');
  end if;

  if tg_op = 'UPDATE' and new.moderation_status is distinct from old.moderation_status
     and new.moderation_status in ('approved', 'rejected')
     and new.moderated_by is distinct from new.user_id then
    perform private.notify(new.user_id, n.id, new.id,
      'answer_' || new.moderation_status,
      case new.moderation_status when 'approved' then 'Resposta aprovada' else 'Resposta rejeitada' end,
      case new.moderation_status
        when 'approved' then 'Sua resposta no caderno "' || n.title || '" foi aprovada.'
        else 'Sua resposta no caderno "' || n.title || '" foi rejeitada.' end);
  end if;
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Replication of guests and guest answers
-- ---------------------------------------------------------------------------------------------

-- Readers of a notebook-scoped collection can be narrowed per row (SQL over the row `r` or the
-- tombstone `t`, the reader's access `a` and the reader `$1`): rows outside the filter are not
-- even sent as deletions. Guests go to the owner and the host only (S5: a sharee's pull never
-- names a guest).
alter table private.replication_collections
  add column row_readers text,
  add column tombstone_readers text;

-- A guest as one person may receive it: every column for the owner; for the host (still with
-- answer access) every column but the name and claimer of an anonymous guest (S5).
create or replace function private.replication_doc_guests(r public.guests, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case
    when p_level = 'owner' then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb
    when r.host_id = p_me and p_level in ('editor', 'collaborator', 'viewer') then
      to_jsonb(r) - 'replication_xid'
      || case when r.is_anonymous then '{"name": null, "claimed_by": null}'::jsonb else '{}'::jsonb end
      || '{"_deleted": false}'::jsonb
  end
$$;

-- A guest's answer as one person may receive it (called by replication_doc_answers for guest
-- answers only, so a person's answer never pays for the lookup): managers see all, a sharee
-- approved ones, the host all of their guests'; the name (from the guest row: an anonymous
-- guest's answer stores none) and guest_id of an anonymous guest go to the owner, guest_id also
-- to the host.
create or replace function private.guest_answer_doc(r public.answers, p_me uuid, p_level text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_level in ('owner', 'editor', 'collaborator')
      or (p_level = 'viewer' and (r.moderation_status = 'approved' or g.host_id = p_me))
    then to_jsonb(r) - 'replication_xid'
         || case when p_level = 'owner' then jsonb_build_object('responder_name', g.name)
                 when not r.is_anonymous or g.host_id = p_me then '{}'::jsonb
                 else '{"guest_id": null, "responder_name": null}'::jsonb end
         || '{"_deleted": false}'::jsonb
  end
  from public.guests g where g.id = r.guest_id
$$;
-- Called inside replication_pull and replication_master (SECURITY DEFINER) only.
revoke all on function private.guest_answer_doc(public.answers, uuid, text) from public, anon, authenticated;

-- Answers (replaces the replication migration's): a person's answer exactly as before (still
-- inlinable: the guest branch is a call made for guest answers only).
create or replace function private.replication_doc_answers(r public.answers, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case
    when r.guest_id is not null then private.guest_answer_doc(r, p_me, p_level)
    when p_level in ('owner', 'editor', 'collaborator')
      or (p_level = 'viewer' and (r.user_id = p_me or r.moderation_status = 'approved'))
    then case
      when not r.is_anonymous or r.user_id = p_me or p_level = 'owner'
        then to_jsonb(r) - 'replication_xid'
      else to_jsonb(r) - 'replication_xid' || '{"user_id": null, "responder_name": null}'::jsonb
    end || '{"_deleted": false}'::jsonb
  end
$$;

update private.replication_collections
   set insertable = insertable || '{guest_id}'::text[]
 where name = 'answers' and not ('guest_id' = any (insertable));

-- Guests: inserted by the host, deleted by the owner, never updated by a device.
insert into private.replication_collections
  (name, table_name, scope, scope_column, doc_function, insertable, updatable, deletable, delete_wins, insert_refusal,
   row_readers, tombstone_readers) values
  ('guests', 'guests', 'notebook', 'notebook_id', 'private.replication_doc_guests',
   '{id,notebook_id,host_id,name,is_anonymous,answer_secret,claim_hash,created_at}', '{}', true, false, null,
   $r$r.host_id = $1 or a.level = 'owner'$r$,
   -- an owner whose notebook was deleted (level none) still learns of the deletions
   $r$t.owner_id = $1 or a.level = 'owner' or (a.level = 'none' and a.ever_manager)$r$);

-- The pull's page SQL (replaces the replication migration's): the notebook scope applies the
-- collection's reader filters (row_readers, tombstone_readers) in every branch; the rest is as it
-- was.
create or replace function private.replication_pull_sql(c private.replication_collections)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  page_sql text;
  tail text := $q$
    select jsonb_agg(coalesce(case when p.live then %4$s(r, $1, p.level) end,
                              private.deletion_doc(p.id, p.notebook_id, t.keys))
                     order by p.key, p.id),
           (array_agg(p.key order by p.key desc, p.id desc))[1],
           (array_agg(p.id order by p.key desc, p.id desc))[1],
           count(*)::int
      from page p
      left join public.%1$I r on p.live and r.id = p.id
      left join private.replication_tombstones t on not p.live and t.collection = %3$L and t.id = p.id
  $q$;
begin
  if c.scope = 'notebook' then
    page_sql := $q$
      with access as (
        select a.notebook_id, a.level, a.xid, a.ever_manager
          from private.replication_access a
         where a.user_id = $1 and a.xid < $4 and (a.level <> 'none' or a.xid >= $2)
      ),
      cand as (
        select c.* from access a cross join lateral (
          -- the notebook's access changed after the checkpoint: every row written before, key = access xid
          (select r.id, a.xid as key, true as live, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid <= a.xid
              and (a.xid > $2 or (a.xid = $2 and r.id > $3)) and (%5$s)
            order by r.id limit $5)
          union all
          -- rows written after the access change and after the checkpoint, key = row xid
          (select r.id, r.replication_xid, true, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid > a.xid and r.replication_xid < $4
              and (r.replication_xid, r.id) > ($2, $3) and (%5$s)
            order by r.replication_xid, r.id limit $5)
          union all
          (select t.id, a.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid <= a.xid and (a.xid > $2 or (a.xid = $2 and t.id > $3)) and (%6$s)
            order by t.id limit $5)
          union all
          (select t.id, t.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid > a.xid and t.xid < $4 and (t.xid, t.id) > ($2, $3) and (%6$s)
            order by t.xid, t.id limit $5)
          union all
          -- phase 1 of a pass from scratch after a purge: rows whose key (greatest of row and
          -- access xid) is below the floor, by id, at key = floor
          (select r.id, $8, true, a.level, a.notebook_id
             from public.%1$I r
            where $9 and a.xid < $8 and r.%2$I = a.notebook_id and r.replication_xid < $8 and r.id > $3 and (%5$s)
            order by r.id limit $5)
          union all
          (select t.id, $8, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where $9 and not $6 and a.xid < $8 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid < $8 and t.id > $3 and (%6$s)
            order by t.id limit $5)
        ) c
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  elsif c.scope in ('user', 'global') then
    page_sql := $q$
      with cand as (
        (select r.id, r.replication_xid as key, true as live, 'owner'::text as level, null::uuid as notebook_id
           from public.%1$I r
          where ($7 or r.%2$I = $1) and r.replication_xid < $4 and (r.replication_xid, r.id) > ($2, $3)
          order by r.replication_xid, r.id limit $5)
        union all
        (select t.id, t.xid, false, 'owner', null::uuid
           from private.replication_tombstones t
          where not $6 and t.collection = %3$L and ($7 or t.owner_id = $1)
            and t.xid < $4 and (t.xid, t.id) > ($2, $3)
          order by t.xid, t.id limit $5)
        union all
        -- phase 1 of a pass from scratch after a purge (see above)
        (select r.id, $8, true, 'owner', null::uuid
           from public.%1$I r
          where $9 and ($7 or r.%2$I = $1) and r.replication_xid < $8 and r.id > $3
          order by r.id limit $5)
        union all
        (select t.id, $8, false, 'owner', null::uuid
           from private.replication_tombstones t
          where $9 and not $6 and t.collection = %3$L and ($7 or t.owner_id = $1) and t.xid < $8 and t.id > $3
          order by t.id limit $5)
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  else
    -- profile: me, and the people of my notebooks I may know: owners and editors know everyone
    -- in their notebooks; everyone knows the owner, editors and collaborators. Sharees never
    -- receive each other's profiles, so no sharee's device holds the id of an anonymous answerer.
    -- Keys are raised to the floor ($8, '0' outside phase 1): the whole order is computed here.
    page_sql := $q$
      with mine as (
        select a.notebook_id, a.level, a.xid, a.ever_manager from private.replication_access a where a.user_id = $1
      ),
      pairs as (
        select o.user_id as other,
               max(greatest(m.xid, o.xid)) as pair_key,
               bool_or(m.level <> 'none' and o.level <> 'none'
                       and (m.level in ('owner', 'editor') or o.level in ('owner', 'editor', 'collaborator'))) as together
          from mine m join private.replication_access o on o.notebook_id = m.notebook_id
         where o.user_id <> $1
           -- only people I may have known (a manager knows everyone; everyone knows the staff):
           -- not even a deletion names anyone else
           and (m.ever_manager or o.ever_staff)
         group by o.user_id
        union all
        select $1, '0'::xid8, true
      ),
      cand as (
        select pr.id, greatest(pr.replication_xid, p.pair_key, $8) as key, true as live,
               case when p.together then 'viewer' else 'none' end as level, null::uuid as notebook_id
          from pairs p join public.profiles pr on pr.id = p.other
         where greatest(pr.replication_xid, p.pair_key, $8) < $4
           and (greatest(pr.replication_xid, p.pair_key, $8), pr.id) > ($2, $3)
        union all
        select t.id, greatest(t.xid, p.pair_key, $8), false, 'none', null::uuid
          from pairs p join private.replication_tombstones t on t.collection = %3$L and t.id = p.other
         where not $6 and greatest(t.xid, p.pair_key, $8) < $4 and (greatest(t.xid, p.pair_key, $8), t.id) > ($2, $3)
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  end if;
  return format(page_sql || tail, c.table_name, c.scope_column, c.name, c.doc_function,
                coalesce(c.row_readers, 'true'), coalesce(c.tombstone_readers, 'true'));
end
$$;

-- The push (replaces the replication migration's): only the check of a new answer's id changed —
-- a guest's answer is derived from the guest's secret (private.new_answer_id).
create or replace function public.replication_push(p_collection text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  c private.replication_collections;
  item jsonb;
  new_doc jsonb;
  assumed jsonb;
  master jsonb;
  state text;
  row_id uuid;
  cols text[];
  moderation_cols text[];
  answer_cols text[];
  affected integer;
  conflicts jsonb := '[]'::jsonb;
  rejected jsonb := '[]'::jsonb;
  err_state text;
  err_message text;
  err_hint text;
  err_detail text;
  account text := private.account_status(me);
begin
  c := private.replication_collection(p_collection);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 500 then
    raise exception using errcode = '22023', message = 'rows must be an array of at most 500 items', hint = 'validation';
  end if;

  for item in select value from jsonb_array_elements(p_rows) loop
    new_doc := item -> 'newDocumentState';
    assumed := nullif(item -> 'assumedMasterState', 'null'::jsonb);
    row_id := (new_doc ->> 'id')::uuid;
    master := null;
    begin
      if account <> 'active' then
        perform private.require_user(true);
      end if;
      master := private.replication_master(p_collection, row_id);
      state := master ->> 'state';
      master := master -> 'doc';

      if assumed is null or coalesce((assumed ->> '_deleted')::boolean, false) and state <> 'visible' then
        -- a new row (or one recreated after a deletion the client knows of)
        if state = 'visible' then
          conflicts := conflicts || master;
        elsif state = 'invisible' then
          raise exception using errcode = '42501', message = 'This row belongs to someone else.', hint = 'not_allowed';
        elsif coalesce((new_doc ->> '_deleted')::boolean, false) then
          null; -- created and deleted offline: nothing to do
        elsif c.insert_refusal is not null then
          raise exception using errcode = '42501', message = 'This kind of row is created online only.', hint = c.insert_refusal;
        else
          -- S6: a person's answer id comes from their secret, a guest's from the guest's (an
          -- answer whose guest is not on the server yet is refused as guest_not_synced: a retry)
          if p_collection = 'answers' and row_id is distinct from
             private.new_answer_id((new_doc ->> 'question_id')::uuid, (new_doc ->> 'guest_id')::uuid) then
            raise exception using errcode = '22023',
              message = 'An answer''s id must be derived from its question and the answer secret of its author (or guest).', hint = 'invalid_id';
          end if;
          cols := array(select k from unnest(c.insertable) k where new_doc ? k);
          execute format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                         c.table_name, (select string_agg(format('%I', k), ', ') from unnest(cols) k))
            using new_doc;
        end if;

      elsif state in ('deleted', 'absent') then
        if not coalesce((new_doc ->> '_deleted')::boolean, false) then
          -- edited offline, deleted meanwhile: the deletion wins
          conflicts := conflicts || coalesce(master, private.deletion_doc(row_id, null, null));
        end if;

      elsif state = 'invisible' then
        raise exception using errcode = '42501', message = 'You no longer have access to this row.', hint = 'not_allowed';

      elsif coalesce((new_doc ->> '_deleted')::boolean, false) then
        if not c.deletable then
          raise exception using errcode = '42501', message = 'This kind of row cannot be deleted here.', hint = 'read_only';
        end if;
        if (master ->> 'server_rev') is distinct from (assumed ->> 'server_rev') and not c.delete_wins then
          conflicts := conflicts || master;
        else
          execute format('delete from public.%I where id = $1', c.table_name) using row_id;
          get diagnostics affected = row_count;
          if affected = 0 then
            raise exception using errcode = '42501', message = 'You may not delete this row.', hint = 'not_allowed';
          end if;
        end if;

      elsif (master ->> 'server_rev') is distinct from (assumed ->> 'server_rev') then
        conflicts := conflicts || master;

      else
        -- compare-and-swap: apply only the fields this device changed
        cols := array(select k from unnest(c.updatable) k
                       where (new_doc -> k) is distinct from (assumed -> k) and new_doc ? k);
        moderation_cols := '{}';
        if p_collection = 'answers' then
          if public.notebook_role((master ->> 'notebook_id')::uuid) not in ('owner', 'editor', 'collaborator') then
            -- an answerer's copy of the moderation fields is not theirs to set: the server decides
            cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes'));
          end if;
          moderation_cols := array(select k from unnest(cols) k where k in ('moderation_status', 'moderation_notes'));
          answer_cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes', 'client_clock'));
          if cardinality(answer_cols) > 0
             and coalesce((new_doc ->> 'client_clock')::bigint, 0) <= coalesce((master ->> 'client_clock')::bigint, 0) then
            -- an edit older than the one the server has: the later edit wins (S7)
            conflicts := conflicts || master;
            continue;
          end if;
          if cardinality(answer_cols) = 0 then
            -- the same words with another clock: the clock stays the server's (it marks edits
            -- of the words)
            cols := array(select k from unnest(cols) k where k <> 'client_clock');
          end if;
          if cardinality(moderation_cols) > 0 then
            if not private.moderate_answer_cas(row_id,
                     coalesce(new_doc ->> 'moderation_status', master ->> 'moderation_status'),
                     case when new_doc ? 'moderation_notes' then new_doc ->> 'moderation_notes' else master ->> 'moderation_notes' end,
                     (assumed ->> 'server_rev')::integer) then
              conflicts := conflicts || (private.replication_master(p_collection, row_id) -> 'doc');
              continue;
            end if;
            cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes'));
            if cardinality(cols) > 0 then
              assumed := jsonb_set(assumed, '{server_rev}', to_jsonb((assumed ->> 'server_rev')::integer + 1));
            end if;
          end if;
        end if;
        if cardinality(cols) = 0 and cardinality(moderation_cols) = 0 then
          -- nothing to write: what this device changed is not its to set (the server's fields,
          -- the moderation of an answerer's copy, a clock alone). A copy that differs from the
          -- server's row gets it back, or the device would keep its own values for good.
          if exists (select 1 from jsonb_each(new_doc) d
                      where d.value is distinct from coalesce(master -> d.key, 'null'::jsonb)) then
            conflicts := conflicts || master;
          end if;
          continue;
        end if;
        if cardinality(cols) > 0 then
          execute format('update public.%1$I t set %2$s from jsonb_populate_record(null::public.%1$I, $1) s where t.id = $2 and t.server_rev = $3',
                         c.table_name, (select string_agg(format('%1$I = s.%1$I', k), ', ') from unnest(cols) k))
            using new_doc, row_id, (assumed ->> 'server_rev')::integer;
          get diagnostics affected = row_count;
          if affected = 0 then
            master := private.replication_master(p_collection, row_id);
            if master ->> 'state' = 'visible' and (master -> 'doc' ->> 'server_rev') is distinct from (assumed ->> 'server_rev') then
              conflicts := conflicts || (master -> 'doc');
            else
              raise exception using errcode = '42501', message = 'You may not change this row.', hint = 'not_allowed';
            end if;
          end if;
        end if;
      end if;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text, err_hint = pg_exception_hint,
                              err_detail = pg_exception_detail;
      rejected := rejected || jsonb_build_object(
        'id', new_doc ->> 'id',
        'reason', private.rejection_reason(err_state, err_hint),
        'code', err_state,
        'message', err_message,
        'details', private.rejection_details(err_detail),
        'document', case when master is not null and jsonb_typeof(master) = 'object' and master ? 'id' then master end);
    end;
  end loop;
  return jsonb_build_object('conflicts', conflicts, 'rejected', rejected);
end
$$;
comment on function public.replication_push(text, jsonb) is
  'RxDB push handler: rows [{newDocumentState, assumedMasterState}] → conflicts (master states) and per-row rejections with reason codes and their details, e.g. the forbidden words (S6–S9).';
revoke all on function public.replication_push(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.replication_push(text, jsonb) to anon, authenticated;
-- ---------------------------------------------------------------------------------------------
-- Claiming
-- ---------------------------------------------------------------------------------------------

-- The result of each claim, so that claiming again (another tap on the same link) answers the
-- same. Read and written only by claim_guest.
create table private.guest_claims (
  guest_id uuid primary key references public.guests (id) on delete cascade,
  result jsonb not null,
  claimed_at timestamptz not null default now()
);
alter table private.guest_claims enable row level security;
revoke all on private.guest_claims from public, anon, authenticated;

-- A friend who answered at a party takes their answers with the claim code the round showed them
-- (12 characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789, dashes and spaces ignored, any case).
-- Refusals: claim_invalid (malformed or unknown code: one answer for both, no oracle),
-- claim_already_claimed (someone else claimed it), claim_host (the host's own guest),
-- access_removed (the owner removed the claimer from the notebook). On success every answer of the
-- guest on a question the claimer has not answered becomes the claimer's: a new row keyed by the
-- claimer's secret (S6) with the text, anonymity, moderation and clock kept, and the guest's row
-- deleted (a tombstone: every device drops it, S4/S10); where the claimer already answered, both
-- stay. The claimer gets a viewer share when they had no access.
-- Returns {notebook_id, moved, kept}; a second claim by the same person returns the first's result.
create or replace function public.claim_guest(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  code text := upper(regexp_replace(coalesce(p_code, ''), '[[:space:]-]', '', 'g'));
  g public.guests;
  a public.answers;
  moved integer := 0;
  kept integer := 0;
  result jsonb;
begin
  if code !~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$' then
    raise exception using errcode = 'P0001', message = 'Invalid claim code.', hint = 'claim_invalid';
  end if;
  select * into g from public.guests where claim_hash = encode(sha256(convert_to(code, 'UTF8')), 'hex') for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'Invalid claim code.', hint = 'claim_invalid';
  end if;
  if g.claimed_by = me then
    select c.result into result from private.guest_claims c where c.guest_id = g.id;
    return result;
  elsif g.claimed_by is not null then
    raise exception using errcode = 'P0001', message = 'Someone else already claimed these answers.', hint = 'claim_already_claimed';
  elsif g.host_id = me then
    raise exception using errcode = 'P0001', message = 'The person who ran the round cannot claim its guests.', hint = 'claim_host';
  end if;

  if public.notebook_role(g.notebook_id) not in ('owner', 'editor', 'collaborator', 'viewer') then
    -- "06 a removed person cannot let themselves back in" refuses it as access_removed
    insert into public.notebook_shares (notebook_id, shared_with) values (g.notebook_id, me);
  end if;

  perform set_config('cadernos.claiming_guest', 'on', true);
  for a in select * from public.answers x where x.guest_id = g.id order by x.question_id for update loop
    if exists (select 1 from public.answers x where x.question_id = a.question_id and x.user_id = me) then
      kept := kept + 1;
    else
      delete from public.answers x where x.id = a.id;
      insert into public.answers (question_id, notebook_id, user_id, text, is_anonymous, responder_name,
                                  moderation_status, moderated_by, moderated_at, moderation_notes, created_at, client_clock)
      values (a.question_id, a.notebook_id, me, a.text, a.is_anonymous, a.responder_name,
              a.moderation_status, a.moderated_by, a.moderated_at, a.moderation_notes, a.created_at, a.client_clock);
      moved := moved + 1;
    end if;
  end loop;
  perform set_config('cadernos.claiming_guest', '', true);

  update public.guests set claimed_by = me, claimed_at = now() where id = g.id;
  result := jsonb_build_object('notebook_id', g.notebook_id, 'moved', moved, 'kept', kept);
  insert into private.guest_claims (guest_id, result) values (g.id, result);
  return result;
end
$$;
revoke all on function public.claim_guest(text) from public, anon, authenticated, service_role;
grant execute on function public.claim_guest(text) to authenticated;
