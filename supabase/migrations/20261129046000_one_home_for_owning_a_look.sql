-- One home for owning a look from the store (issue 35): private.owns_look(people, category, id) —
-- an entitlement to a seasonal item of that category whose grants_ref is the id — asked by the
-- five "… is owned" triggers, which each wrote the same query (themes, the default theme, papers,
-- stickers, cover styles). Same answers; schemas/store.sql.

create or replace function private.owns_look(p_people uuid[], p_category text, p_ref text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
     where e.user_id = any (p_people) and i.category = p_category and i.grants_ref = p_ref)
$$;
revoke all on function private.owns_look(uuid[], text, text) from public, anon, authenticated, service_role;

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
    continue when private.owns_look(array[new.user_id, auth.uid()], 'theme', theme);
    raise exception 'a store theme nobody here owns' using errcode = '42501', hint = 'look_not_owned';
  end loop;
  return new;
end;
$$;
revoke all on function private.store_theme_is_owned() from public, anon, authenticated, service_role;

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
  if private.owns_look(array[new.user_id], 'theme', new.notebook_theme) then
    return new;
  end if;
  raise exception 'a store theme nobody here owns' using errcode = '42501', hint = 'look_not_owned';
end;
$$;
revoke all on function private.default_theme_is_owned() from public, anon, authenticated, service_role;

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
  if private.owns_look(array[new.user_id, auth.uid()], 'paper_style', new.paper_style) then
    return new;
  end if;
  raise exception 'a store paper nobody here owns' using errcode = '42501', hint = 'paper_not_owned';
end;
$$;
revoke all on function private.store_paper_is_owned() from public, anon, authenticated, service_role;

create or replace function private.store_sticker_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pack text;
begin
  if auth.uid() is null or jsonb_typeof(new.cover -> 'stickers') is distinct from 'array' then
    return new;
  end if;
  for pack in
    select distinct s.pack_id
      from jsonb_array_elements(new.cover -> 'stickers') as c(sticker)
      join public.stickers s on s.id = c.sticker ->> 'id'
      join public.sticker_packs p on p.id = s.pack_id and p.is_premium
     where tg_op = 'INSERT'
        or jsonb_typeof(old.cover -> 'stickers') is distinct from 'array'
        or not exists (
             select 1 from jsonb_array_elements(old.cover -> 'stickers') as o(sticker)
              where o.sticker ->> 'id' = c.sticker ->> 'id')
  loop
    if not private.owns_look(array[new.user_id, auth.uid()], 'sticker_pack', pack) then
      raise exception 'a store sticker nobody here owns' using errcode = '42501', hint = 'sticker_not_owned';
    end if;
  end loop;
  return new;
end;
$$;
revoke all on function private.store_sticker_is_owned() from public, anon, authenticated, service_role;

create or replace function private.store_cover_style_is_owned()
returns trigger
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  style text := new.cover ->> 'style';
begin
  if auth.uid() is null or style is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and style is not distinct from old.cover ->> 'style' then
    return new;
  end if;
  if not exists (select 1 from public.cover_styles c where c.id = style and c.is_premium) then
    return new;
  end if;
  if private.owns_look(array[new.user_id, auth.uid()], 'cover_style', style) then
    return new;
  end if;
  raise exception 'a store cover style nobody here owns' using errcode = '42501', hint = 'cover_style_not_owned';
end;
$$;
revoke all on function private.store_cover_style_is_owned() from public, anon, authenticated, service_role;
