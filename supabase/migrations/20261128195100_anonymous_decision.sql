-- A reporter does not learn who wrote an anonymous answer from the decision (issue 33, security
-- review F2): a 'ban' (or 'warn') in the reporter's report and report_handled notification, with
-- the author's profile turning 'banned' in the same pull, named the author. Now a warn or ban of
-- the author of an anonymous answer or guestbook message reaches reporters as the generic
-- 'actioned' (a new decision code), and the profiles pull carries account_status only in the
-- caller's own profile (the app's own ban sign-out). Replaces public.admin_act and
-- private.replication_doc_profiles; the reports.decision check takes 'actioned'.
set check_function_bodies = off;

alter table public.reports drop constraint reports_decision_check;
alter table public.reports add constraint reports_decision_check
  check (decision in ('dismiss', 'hide', 'delete', 'warn', 'ban', 'actioned'));

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
    perform private.ban_account(c.author_id, reason);
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

-- account_status only in one's own profile (the app's own ban sign-out): someone else's would
-- tell a reporter that the author of an anonymous answer was just banned (issue 33, S5)
create or replace function private.replication_doc_profiles(r public.profiles, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level <> 'none' then
    to_jsonb(r) - 'replication_xid' - (case when r.id is distinct from p_me then 'account_status' else '' end)
    || '{"_deleted": false}'::jsonb end
$$;
