-- The audit log names who acted, and a ban through admin_act is one row (issue 33, security
-- review F8): the service role could insert an audit row naming any admin (admin_id was taken as
-- given); trigger "01 the audit names who acted" sets admin_id to auth.uid() on every insert —
-- null for the service role and the database owner, "the service / an automation". admin_act's
-- 'ban' wrote two 'ban' rows (its own and the profile trigger's); the trigger now leaves a ban
-- admin_act records itself (cadernos.ban_recorded) to it. Replaces private.record_ban_change and
-- public.admin_act.
set check_function_bodies = off;

-- "01 the audit names who acted": every row's admin_id is auth.uid() — the person whose token
-- made the request — whatever the insert says. The service role (and the database owner, a
-- migration) have no auth.uid(): their rows carry admin_id null, "the service / an automation",
-- never an admin's name (the service role could write any admin_id before: issue 33 security
-- review). SECURITY INVOKER: auth.uid() is read from the request's claims.
create or replace function private.stamp_audit_actor()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.admin_id := auth.uid();
  return new;
end
$$;
revoke all on function private.stamp_audit_actor() from public, anon, authenticated, service_role;

create trigger "01 the audit names who acted" before insert on public.admin_actions
  for each row execute function private.stamp_audit_actor();

-- "audit: a ban is recorded": every change of a profile into or out of 'banned', by whatever path
-- (private.ban_account, the service role), with the reason private.ban_account / unban_account
-- pass in the transaction setting cadernos.admin_reason — except a ban admin_act records itself
-- (cadernos.ban_recorded = 'on': one 'ban' row, naming the content that led to it).
create or replace function private.record_ban_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.account_status = 'banned' and coalesce(current_setting('cadernos.ban_recorded', true), '') = 'on' then
    return null;
  end if;
  perform private.record_admin_action(
    case when new.account_status = 'banned' then 'ban' else 'unban' end,
    'profile', new.id, new.id, null, current_setting('cadernos.admin_reason', true));
  return null;
end
$$;
revoke all on function private.record_ban_change() from public, anon, authenticated, service_role;

