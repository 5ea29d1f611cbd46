set check_function_bodies = off;

-- The admin's tools (issue 33; spec §2, §6): what admins did, bans, roles.
--
--   public.admin_actions            the audit log: one row per admin action, who, what, on whom,
--                                   why, when. Admins read it; nobody — an admin, a signed-in
--                                   person, the service role, the database owner — changes or
--                                   erases a row (no grant, and trigger "00 the audit log is never
--                                   changed" for everyone the grants do not stop)
--   private.record_admin_action     the one way a row is written (who = auth.uid(); null for the
--                                   service role and migrations)
--   private.ban_account / unban_account   set profiles.account_status; the banned person is signed
--                                   out on every device as any ban is (the sync-server refuses
--                                   their token — private.account_status —, the open app hears of
--                                   it through the profile notices of live_updates.sql and signs
--                                   out with 'Conta banida')
-- The audit has one home per kind of action, whatever path brought it: a trigger on the table the
-- action changes (a ban or unban on profiles.account_status, a role granted or revoked on
-- user_roles, a forbidden word added, edited or removed on forbidden_words), so a direct REST
-- write of an admin is recorded like an RPC's. Actions of other areas (moderation) call
-- private.record_admin_action themselves.
--
-- Codes written in admin_actions.action: 'ban', 'unban', 'role_granted', 'role_revoked' (details
-- {"role"}), 'forbidden_word_added', 'forbidden_word_removed', 'forbidden_word_changed' (details
-- {"word", "language"}); other areas add theirs ('dismiss', 'hide', …). No foreign keys: the log
-- outlives the people and rows it names (a cascade would be a change of the log).

-- ---------------------------------------------------------------------------------------------
-- The audit log
-- ---------------------------------------------------------------------------------------------

create table public.admin_actions (
  id uuid primary key default gen_random_uuid(),
  -- the admin who acted (auth.uid()); null for the service role and migrations
  admin_id uuid,
  action text not null check (action ~ '^[a-z][a-z_]{1,39}$'),
  target_kind text check (target_kind is null or target_kind ~ '^[a-z][a-z_]{1,39}$'),
  target_id uuid,
  -- the person acted on (a ban's, a role's; the author of moderated content)
  user_id uuid,
  report_id uuid,
  reason text check (reason is null or char_length(reason) <= 1000),
  -- what the codes need besides ids (a forbidden word and its language, a role)
  details jsonb,
  created_at timestamptz not null default now()
);
create index admin_actions_newest on public.admin_actions (created_at desc, id desc);
create index admin_actions_user on public.admin_actions (user_id, created_at desc) where user_id is not null;
create index admin_actions_target on public.admin_actions (target_id, created_at desc) where target_id is not null;
comment on table public.admin_actions is
  'Audit log of admin actions (issue 33): admins read it; nobody updates or deletes a row.';
-- Admins read (policy below); rows are written only by private.record_admin_action (SECURITY
-- DEFINER). The service role reads and records — never changes nor erases (the one table where
-- it holds less than select, insert, update, delete: supabase/tests/grants.test.ts).
revoke all on public.admin_actions from public, anon, authenticated, service_role;
grant select on public.admin_actions to authenticated;
grant select, insert on public.admin_actions to service_role;

alter table public.admin_actions enable row level security;
create policy "admins read the audit log" on public.admin_actions
  for select to authenticated
  using (public.is_admin());

-- "00 the audit log is never changed": update, delete and truncate fail for everyone, the
-- database owner and SECURITY DEFINER functions included.
create or replace function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = '42501',
    message = 'The audit log is never changed nor erased.',
    hint = 'not_allowed';
end
$$;
revoke all on function private.refuse_audit_change() from public, anon, authenticated, service_role;

create trigger "00 the audit log is never changed" before update or delete on public.admin_actions
  for each row execute function private.refuse_audit_change();
create trigger "00 the audit log is never truncated" before truncate on public.admin_actions
  for each statement execute function private.refuse_audit_change();

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

-- Records one admin action, by auth.uid(). Callers check who may act (the RPCs: admins only; the
-- triggers below: the tables' RLS already did); this only writes.
create or replace function private.record_admin_action(
  p_action text,
  p_target_kind text,
  p_target_id uuid,
  p_user uuid,
  p_report uuid,
  p_reason text,
  p_details jsonb default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.admin_actions (admin_id, action, target_kind, target_id, user_id, report_id, reason, details)
  values (auth.uid(), p_action, p_target_kind, p_target_id, p_user, p_report,
          nullif(btrim(coalesce(p_reason, '')), ''), p_details);
end
$$;
-- Called by SECURITY DEFINER functions and triggers only.
revoke all on function private.record_admin_action(text, text, uuid, uuid, uuid, text, jsonb)
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Bans
-- ---------------------------------------------------------------------------------------------

-- The caller is an admin (or the service role / the database owner, which have no auth.uid()).
create or replace function private.require_admin()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and public.is_admin() then
    return auth.uid();
  end if;
  if auth.uid() is null and coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return null;
  end if;
  raise exception using errcode = '42501', message = 'Only admins may do this.', hint = 'not_allowed';
end
$$;
revoke all on function private.require_admin() from public, anon, authenticated, service_role;

-- Bans a person: their account_status becomes 'banned' (trigger "audit: a ban is recorded"
-- records it with p_reason). An admin never bans themselves (hint own_account); a removed
-- account cannot be banned (hint not_found); banning a banned account changes nothing; the last
-- active admin is never banned (hint last_admin). The admin rows are locked first, as "10 the
-- last admin stays" locks them, so a ban racing a ban or a demotion waits and then counts again:
-- the two cannot leave no active admin.
create or replace function private.ban_account(p_user uuid, p_reason text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  status text;
begin
  perform private.require_admin();
  if p_user is not null and p_user = auth.uid() then
    raise exception using errcode = '42501', message = 'An admin cannot ban their own account.', hint = 'own_account';
  end if;
  perform 1 from public.user_roles r where r.role = 'admin' for update;
  select p.account_status into status from public.profiles p where p.id = p_user for update;
  if not found or status = 'deleted' then
    raise exception using errcode = 'P0002', message = 'No such account.', hint = 'not_found';
  end if;
  if status = 'banned' then
    return;
  end if;
  if exists (select 1 from public.user_roles r where r.user_id = p_user and r.role = 'admin')
     and not exists (
       select 1 from public.user_roles r join public.profiles p on p.id = r.user_id
        where r.role = 'admin' and r.user_id <> p_user and p.account_status = 'active') then
    raise exception using errcode = 'P0001', message = 'The last active admin cannot be banned.', hint = 'last_admin';
  end if;
  perform set_config('cadernos.admin_reason', coalesce(p_reason, ''), true);
  update public.profiles set account_status = 'banned' where id = p_user;
  perform set_config('cadernos.admin_reason', '', true);
end
$$;
revoke all on function private.ban_account(uuid, text) from public, anon, authenticated, service_role;

-- Lifts a ban: account_status back to 'active' (recorded by the same trigger). An account that is
-- not banned is left as it is.
create or replace function private.unban_account(p_user uuid, p_reason text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  status text;
begin
  perform private.require_admin();
  select p.account_status into status from public.profiles p where p.id = p_user for update;
  if not found or status = 'deleted' then
    raise exception using errcode = 'P0002', message = 'No such account.', hint = 'not_found';
  end if;
  if status <> 'banned' then
    return;
  end if;
  perform set_config('cadernos.admin_reason', coalesce(p_reason, ''), true);
  update public.profiles set account_status = 'active' where id = p_user;
  perform set_config('cadernos.admin_reason', '', true);
end
$$;
revoke all on function private.unban_account(uuid, text) from public, anon, authenticated, service_role;

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

create trigger "audit: a ban is recorded" after update of account_status on public.profiles
  for each row when (old.account_status is distinct from new.account_status
                     and (old.account_status = 'banned' or new.account_status = 'banned'))
  execute function private.record_ban_change();

-- ---------------------------------------------------------------------------------------------
-- Roles
-- ---------------------------------------------------------------------------------------------

-- "10 the last admin stays" (spec §6): a signed-in person's delete of an admin flag fails when no
-- other active account holds one (hint last_admin) — through public.admin_set_admin or a direct
-- REST delete alike. The admin rows are locked first, so two admins demoting each other at once
-- cannot both succeed. A person removing their own account (delete_my_account) leaves anyway.
create or replace function private.keep_last_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or auth.uid() is null
     or current_setting('cadernos.removing_account', true) is not distinct from old.user_id::text then
    return old;
  end if;
  perform 1 from public.user_roles r where r.role = 'admin' for update;
  if not exists (
    select 1 from public.user_roles r join public.profiles p on p.id = r.user_id
     where r.role = 'admin' and r.user_id <> old.user_id and p.account_status = 'active'
  ) then
    raise exception using errcode = 'P0001', message = 'The last admin cannot be demoted.', hint = 'last_admin';
  end if;
  return old;
end
$$;
revoke all on function private.keep_last_admin() from public, anon, authenticated, service_role;

create trigger "10 the last admin stays" before delete on public.user_roles
  for each row execute function private.keep_last_admin();

-- "audit: a role change is recorded": a role granted or revoked by a signed-in person (an admin:
-- RLS); not the removal of one's own account.
create or replace function private.record_role_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.user_roles := case when tg_op = 'INSERT' then new else old end;
begin
  if auth.uid() is null
     or current_setting('cadernos.removing_account', true) is not distinct from changed.user_id::text then
    return null;
  end if;
  perform private.record_admin_action(
    case when tg_op = 'INSERT' then 'role_granted' else 'role_revoked' end,
    'profile', changed.user_id, changed.user_id, null, null, jsonb_build_object('role', changed.role));
  return null;
end
$$;
revoke all on function private.record_role_change() from public, anon, authenticated, service_role;

create trigger "audit: a role change is recorded" after insert or delete on public.user_roles
  for each row execute function private.record_role_change();

-- ---------------------------------------------------------------------------------------------
-- Forbidden words
-- ---------------------------------------------------------------------------------------------

-- "audit: a forbidden word change is recorded": admins write public.forbidden_words under RLS
-- (accounts.sql); each word added, edited or removed by a signed-in person is recorded. (Only the
-- word and its language: created_by cleared by an account's removal is not an admin's action.)
create or replace function private.record_forbidden_word_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.forbidden_words := case when tg_op = 'DELETE' then old else new end;
begin
  if auth.uid() is null then
    return null;
  end if;
  perform private.record_admin_action(
    case tg_op when 'INSERT' then 'forbidden_word_added' when 'DELETE' then 'forbidden_word_removed'
               else 'forbidden_word_changed' end,
    'forbidden_word', changed.id, null, null, null,
    jsonb_build_object('word', changed.word, 'language', changed.language));
  return null;
end
$$;
revoke all on function private.record_forbidden_word_change() from public, anon, authenticated, service_role;

create trigger "audit: a forbidden word change is recorded" after insert or delete or update of word, language
  on public.forbidden_words
  for each row execute function private.record_forbidden_word_change();

-- ---------------------------------------------------------------------------------------------
-- The admin panel's calls (each refuses anyone but an active admin: 42501, hint not_allowed)
-- ---------------------------------------------------------------------------------------------

-- People, found by '@username' (the username's beginning), an e-mail (any text with '@' in it:
-- a part of the address) or a name (a part of the username or display name); nothing: everyone.
-- Alphabetical by username, a page at a time: p_after = the last username of the previous page
-- (usernames are unique ignoring case). p_limit 1–50 (20). Each person with their state, the
-- admin flag, what they wrote (notebooks, answers, guestbook messages, polls) and the reports
-- against them (about their profile or anything they wrote): open and in all.
create or replace function public.admin_people(p_query text default null, p_limit integer default 20, p_after text default null)
returns table (
  id uuid,
  username text,
  display_name text,
  avatar_url text,
  email text,
  account_status text,
  is_admin boolean,
  created_at timestamptz,
  notebooks integer,
  answers integer,
  guestbook_messages integer,
  polls integer,
  reports_open integer,
  reports_total integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  page integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  q text := btrim(coalesce(p_query, ''));
  pattern text;
  by_email boolean := false;
  by_username boolean := false;
begin
  perform private.require_admin();
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Only admins may do this.', hint = 'not_allowed';
  end if;
  if char_length(q) > 254 then
    raise exception using errcode = '22023', message = 'The search is too long.', hint = 'validation';
  end if;
  if left(q, 1) = '@' then
    by_username := true;
    q := substr(q, 2);
  elsif position('@' in q) > 0 then
    by_email := true;
  end if;
  -- LIKE's own characters are searched for as themselves
  pattern := replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_');
  return query
    with found as (
      select p.id, p.username, p.display_name, p.avatar_url, u.email::text as email, p.account_status, p.created_at
        from public.profiles p
        left join auth.users u on u.id = p.id
       where (p_after is null or lower(p.username) > lower(p_after))
         and (q = ''
              or (by_username and lower(p.username) like pattern || '%')
              or (by_email and lower(u.email) like '%' || pattern || '%')
              or (not by_username and not by_email
                  and (lower(p.username) like '%' || pattern || '%' or lower(coalesce(p.display_name, '')) like '%' || pattern || '%')))
       order by lower(p.username)
       limit page
    )
    select f.id, f.username, f.display_name, f.avatar_url, f.email, f.account_status,
           exists (select 1 from public.user_roles r where r.user_id = f.id and r.role = 'admin'),
           f.created_at,
           (select count(*)::integer from public.notebooks n where n.user_id = f.id),
           (select count(*)::integer from public.answers a where a.user_id = f.id),
           (select count(*)::integer from public.guestbook_messages g where g.author_id = f.id),
           (select count(*)::integer from public.profile_polls pp where pp.profile_id = f.id),
           coalesce(rep.open, 0)::integer, coalesce(rep.total, 0)::integer
      from found f
      left join lateral (
        select count(*) filter (where r.status = 'open') as open, count(*) as total
          from public.reports r
         where (r.kind = 'profile' and r.target_id = f.id)
            or (r.kind = 'answer' and r.target_id in (select a.id from public.answers a where a.user_id = f.id))
            or (r.kind = 'question' and r.target_id in (select qq.id from public.questions qq
                                                          join public.notebooks n on n.id = qq.notebook_id
                                                         where n.user_id = f.id))
            or (r.kind = 'guestbook_message' and r.target_id in (select g.id from public.guestbook_messages g where g.author_id = f.id))
            or (r.kind = 'poll' and r.target_id in (select pp.id from public.profile_polls pp where pp.profile_id = f.id))
      ) rep on true
     order by lower(f.username);
end
$$;
revoke all on function public.admin_people(text, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_people(text, integer, text) to authenticated;

-- Bans (p_banned) or lets back a person, with the reason the audit log keeps (required for a ban,
-- hint reason_required; at most 1000 characters, reason_too_long). Answers the account's state.
-- Never one's own account (own_account); a removed account: not_found.
create or replace function public.admin_set_banned(p_user uuid, p_banned boolean, p_reason text default null)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  why text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  perform private.require_admin();
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Only admins may do this.', hint = 'not_allowed';
  end if;
  if p_user is null or p_banned is null then
    raise exception using errcode = '22023', message = 'A person and a state are required.', hint = 'validation';
  end if;
  if p_banned and why is null then
    raise exception using errcode = '22023', message = 'A ban needs a reason.', hint = 'reason_required';
  end if;
  if char_length(why) > 1000 then
    raise exception using errcode = '22023', message = 'The reason is too long.', hint = 'reason_too_long';
  end if;
  if p_banned then
    perform private.ban_account(p_user, why);
  else
    perform private.unban_account(p_user, why);
  end if;
  return (select p.account_status from public.profiles p where p.id = p_user);
end
$$;
revoke all on function public.admin_set_banned(uuid, boolean, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_banned(uuid, boolean, text) to authenticated;

-- Promotes (p_is_admin) or demotes a person (spec §6). The last active admin is never demoted
-- (trigger "10 the last admin stays": hint last_admin); only an active account is promoted
-- (not_active; a removed one: not_found). Recorded by trigger "audit: a role change is recorded".
-- Answers whether the person is an admin now.
create or replace function public.admin_set_admin(p_user uuid, p_is_admin boolean)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  status text;
begin
  perform private.require_admin();
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Only admins may do this.', hint = 'not_allowed';
  end if;
  if p_user is null or p_is_admin is null then
    raise exception using errcode = '22023', message = 'A person and a role are required.', hint = 'validation';
  end if;
  select p.account_status into status from public.profiles p where p.id = p_user;
  if not found or status = 'deleted' then
    raise exception using errcode = 'P0002', message = 'No such account.', hint = 'not_found';
  end if;
  if p_is_admin then
    if status <> 'active' then
      raise exception using errcode = '22023', message = 'Only an active account can be an admin.', hint = 'not_active';
    end if;
    insert into public.user_roles (user_id, role, created_by) values (p_user, 'admin', auth.uid())
    on conflict (user_id, role) do nothing;
  else
    delete from public.user_roles r where r.user_id = p_user and r.role = 'admin';
  end if;
  return exists (select 1 from public.user_roles r where r.user_id = p_user and r.role = 'admin');
end
$$;
revoke all on function public.admin_set_admin(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_admin(uuid, boolean) to authenticated;

-- The audit log, newest first, a page at a time (keyset on (created_at, id): p_after_at and
-- p_after_id of the last row read), optionally about one person (p_user: acted on). p_limit 1–50
-- (30). With the usernames of the admin and of the person (null for a removed row's person: the
-- ids stay).
create or replace function public.admin_audit_log(
  p_limit integer default 30,
  p_after_at timestamptz default null,
  p_after_id uuid default null,
  p_user uuid default null
)
returns table (
  id uuid,
  created_at timestamptz,
  action text,
  admin_id uuid,
  admin_username text,
  target_kind text,
  target_id uuid,
  user_id uuid,
  user_username text,
  report_id uuid,
  reason text,
  details jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  page integer := least(greatest(coalesce(p_limit, 30), 1), 50);
begin
  perform private.require_admin();
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Only admins may do this.', hint = 'not_allowed';
  end if;
  if (p_after_at is null) <> (p_after_id is null) then
    raise exception using errcode = '22023', message = 'p_after_at and p_after_id go together.', hint = 'validation';
  end if;
  return query
    select x.id, x.created_at, x.action, x.admin_id, pa.username, x.target_kind, x.target_id, x.user_id, pu.username,
           x.report_id, x.reason, x.details
      from public.admin_actions x
      left join public.profiles pa on pa.id = x.admin_id
      left join public.profiles pu on pu.id = x.user_id
     where (p_user is null or x.user_id = p_user)
       and (p_after_at is null or (x.created_at, x.id) < (p_after_at, p_after_id))
     order by x.created_at desc, x.id desc
     limit page;
end
$$;
revoke all on function public.admin_audit_log(integer, timestamptz, uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_audit_log(integer, timestamptz, uuid, uuid) to authenticated;
