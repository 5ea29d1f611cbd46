-- A store theme on a notebook is owned (issue 35): private.store_theme_is_owned and its trigger on notebooks (schemas/store.sql).
set check_function_bodies = off;

-- A store theme on a notebook is owned (issue 35; spec §6: premium themes must be bought): when a
-- signed-in person sets a premium theme (notebook_themes.is_premium) — the notebook's theme or its
-- cover's — the notebook's owner or the writer owns it from the store. Guests and collaborators see
-- the owner's choice without owning it (nothing is checked on reading); the service role and
-- migrations pass; a theme set before stays. Refused: 42501, hint look_not_owned.
create or replace function private.store_theme_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  theme text;
begin
  if auth.uid() is null then
    return new;
  end if;
  foreach theme in array array[new.theme, new.cover ->> 'theme'] loop
    continue when theme is null;
    continue when tg_op = 'UPDATE' and theme in (old.theme, coalesce(old.cover ->> 'theme', ''));
    continue when not exists (select 1 from public.notebook_themes t where t.id = theme and t.is_premium);
    continue when exists (
      select 1 from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
       where e.user_id in (new.user_id, auth.uid()) and i.category = 'theme' and i.grants_ref = theme);
    raise exception 'a store theme nobody here owns' using errcode = '42501', hint = 'look_not_owned';
  end loop;
  return new;
end;
$$;
revoke all on function private.store_theme_is_owned() from public, anon, authenticated, service_role;
create trigger "30 a store theme is owned" before insert or update of theme, cover on public.notebooks
  for each row execute function private.store_theme_is_owned();