-- An admin's decision on a reported target (admins only):
--   dismiss  nothing changes; the open reports are dismissed
--   hide     hidden_at = now() (not for a profile): gone from every device on its next sync
--   restore  hidden_at = null: back on the next sync (reports stay as they were)
--   delete   the content is removed (not a profile: ban the person instead)
--   warn     nothing changes; the author is warned
--   ban      the author's account is banned (private.ban_account: signed out everywhere)
-- A reason (1–1000 characters) is required for all but dismiss and restore: it is the statement
-- of reasons the author reads (hint reason_required). A guest's answer has no account: warn and
-- ban refuse it (hint no_author). The action is recorded (private.record_admin_action), the open
-- reports become dismissed (dismiss) or actioned with the decision, each reporter is notified
-- ('report_handled', no actor), and for hide / delete / warn the author ('content_hidden',
-- 'content_removed', 'warning'; subject = the audit row; message = the reason).
-- Returns {action, handled (reports settled), author_notified}. Target gone: not_found.
create or replace function public.admin_act(p_kind text, p_target uuid, p_action text, p_reason text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_admin();
  c record;
  reason text := nullif(btrim(coalesce(p_reason, '')), '');
  audit_id uuid;
  handled integer := 0;
  report record;
  notice_type text;
  notified boolean := false;
  anonymous boolean := false;
  told text;
begin
  if p_kind is null or p_kind not in ('question', 'answer', 'guestbook_message', 'poll', 'profile') then
    raise exception using errcode = '22023', message = 'Unknown kind.', hint = 'validation';
  end if;
  if p_action is null or p_action not in ('dismiss', 'hide', 'restore', 'delete', 'warn', 'ban') then
    raise exception using errcode = '22023', message = 'The action is dismiss, hide, restore, delete, warn or ban.', hint = 'validation';
  end if;
  if p_target is null then
    raise exception using errcode = '22023', message = 'A target is required.', hint = 'validation';
  end if;
  if p_kind = 'profile' and p_action in ('hide', 'restore', 'delete') then
    raise exception using errcode = '22023', message = 'A profile is not hidden nor deleted: warn or ban the person.', hint = 'validation';
  end if;
  if p_action not in ('dismiss', 'restore') and reason is null then
    raise exception using errcode = '22023', message = 'Say why: the author reads it.', hint = 'reason_required';
  end if;
  if char_length(reason) > 1000 then
    raise exception using errcode = '22023', message = 'A reason has at most 1000 characters.', hint = 'validation';
  end if;
  c := private.reported_content(p_kind, p_target);
  if c.preview is null and p_action <> 'dismiss' then
    raise exception using errcode = 'P0002', message = 'This content no longer exists.', hint = 'not_found';
  end if;
  if p_action in ('warn', 'ban') and c.author_id is null then
    raise exception using errcode = '22023', message = 'A guest''s answer has no account to warn or ban.', hint = 'no_author';
  end if;
  -- what the reporters are told: an action on the author of an anonymous answer or guestbook
  -- message (warn, ban) is the generic 'actioned' — 'ban' would tell them who wrote it (S5)
  if p_kind = 'answer' then
    select x.is_anonymous into anonymous from public.answers x where x.id = p_target;
  elsif p_kind = 'guestbook_message' then
    select x.is_anonymous into anonymous from public.guestbook_messages x where x.id = p_target;
  end if;
  told := case when coalesce(anonymous, false) and p_action in ('warn', 'ban') then 'actioned' else p_action end;

  if p_action in ('hide', 'restore') then
    if p_kind = 'question' then
      update public.questions x set hidden_at = case when p_action = 'hide' then coalesce(x.hidden_at, now()) end where x.id = p_target;
    elsif p_kind = 'answer' then
      update public.answers x set hidden_at = case when p_action = 'hide' then coalesce(x.hidden_at, now()) end where x.id = p_target;
    elsif p_kind = 'guestbook_message' then
      update public.guestbook_messages x set hidden_at = case when p_action = 'hide' then coalesce(x.hidden_at, now()) end where x.id = p_target;
    elsif p_kind = 'poll' then
      update public.profile_polls x set hidden_at = case when p_action = 'hide' then coalesce(x.hidden_at, now()) end where x.id = p_target;
    end if;
  elsif p_action = 'delete' then
    if p_kind = 'question' then
      delete from public.questions x where x.id = p_target;
    elsif p_kind = 'answer' then
      delete from public.answers x where x.id = p_target;
    elsif p_kind = 'guestbook_message' then
      delete from public.guestbook_messages x where x.id = p_target;
    elsif p_kind = 'poll' then
      delete from public.profile_polls x where x.id = p_target;
    end if;
  elsif p_action = 'ban' then
    -- one audit row for the ban: this one (below, naming the content), not also the profile trigger's
    perform set_config('cadernos.ban_recorded', 'on', true);
    perform private.ban_account(c.author_id, reason);
    perform set_config('cadernos.ban_recorded', '', true);
  end if;

  perform private.record_admin_action(p_action, p_kind, p_target, c.author_id, null, reason);
  select x.id into audit_id from public.admin_actions x
   where x.admin_id is not distinct from me and x.target_id = p_target and x.action = p_action
   order by x.created_at desc, x.id desc limit 1;

  if p_action <> 'restore' then
    for report in
      update public.reports r
         set status = case when p_action = 'dismiss' then 'dismissed' else 'actioned' end, decision = told
       where r.kind = p_kind and r.target_id = p_target and r.status = 'open'
      returning r.id, r.reporter_id
    loop
      handled := handled + 1;
      perform private.notify_event(report.reporter_id, 'report_handled', null, null, report.id);
      -- the decision, readable offline with the notification (its `message`: a code)
      perform set_config('cadernos.notifying', 'on', true);
      update public.notifications x set message = told
       where x.recipient_id = report.reporter_id and x.type = 'report_handled' and x.subject_id = report.id;
      perform set_config('cadernos.notifying', '', true);
    end loop;
  end if;

  notice_type := case p_action when 'hide' then 'content_hidden' when 'delete' then 'content_removed'
                               when 'warn' then 'warning' end;
  if notice_type is not null and c.author_id is not null then
    perform private.notify_event(c.author_id, notice_type, null, null, audit_id);
    perform set_config('cadernos.notifying', 'on', true);
    update public.notifications x set message = reason
     where x.recipient_id = c.author_id and x.type = notice_type and x.subject_id = audit_id;
    notified := found;
    perform set_config('cadernos.notifying', '', true);
  end if;
  return jsonb_build_object('action', p_action, 'handled', handled, 'author_notified', notified);
end
$$;
revoke all on function public.admin_act(text, uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_act(text, uuid, text, text) to authenticated;
