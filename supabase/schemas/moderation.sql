set check_function_bodies = off;

-- Moderation (issue 33; spec §2, §6): what admins do with reports, and hidden content.
--
--   hidden_at on questions, answers, guestbook_messages, profile_polls (their own files): content a
--       moderator hid is gone for everyone but admins — a deletion in every device's next pull
--       (replication_doc_questions / replication_doc_answers, S4: the hide is an update, so the
--       row's key moves and every reader gets it again, as a deletion), out of the tables' reads
--       (RLS), visible_answers, guestbook_page, poll_view, vote_in_poll and news. Restoring it
--       (hidden_at null) sends it again. Only admin_act changes it (trigger below).
--   admin_report_queue(kind, status, limit, after…)   the queue, a row per reported target
--   admin_report_target(kind, target)                 the content in its context, its reports and audit
--   admin_act(kind, target, action, reason)           dismiss / hide / restore / delete / warn / ban
--
-- Every admin RPC refuses everyone else with 42501, hint not_allowed (private.require_admin,
-- admin.sql). Each action is recorded in the audit log (private.record_admin_action), settles the
-- target's open reports (status dismissed or actioned, decision = the action) and notifies each
-- reporter ('report_handled', subject = their report; the notification's `message` is the
-- decision's code — dismiss, hide, delete, warn, ban; 'actioned' for a warn or ban of the author
-- of an anonymous answer or guestbook message, which would name them — also in their report) and, for hide / delete / warn, the author ('content_hidden', 'content_removed',
-- 'warning', subject = the audit row; the notification's `message` carries the admin's reason —
-- the statement of reasons, EU DSA art. 17 — the one notification whose message is written).
-- The reporter's notification never names the author (no actor), as their report never does.

-- ---------------------------------------------------------------------------------------------
-- Hidden content
-- ---------------------------------------------------------------------------------------------

-- "19 only moderators hide content": a request made with the API's roles (a person's token, a
-- visitor) neither hides nor restores anything — hidden_at changes only inside admin_act (SECURITY
-- DEFINER: the function's owner runs its update) or with the service role. A new row is never
-- hidden. SECURITY INVOKER on purpose: current_user is who runs the statement.
create or replace function private.keep_hiding_to_moderators()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      new.hidden_at := null;
    elsif new.hidden_at is distinct from old.hidden_at then
      raise exception using errcode = '42501', message = 'Only moderators hide or restore content.', hint = 'not_allowed';
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.keep_hiding_to_moderators() from public, anon, authenticated, service_role;

create trigger "19 only moderators hide content" before insert or update on public.questions
  for each row execute function private.keep_hiding_to_moderators();
create trigger "19 only moderators hide content" before insert or update on public.answers
  for each row execute function private.keep_hiding_to_moderators();

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

-- ---------------------------------------------------------------------------------------------
-- The queue
-- ---------------------------------------------------------------------------------------------

-- A reported target in a few words, for the queue and the audit: the text of a question or an
-- answer, a guestbook message's body, a poll's question, a profile's name (200 characters at
-- most); null when the target is gone. Its author (null for a guest's answer, a removed target).
create or replace function private.reported_content(p_kind text, p_target uuid,
                                                    out preview text, out author_id uuid, out hidden_at timestamptz,
                                                    out notebook_id uuid)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_kind = 'question' then
    select left(x.text, 200), x.user_id, x.hidden_at, x.notebook_id into preview, author_id, hidden_at, notebook_id
      from public.questions x where x.id = p_target;
  elsif p_kind = 'answer' then
    select left(x.text, 200), x.user_id, x.hidden_at, x.notebook_id into preview, author_id, hidden_at, notebook_id
      from public.answers x where x.id = p_target;
  elsif p_kind = 'guestbook_message' then
    select left(x.body, 200), x.author_id, x.hidden_at into preview, author_id, hidden_at
      from public.guestbook_messages x where x.id = p_target;
  elsif p_kind = 'poll' then
    select left(x.question, 200), x.profile_id, x.hidden_at into preview, author_id, hidden_at
      from public.profile_polls x where x.id = p_target;
  elsif p_kind = 'profile' then
    select left(coalesce(nullif(btrim(x.display_name), '') || ' (@' || x.username || ')', '@' || x.username), 200), x.id
      into preview, author_id
      from public.profiles x where x.id = p_target and x.account_status <> 'deleted';
  end if;
end
$$;
revoke all on function private.reported_content(text, uuid) from public, anon, authenticated, service_role;

-- The queue (admins only): one row per reported target with the reports of the state asked
-- (p_status 'open' by default; 'dismissed', 'actioned', or 'all'), of one kind or all (p_kind
-- null): self-harm first, then the most reported, then the newest report; a page of p_limit
-- (20 by default, held to 20–50) after p_after, the last row of the page before as the app got it
-- ({self_harm, reports, newest, kind, target_id}: the keyset). Returns {items: [...], next:
-- cursor | null}; each item: kind, target_id, notebook_id, reports (how many), self_harm,
-- reasons (the categories given), newest, preview, hidden (a hidden target), gone (removed).
-- Never the reporters.
create or replace function public.admin_report_queue(p_kind text default null, p_status text default 'open',
                                                     p_limit integer default 20, p_after jsonb default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  page_size integer := least(greatest(coalesce(p_limit, 20), 20), 50);
  wanted text := coalesce(p_status, 'open');
  a_rank integer;
  a_count integer;
  a_newest timestamptz;
  a_kind text;
  a_target uuid;
  result jsonb;
begin
  perform private.require_admin();
  if p_kind is not null and p_kind not in ('question', 'answer', 'guestbook_message', 'poll', 'profile') then
    raise exception using errcode = '22023', message = 'Unknown kind.', hint = 'validation';
  end if;
  if wanted not in ('open', 'dismissed', 'actioned', 'all') then
    raise exception using errcode = '22023', message = 'The state is open, dismissed, actioned or all.', hint = 'validation';
  end if;
  if p_after is not null then
    begin
      a_rank := case when (p_after ->> 'self_harm')::boolean then 0 else 1 end;
      a_count := (p_after ->> 'reports')::integer;
      a_newest := (p_after ->> 'newest')::timestamptz;
      a_kind := p_after ->> 'kind';
      a_target := (p_after ->> 'target_id')::uuid;
    exception when others then
      raise exception using errcode = '22023', message = 'The cursor is the last item of a page.', hint = 'validation';
    end;
    if a_rank is null or a_count is null or a_newest is null or a_kind is null or a_target is null then
      raise exception using errcode = '22023', message = 'The cursor is the last item of a page.', hint = 'validation';
    end if;
  end if;

  with grouped as (
    select r.kind, r.target_id,
           case when bool_or(r.reason = 'self_harm') then 0 else 1 end as rank,
           count(*)::integer as reports,
           max(r.created_at) as newest,
           (array_agg(r.notebook_id) filter (where r.notebook_id is not null))[1] as notebook_id,
           array_agg(distinct r.reason) filter (where r.reason is not null) as reasons
      from public.reports r
     where (wanted = 'all' or r.status = wanted)
       and (p_kind is null or r.kind = p_kind)
     group by r.kind, r.target_id
  ),
  page as (
    select g.* from grouped g
     where p_after is null
        or (g.rank, -g.reports) > (a_rank, -a_count)
        or ((g.rank, -g.reports) = (a_rank, -a_count)
            and (g.newest < a_newest or (g.newest = a_newest and (g.kind, g.target_id) > (a_kind, a_target))))
     order by g.rank, g.reports desc, g.newest desc, g.kind, g.target_id
     limit page_size + 1
  ),
  numbered as (
    select p.*, row_number() over (order by p.rank, p.reports desc, p.newest desc, p.kind, p.target_id) as n from page p
  )
  select jsonb_build_object(
           'items', coalesce(jsonb_agg(jsonb_build_object(
               'kind', x.kind, 'target_id', x.target_id, 'notebook_id', coalesce(x.notebook_id, c.notebook_id),
               'reports', x.reports, 'self_harm', x.rank = 0, 'reasons', coalesce(to_jsonb(x.reasons), '[]'::jsonb),
               'newest', x.newest, 'preview', c.preview, 'hidden', c.hidden_at is not null,
               'gone', c.preview is null)
             order by x.n) filter (where x.n <= page_size), '[]'::jsonb),
           'next', (select jsonb_build_object('self_harm', y.rank = 0, 'reports', y.reports, 'newest', y.newest,
                                              'kind', y.kind, 'target_id', y.target_id)
                      from numbered y where y.n = page_size and exists (select 1 from numbered z where z.n > page_size)))
    into result
    from numbered x
    cross join lateral private.reported_content(x.kind, x.target_id) c;
  return result;
end
$$;
revoke all on function public.admin_report_queue(text, text, integer, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.admin_report_queue(text, text, integer, jsonb) to authenticated;

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

-- ---------------------------------------------------------------------------------------------
-- Acting
-- ---------------------------------------------------------------------------------------------

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

-- the queue's read: a state's reports grouped per target
create index reports_queue on public.reports (status, kind, target_id) include (reason, created_at, notebook_id);
