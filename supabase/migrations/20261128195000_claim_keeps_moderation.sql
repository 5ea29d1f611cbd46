-- A claimed guest answer keeps its moderation (issue 33, security review F1): claim_guest moved
-- each guest answer by deleting it and inserting a new row with a new id, without hidden_at —
-- a hidden answer came back on every device, and its reports and audit named an id that no
-- longer existed. Now the new row keeps hidden_at, the answer's reports are re-pointed at it
-- (the trigger "10 a report is validated" lets target_id change inside a claim alone), and
-- private.moved_answers maps the old id to the new one so admin_report_target still shows the
-- audit of the old id (the audit log is never changed). Replaces private.claim_guest,
-- private.validate_report and public.admin_report_target.
set check_function_bodies = off;

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

-- "10 a report is validated": a new report is open, has a known kind, a target the reporter sees
-- (not_found otherwise: the same answer for a missing target and one the reporter may not see),
-- its notebook from the target, trimmed details of at most 500 characters (empty: none). A second
-- open report of the same reporter, kind and target is the first one: nothing is inserted, and the
-- device's copy gets a deletion (a tombstone of its id) on its next pull.
-- On update only the state changes (status, decision, handled_at); leaving 'open' stamps handled_at.
create or replace function private.validate_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
begin
  if tg_op = 'UPDATE' then
    -- claim_guest moves a guest's answer to a new row (guests.sql): its reports follow it (the
    -- target_id of an answer's report changes there alone)
    if (new.id, new.reporter_id, new.kind, new.notebook_id, new.reason, new.details, new.created_at)
       is distinct from (old.id, old.reporter_id, old.kind, old.notebook_id, old.reason, old.details, old.created_at)
       or (new.target_id is distinct from old.target_id
           and (coalesce(current_setting('cadernos.claiming_guest', true), '') <> 'on' or old.kind <> 'answer')) then
      raise exception using errcode = '42501', message = 'A report cannot change, only its state.', hint = 'not_allowed';
    end if;
    if new.status = 'open' then
      new.handled_at := null;
    elsif old.status = 'open' or new.handled_at is null then
      new.handled_at := coalesce(new.handled_at, now());
    end if;
    return new;
  end if;

  if new.kind is null or new.kind not in ('question', 'answer', 'guestbook_message', 'poll', 'profile') then
    raise exception using errcode = '23514', message = 'A report''s kind is question, answer, guestbook_message, poll or profile.', hint = 'validation';
  end if;
  if new.target_id is null then
    raise exception using errcode = '23514', message = 'A report names what it reports.', hint = 'validation';
  end if;
  new.details := nullif(btrim(new.details), '');
  if char_length(new.details) > 500 then
    raise exception using errcode = '23514', message = 'A report''s details have at most 500 characters.', hint = 'validation';
  end if;
  target := private.report_target(new.kind, new.target_id);
  if not coalesce(target.visible, false) then
    raise exception using errcode = 'P0001', message = 'Nothing to report here.', hint = 'not_found';
  end if;
  new.notebook_id := target.notebook_id;
  new.status := 'open';
  new.decision := null;
  new.handled_at := null;
  new.created_at := now();
  new.updated_at := now();

  -- one open report per reporter, kind and target (the lock orders two concurrent reports)
  perform pg_advisory_xact_lock(hashtextextended('report:' || new.reporter_id || ':' || new.kind || ':' || new.target_id, 0));
  if exists (select 1 from public.reports r
              where r.reporter_id = new.reporter_id and r.kind = new.kind and r.target_id = new.target_id
                and r.status = 'open' and r.id <> new.id) then
    insert into private.replication_tombstones (collection, id, owner_id)
    values ('reports', new.id, new.reporter_id)
    on conflict on constraint replication_tombstones_pkey do update
       set xid = pg_current_xact_id(), deleted_at = now(), owner_id = excluded.owner_id;
    perform private.pulse_users(array[new.reporter_id]);
    return null;
  end if;
  return new;
end
$$;
revoke all on function private.validate_report() from public, anon, authenticated, service_role;

