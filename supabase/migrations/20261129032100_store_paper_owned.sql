-- A store paper on a notebook is owned (issue 35; spec §6; schemas/store.sql): trigger
-- "31 a store paper is owned" refuses a premium paper style set by a signed-in person when neither
-- the notebook's owner nor the writer owns it (42501, hint paper_not_owned). Replaces nothing.
create or replace function private.store_paper_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or new.paper_style is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.paper_style = old.paper_style then
    return new;
  end if;
  if not exists (select 1 from public.paper_styles p where p.id = new.paper_style and p.is_premium) then
    return new;
  end if;
  if exists (
    select 1 from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
     where e.user_id in (new.user_id, auth.uid()) and i.category = 'paper_style' and i.grants_ref = new.paper_style) then
    return new;
  end if;
  raise exception 'a store paper nobody here owns' using errcode = '42501', hint = 'paper_not_owned';
end;
$$;
revoke all on function private.store_paper_is_owned() from public, anon, authenticated, service_role;
create trigger "31 a store paper is owned" before insert or update of paper_style on public.notebooks
  for each row execute function private.store_paper_is_owned();
