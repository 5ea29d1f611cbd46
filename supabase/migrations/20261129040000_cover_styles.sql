-- Cover styles (issue 35; spec §3, §6; schemas/store.sql): table cover_styles (everyone reads the
-- enabled ones, admins write; a style's picture is a key of the bucket store-images), the plain
-- cover 'liso' as the default free style (never disabled nor sold), and trigger "33 a store cover
-- style is owned": a premium style set in a notebook's cover ->> 'style' by a signed-in person needs
-- the owner or the writer to own it (42501, hint cover_style_not_owned). Replaces nothing.
-- Cover styles (issue 35; spec §3 seasonal items of category cover_style): cover_styles (a name,
-- a picture drawn over the cover's colour under its label — a key of the bucket store-images —,
-- free or premium, enabled, its place). Everyone reads the enabled ones, admins read and write them
-- all (RLS). The plain cover 'liso' (no picture: the cover as it always was) is the default, never
-- disabled nor sold (as lined-blue and the sticker pack basicos). The notebook's cover names its
-- style in cover ->> 'style'; a premium style is owned through the store: a seasonal item of
-- category cover_style whose grants_ref is the style's id (my_store_looks gives it to the editor).
create table public.cover_styles (
  id text primary key
    constraint cover_styles_id check (id ~ '^[a-z0-9-]{2,40}$'),
  name text not null
    constraint cover_styles_name check (length(btrim(name)) between 1 and 80),
  -- the style's picture: a file of the bucket store-images (its key), or none (the plain cover)
  image_path text
    constraint cover_styles_image_path check (image_path ~ '^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  is_premium boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cover_styles_plain_stays_free check (id <> 'liso' or (is_active and not is_premium))
);

revoke all on public.cover_styles from public, anon, authenticated, service_role;
grant select on public.cover_styles to anon;
grant select, insert, update, delete on public.cover_styles to authenticated, service_role;

alter table public.cover_styles enable row level security;
create policy "anyone reads enabled cover styles" on public.cover_styles
  for select to anon, authenticated using (is_active or public.is_admin());
create policy "admins add cover styles" on public.cover_styles
  for insert to authenticated with check (public.is_admin());
create policy "admins edit cover styles" on public.cover_styles
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove cover styles" on public.cover_styles
  for delete to authenticated using (public.is_admin());

insert into public.cover_styles (id, name, is_premium, sort_order) values
  ('liso', 'Liso', false, 1)
on conflict (id) do update
  set name = excluded.name, is_premium = excluded.is_premium, sort_order = excluded.sort_order;

-- A store cover style is owned (spec §6), as papers, themes and stickers: a premium cover style set
-- on a notebook's cover by a signed-in person needs the notebook's owner or the writer to own it
-- from the store. Guests and collaborators see the owner's cover without owning it (nothing is
-- checked on reading); the service role and migrations pass; a style set before stays. Refused:
-- 42501, hint cover_style_not_owned (the device's words: spec §8's apply errors).
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
  if exists (
    select 1 from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
     where e.user_id in (new.user_id, auth.uid()) and i.category = 'cover_style' and i.grants_ref = style) then
    return new;
  end if;
  raise exception 'a store cover style nobody here owns' using errcode = '42501', hint = 'cover_style_not_owned';
end;
$$;
revoke all on function private.store_cover_style_is_owned() from public, anon, authenticated, service_role;
create trigger "33 a store cover style is owned" before insert or update of cover on public.notebooks
  for each row execute function private.store_cover_style_is_owned();