-- A reported target in its context (admins only): the content (text, its author — an anonymous
-- answer's too: admins are the moderators —, anonymity, state, hidden_at), its context (the
-- notebook and the question of an answer, the profile of a guestbook message or a poll), its
-- reports (reason, details, state, decision, times; never who reported) and the audit log's
-- entries about it (or about its author, for a profile), newest first. `present` false when the
-- target is gone (deleted); its reports and audit remain.
create or replace function public.admin_report_target(p_kind text, p_target uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c record;
  content jsonb;
  context jsonb := '{}'::jsonb;
begin
  perform private.require_admin();
  if p_kind is null or p_kind not in ('question', 'answer', 'guestbook_message', 'poll', 'profile') then
    raise exception using errcode = '22023', message = 'Unknown kind.', hint = 'validation';
  end if;
  if p_target is null then
    raise exception using errcode = '22023', message = 'A target is required.', hint = 'validation';
  end if;
  c := private.reported_content(p_kind, p_target);
  if p_kind = 'question' then
    select jsonb_build_object('text', x.text, 'blocked', x.blocked, 'is_anonymous', false, 'created_at', x.created_at)
      into content from public.questions x where x.id = p_target;
  elsif p_kind = 'answer' then
    select jsonb_build_object('text', x.text, 'is_anonymous', x.is_anonymous, 'moderation_status', x.moderation_status,
                              'guest_name', g.name, 'created_at', x.created_at),
           jsonb_build_object('question', jsonb_build_object('id', q.id, 'text', q.text))
      into content, context
      from public.answers x join public.questions q on q.id = x.question_id
      left join public.guests g on g.id = x.guest_id
     where x.id = p_target;
  elsif p_kind = 'guestbook_message' then
    select jsonb_build_object('text', x.body, 'is_anonymous', x.is_anonymous, 'status', x.status, 'created_at', x.created_at),
           jsonb_build_object('profile', jsonb_build_object('id', p.id, 'username', p.username, 'display_name', p.display_name))
      into content, context
      from public.guestbook_messages x join public.profiles p on p.id = x.profile_id where x.id = p_target;
  elsif p_kind = 'poll' then
    select jsonb_build_object('text', x.question, 'options', to_jsonb(x.options), 'is_active', x.is_active,
                              'is_anonymous', false, 'created_at', x.created_at),
           jsonb_build_object('profile', jsonb_build_object('id', p.id, 'username', p.username, 'display_name', p.display_name))
      into content, context
      from public.profile_polls x join public.profiles p on p.id = x.profile_id where x.id = p_target;
  elsif p_kind = 'profile' then
    select jsonb_build_object('text', coalesce(x.bio, ''), 'status_message', x.status_message, 'username', x.username,
                              'display_name', x.display_name, 'is_anonymous', false, 'created_at', x.created_at)
      into content from public.profiles x where x.id = p_target and x.account_status <> 'deleted';
  end if;
  if c.notebook_id is not null then
    context := context || jsonb_build_object('notebook', (
      select jsonb_build_object('id', n.id, 'title', n.title, 'owner', o.username)
        from public.notebooks n join public.profiles o on o.id = n.user_id where n.id = c.notebook_id));
  end if;
  return jsonb_build_object(
    'kind', p_kind, 'target_id', p_target, 'present', content is not null,
    'hidden_at', c.hidden_at,
    'content', content,
    'author', (select jsonb_build_object('id', a.id, 'username', a.username, 'display_name', a.display_name,
                                         'account_status', a.account_status)
                 from public.profiles a where a.id = c.author_id),
    'context', context,
    'reports', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'reason', r.reason, 'details', r.details, 'status', r.status,
                                          'decision', r.decision, 'created_at', r.created_at, 'handled_at', r.handled_at)
                       order by r.created_at desc, r.id)
        from public.reports r where r.kind = p_kind and r.target_id = p_target), '[]'::jsonb),
    'audit', coalesce((
      select jsonb_agg(jsonb_build_object('id', l.id, 'action', l.action, 'reason', l.reason, 'created_at', l.created_at,
                                          'admin', ad.username)
                       order by l.created_at desc, l.id desc)
        from (select * from public.admin_actions x
               where x.target_id = p_target
                  -- a guest's answer a claim moved keeps its audit (guests.sql, private.moved_answers)
                  or x.target_id in (select m.old_id from private.moved_answers m where m.new_id = p_target)
               order by x.created_at desc, x.id desc limit 50) l
        left join public.profiles ad on ad.id = l.admin_id), '[]'::jsonb)
  );
end
$$;
revoke all on function public.admin_report_target(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_report_target(text, uuid) to authenticated;
