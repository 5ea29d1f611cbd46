-- The last active admin is never banned, and a ban racing a ban or a demotion cannot leave no
-- active admin (issue 33, security review F4): "10 the last admin stays" locked the admin rows
-- of user_roles, but private.ban_account took no lock and had no last-admin rule, so two admins
-- banning each other, or one banning while the other demoted themselves, both succeeded. Now
-- ban_account locks the admin rows first (the same lock), then refuses to ban the last active
-- admin (P0001, hint last_admin); keep_last_admin already counts active admins only, under that
-- lock. Replaces private.ban_account.
set check_function_bodies = off;

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
