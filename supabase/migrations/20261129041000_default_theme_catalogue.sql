-- The default theme of new notebooks is any theme of the catalogue (issue 35): Settings offered
-- only the app's six first themes (a check); now any theme of notebook_themes, the ones admins
-- added too (hint theme_unknown otherwise), a premium one only when the person owns it from the
-- store (hint look_not_owned) — trigger "30 a default theme is the catalogue's, a store one owned" —,
-- so that a notebook created with it passes "30 a store theme is owned". schemas/accounts.sql +
-- store.sql. Replaces nothing.
alter table public.user_settings drop constraint user_settings_notebook_theme_check;
create or replace function private.default_theme_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.notebook_theme = old.notebook_theme then
    return new;
  end if;
  if not exists (select 1 from public.notebook_themes t where t.id = new.notebook_theme) then
    raise exception 'no such notebook theme' using errcode = '23503', hint = 'theme_unknown';
  end if;
  if auth.uid() is null then
    return new;
  end if;
  if not exists (select 1 from public.notebook_themes t where t.id = new.notebook_theme and t.is_premium) then
    return new;
  end if;
  if exists (
    select 1 from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
     where e.user_id = new.user_id and i.category = 'theme' and i.grants_ref = new.notebook_theme) then
    return new;
  end if;
  raise exception 'a store theme nobody here owns' using errcode = '42501', hint = 'look_not_owned';
end;
$$;
revoke all on function private.default_theme_is_owned() from public, anon, authenticated, service_role;
create trigger "30 a default theme is the catalogue's, a store one owned" before insert or update of notebook_theme on public.user_settings
  for each row execute function private.default_theme_is_owned();
