set check_function_bodies = off;

-- Reports (issue 33; spec §2): a person reports a notebook question or answer (a guest's too), a
-- guestbook message, a profile poll or a profile. A report is a replicated row of its reporter
-- (collection `reports`, scope user): written on the device, offline too, pushed like any write,
-- and pulled back with its state and the decision that handled it.
--
--   reports              one row per report; the reporter inserts and reads their own, admins
--                        read all; nobody but the moderation's security-definer RPCs changes one
--                        (status, decision, handled_at: moderation.sql)
--   private.report_target(kind, target)   does the target exist, may the caller see it, and its
--                        notebook (questions and answers): one cannot report what one cannot see
--
-- One open report per (reporter, kind, target): a second is the same report, not an error — its
-- insert does nothing, and the device that pushed it gets a deletion of its copy on the next pull
-- (the first report stays). Errors carry hints: validation, not_found, account_banned,
-- account_deleted, not_allowed.
--
-- Anonymity (S5): a report stores the target's id (and for an answer or question its notebook),
-- never its author; an anonymous answer's author is in no column, document or answer the reporter
-- can read. Admins (the moderators) see the author through the moderation's RPCs.

-- ---------------------------------------------------------------------------------------------
-- The table
-- ---------------------------------------------------------------------------------------------

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null check (kind in ('question', 'answer', 'guestbook_message', 'poll', 'profile')),
  target_id uuid not null,
  -- for a question or an answer: its notebook (set by the server from the target)
  notebook_id uuid,
  reason text check (reason in ('bullying', 'sexual', 'self_harm', 'hate', 'spam', 'other')),
  -- the limit the dialog counts down to (src/screens/online/reports/report-words.ts REPORT_DETAILS_MAX)
  details text check (char_length(details) between 1 and 500),
  status text not null default 'open' check (status in ('open', 'dismissed', 'actioned')),
  -- the action that handled it; 'actioned' when the target was anonymous and the action was
  -- about its author (warn, ban): the reporter must not learn who wrote it (moderation.sql)
  decision text check (decision in ('dismiss', 'hide', 'restore', 'delete', 'warn', 'ban', 'actioned')),
  created_at timestamptz not null default now(),
  handled_at timestamptz,
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1
);
-- one open report per reporter, kind and target
create unique index reports_one_open on public.reports (reporter_id, kind, target_id) where status = 'open';
-- the moderation's queue reads a target's reports
create index reports_target on public.reports (kind, target_id, status);
comment on table public.reports is
  'Reports (spec §2): written and read back by the reporter (replicated collection reports), read by admins. Never names a reported author.';
alter table public.reports enable row level security;
create policy "reporters read their own reports and admins read all" on public.reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) or public.is_admin());
create policy "people report as themselves" on public.reports
  for insert to authenticated
  with check (reporter_id = (select auth.uid()));
-- No update or delete policy: the state changes only through the moderation's RPCs.
revoke all on public.reports from public, anon, authenticated, service_role;
grant select, insert on public.reports to authenticated;
grant select, insert, update, delete on public.reports to service_role;

-- ---------------------------------------------------------------------------------------------
-- What may be reported
-- ---------------------------------------------------------------------------------------------

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

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.reports
  for each row execute function private.refuse_inactive_writer();
create trigger "10 a report is validated" before insert or update on public.reports
  for each row execute function private.validate_report();
create trigger "90 updated_at is stamped" before update on public.reports
  for each row execute function private.stamp_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Replication: the collection `reports` (scope user: the reporter's own rows)
-- ---------------------------------------------------------------------------------------------

-- The device pushes a new report (offline too, queued like any write) and pulls its own reports
-- back with their state and decision; it changes none (no updatable column, no deletion). A
-- replayed push meets the row already there and gets it back as a conflict (S9). The document is
-- the row: the target's id, never its author (S5).
create index reports_replication on public.reports (reporter_id, replication_xid, id);

create or replace function private.replication_doc_reports(r public.reports, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.reporter_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create trigger "95 the replication revision moves" before insert or update on public.reports
  for each row execute function private.bump_replication_revision();
create trigger "replicated rows leave tombstones and pulse their readers" after insert or update or delete on public.reports
  for each row execute function private.track_replicated_row('reports', 'user', 'reporter_id');

insert into private.replication_collections
  (name, table_name, scope, scope_column, doc_function, insertable, updatable, deletable, delete_wins, insert_refusal) values
  ('reports', 'reports', 'user', 'reporter_id', 'private.replication_doc_reports',
   '{id,reporter_id,kind,target_id,reason,details}', '{}', false, false, null);
