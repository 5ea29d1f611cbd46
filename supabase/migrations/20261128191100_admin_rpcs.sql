set check_function_bodies = off;

-- The admin panel's calls (issue 33): admin_people, admin_set_banned, admin_set_admin, admin_audit_log (schemas/admin.sql).

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
