set check_function_bodies = off;

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

-- The table public.guests, its grants and policies, and answers.guest_id are in notebooks.sql (a
-- guest's answer names its guest); the answers policies and visible_answers there know guests too.

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

-- The account being removed in this transaction (set by delete_my_account only), else null.
create or replace function private.account_being_removed()
returns uuid
language sql
stable
set search_path = ''
as $$
  select nullif(current_setting('cadernos.removing_account', true), '')::uuid
$$;
revoke all on function private.account_being_removed() from public, anon;
grant execute on function private.account_being_removed() to authenticated, service_role;

-- "20 a guest changes only when claimed": only claimed_by and claimed_at move (claim_guest), and
-- the host becomes nobody when the host's account is removed.
create or replace function private.protect_guest()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.id, new.notebook_id, new.name, new.is_anonymous, new.answer_secret, new.claim_hash, new.created_at)
     is distinct from
     (old.id, old.notebook_id, old.name, old.is_anonymous, old.answer_secret, old.claim_hash, old.created_at)
     or (new.host_id is distinct from old.host_id
         and not (new.host_id is null and old.host_id = private.account_being_removed())) then
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
-- A guest's answer
-- ---------------------------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------------------------
-- Replication of guests and guest answers
-- ---------------------------------------------------------------------------------------------

-- Guests go to the owner and the host only (S5: a sharee's pull never names a guest): the
-- collection's reader filters (replication_collections.row_readers, tombstone_readers).

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

-- Guests: inserted by the host, deleted by the owner, never updated by a device.
insert into private.replication_collections
  (name, table_name, scope, scope_column, doc_function, insertable, updatable, deletable, delete_wins, insert_refusal,
   row_readers, tombstone_readers) values
  ('guests', 'guests', 'notebook', 'notebook_id', 'private.replication_doc_guests',
   '{id,notebook_id,host_id,name,is_anonymous,answer_secret,claim_hash,created_at}', '{}', true, false, null,
   $r$r.host_id = $1 or a.level = 'owner'$r$,
   -- an owner whose notebook was deleted (level none) still learns of the deletions
   $r$t.owner_id = $1 or a.level = 'owner' or (a.level = 'none' and a.ever_manager)$r$);

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

-- An answer claim_guest moved (issue 33): the guest's row is deleted and the claimer's new row
-- has a new id (S6), so what the moderation wrote about the old id follows it — reports are
-- re-pointed at the new row; the audit log, which is never changed, keeps the old id, and
-- admin_report_target reads the audit of both through this table. A mapping, not an audit row:
-- a claim is the claimer's act, not an admin's, and admin_actions.admin_id names admins only.
create table private.moved_answers (
  old_id uuid primary key,
  new_id uuid not null,
  moved_at timestamptz not null default now()
);
create index moved_answers_new on private.moved_answers (new_id);
alter table private.moved_answers enable row level security;
revoke all on private.moved_answers from public, anon, authenticated;

-- A friend who answered at a party takes their answers with the claim code the round showed them
-- (12 characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789, dashes and spaces ignored, any case).
-- Refusals: claim_invalid (malformed or unknown code: one answer for both, no oracle),
-- claim_already_claimed (someone else claimed it), claim_host (the host's own guest),
-- access_removed (the owner removed the claimer from the notebook). On success every answer of the
-- guest on a question the claimer has not answered becomes the claimer's: a new row keyed by the
-- claimer's secret (S6) with the text, anonymity, moderation, clock and hidden_at kept (its reports follow it), and the guest's row
-- deleted (a tombstone: every device drops it, S4/S10); where the claimer already answered, both
-- stay. The claimer gets a viewer share only when the round's host may share the notebook
-- (private.may_share asked about the host); otherwise the answers move without access.
-- Returns {notebook_id, moved, kept, access} (access: granted | existing | not_granted); a second
-- claim by the same person returns the first's result.
create or replace function private.claim_guest(p_code text)
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
  new_id uuid;
  moved integer := 0;
  kept integer := 0;
  access text;
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

  if public.notebook_role(g.notebook_id) in ('owner', 'editor', 'collaborator', 'viewer') then
    access := 'existing';
  elsif exists (select 1 from private.notebook_removals r where r.notebook_id = g.notebook_id and r.user_id = me)
        or private.is_blocked_between((select n.user_id from public.notebooks n where n.id = g.notebook_id), me) then
    -- what "06 a removed person cannot let themselves back in" and "07 no share or collaboration
    -- across a block" answer the person joining by themselves
    raise exception using errcode = '42501', message = 'The owner removed your access to this notebook.', hint = 'access_removed';
  elsif private.may_share(g.notebook_id, g.host_id) then
    insert into public.notebook_shares (notebook_id, shared_with) values (g.notebook_id, me);
    access := 'granted';
  else
    access := 'not_granted';
  end if;

  perform set_config('cadernos.claiming_guest', 'on', true);
  for a in select * from public.answers x where x.guest_id = g.id order by x.question_id for update loop
    if exists (select 1 from public.answers x where x.question_id = a.question_id and x.user_id = me) then
      kept := kept + 1;
    else
      delete from public.answers x where x.id = a.id;
      insert into public.answers (question_id, notebook_id, user_id, text, is_anonymous, responder_name,
                                  moderation_status, moderated_by, moderated_at, moderation_notes, created_at, client_clock,
                                  hidden_at)
      values (a.question_id, a.notebook_id, me, a.text, a.is_anonymous, a.responder_name,
              a.moderation_status, a.moderated_by, a.moderated_at, a.moderation_notes, a.created_at, a.client_clock,
              a.hidden_at)
      returning id into new_id;
      -- the moderation follows the answer (issue 33): its reports name the new row, and the audit
      -- of the old id stays reachable through private.moved_answers
      update public.reports r set target_id = new_id where r.kind = 'answer' and r.target_id = a.id;
      insert into private.moved_answers (old_id, new_id) values (a.id, new_id)
        on conflict (old_id) do update set new_id = excluded.new_id, moved_at = now();
      moved := moved + 1;
    end if;
  end loop;
  perform set_config('cadernos.claiming_guest', '', true);

  update public.guests set claimed_by = me, claimed_at = now() where id = g.id;
  result := jsonb_build_object('notebook_id', g.notebook_id, 'moved', moved, 'kept', kept, 'access', access);
  insert into private.guest_claims (guest_id, result) values (g.id, result);
  return result;
end
$$;
revoke all on function private.claim_guest(text) from public, anon, authenticated;

-- The RPC: the claim above, limited (a wrong code counts: sharing.sql, "Guessing codes").
create or replace function public.claim_guest(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  state text;
  msg text;
  detail text;
  hint text;
begin
  perform private.require_user(true);
  perform private.refuse_code_guessing('claim_guest');
  begin
    return private.claim_guest(p_code);
  exception when raise_exception then
    get stacked diagnostics state = returned_sqlstate, msg = message_text, detail = pg_exception_detail, hint = pg_exception_hint;
    if hint is distinct from 'claim_invalid' then
      raise;
    end if;
  end;
  return private.answer_wrong_code('claim_guest', state, msg, detail, hint);
end
$$;
revoke all on function public.claim_guest(text) from public, anon, authenticated, service_role;
grant execute on function public.claim_guest(text) to authenticated;

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
