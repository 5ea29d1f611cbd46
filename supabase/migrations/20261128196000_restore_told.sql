-- A restore is told (issue 33; a walkthrough found the reporter's list still saying "o conteúdo
-- foi ocultado" and the author never told, after the content came back): admin_act's restore sets
-- the reports that hid it to decision 'restore' (the reporter's "Minhas denúncias" reads it on the
-- next sync) and tells the author with a new notification kind, 'content_restored'.
-- schemas/moderation.sql, notebooks.sql (the kinds), reports.sql (the decisions).
set check_function_bodies = off;

alter table public.notifications drop constraint notifications_type_check;
alter table public.notifications add constraint notifications_type_check check (type in (
    'new_answer', 'answer_pending', 'answer_approved', 'answer_rejected',
    'notebook_shared', 'collaboration_invite', 'collaboration_accepted',
    'friend_request', 'friend_accepted', 'friendship_started', 'guestbook_message', 'poll_vote', 'achievement_earned',
    'report_handled', 'content_hidden', 'content_removed', 'warning', 'content_restored'));

alter table public.reports drop constraint reports_decision_check;
alter table public.reports add constraint reports_decision_check
  check (decision in ('dismiss', 'hide', 'restore', 'delete', 'warn', 'ban', 'actioned'));

-- An admin's decision on a reported target (admins only):
--   dismiss  nothing changes; the open reports are dismissed
--   hide     hidden_at = now() (not for a profile): gone from every device on its next sync
--   restore  hidden_at = null: back on the next sync; the reports that hid it now say 'restore'
--            (the reporter's list says what is true), and the author is told ('content_restored')
--   delete   the content is removed (not a profile: ban the person instead)
--   warn     nothing changes; the author is warned
--   ban      the author's account is banned (private.ban_account: signed out everywhere)
-- A reason (1–1000 characters) is required for all but dismiss and restore: it is the statement
-- of reasons the author reads (hint reason_required). A guest's answer has no account: warn and
-- ban refuse it (hint no_author). The action is recorded (private.record_admin_action), the open
-- reports become dismissed (dismiss) or actioned with the decision, each reporter is notified
-- ('report_handled', no actor), and for hide / delete / warn / restore the author ('content_hidden',
-- 'content_removed', 'warning', 'content_restored'; subject = the audit row; message = the reason).
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

  if p_action = 'restore' then
    -- no new notice for the reporters: their list reads the decision again on the next sync
    update public.reports r set decision = 'restore'
     where r.kind = p_kind and r.target_id = p_target and r.status = 'actioned' and r.decision = 'hide';
  else
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
                               when 'warn' then 'warning' when 'restore' then 'content_restored' end;
  if notice_type is not null and c.author_id is not null then
    perform private.notify_event(c.author_id, notice_type, null, null, audit_id);
    perform set_config('cadernos.notifying', 'on', true);
    update public.notifications x set message = coalesce(reason, '')
     where x.recipient_id = c.author_id and x.type = notice_type and x.subject_id = audit_id;
    notified := found;
    perform set_config('cadernos.notifying', '', true);
  end if;
  return jsonb_build_object('action', p_action, 'handled', handled, 'author_notified', notified);
end
$$;
revoke all on function public.admin_act(text, uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_act(text, uuid, text, text) to authenticated;
