-- Sticker packs (issue 35; spec §3, §6; schemas/store.sql): tables sticker_packs and stickers
-- (everyone reads the enabled ones, admins write; a sticker's picture is a key of the bucket
-- store-images), the app's built-in stickers as the free pack 'basicos' (the ids covers store),
-- and trigger "32 a store sticker is owned": a premium pack's sticker added to a cover by a
-- signed-in person needs the owner or the writer to own the pack (42501, hint sticker_not_owned).
-- Replaces nothing.
-- Sticker packs (issue 35; spec §3 cover stickers, §6 "premium stickers and themes must be
-- bought"): sticker_packs (a name, free or premium, enabled, its place) and their stickers (a name
-- and a picture: a key of the bucket store-images — none for the app's own drawings). Everyone
-- reads the enabled packs and their stickers, admins read and write them all (RLS). The app's
-- built-in stickers are the free pack 'basicos' (their ids are the ones notebooks' covers already
-- store). A premium pack is owned through the store: a seasonal item of category sticker_pack
-- whose grants_ref is the pack's id (my_store_looks gives it to the editor).
create table public.sticker_packs (
  id text primary key
    constraint sticker_packs_id check (id ~ '^[a-z0-9-]{2,40}$'),
  name text not null
    constraint sticker_packs_name check (length(btrim(name)) between 1 and 80),
  is_premium boolean not null default false,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.stickers (
  id text primary key
    constraint stickers_id check (id ~ '^[a-z0-9-]{2,40}$'),
  pack_id text not null references public.sticker_packs (id) on delete cascade,
  name text not null
    constraint stickers_name check (length(btrim(name)) between 1 and 80),
  -- the sticker's picture: a file of the bucket store-images (its key), or none (drawn by the app)
  image_path text
    constraint stickers_image_path check (image_path ~ '^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index stickers_pack on public.stickers (pack_id, sort_order);

revoke all on public.sticker_packs from public, anon, authenticated, service_role;
grant select on public.sticker_packs to anon;
grant select, insert, update, delete on public.sticker_packs to authenticated, service_role;
revoke all on public.stickers from public, anon, authenticated, service_role;
grant select on public.stickers to anon;
grant select, insert, update, delete on public.stickers to authenticated, service_role;

alter table public.sticker_packs enable row level security;
alter table public.stickers enable row level security;
create policy "anyone reads enabled sticker packs" on public.sticker_packs
  for select to anon, authenticated using (is_active or public.is_admin());
create policy "admins add sticker packs" on public.sticker_packs
  for insert to authenticated with check (public.is_admin());
create policy "admins edit sticker packs" on public.sticker_packs
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove sticker packs" on public.sticker_packs
  for delete to authenticated using (public.is_admin());
create policy "anyone reads the stickers of enabled packs" on public.stickers
  for select to anon, authenticated
  using (public.is_admin() or exists (select 1 from public.sticker_packs p where p.id = pack_id and p.is_active));
create policy "admins add stickers" on public.stickers
  for insert to authenticated with check (public.is_admin());
create policy "admins edit stickers" on public.stickers
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove stickers" on public.stickers
  for delete to authenticated using (public.is_admin());

insert into public.sticker_packs (id, name, is_premium, sort_order) values
  ('basicos', 'Adesivos básicos', false, 1)
on conflict (id) do update
  set name = excluded.name, is_premium = excluded.is_premium, sort_order = excluded.sort_order;
insert into public.stickers (id, pack_id, name, sort_order) values
  ('star',    'basicos', 'Estrela',   1),
  ('heart',   'basicos', 'Coração',   2),
  ('flower',  'basicos', 'Flor',      3),
  ('rainbow', 'basicos', 'Arco-íris', 4),
  ('pencil',  'basicos', 'Lápis',     5),
  ('music',   'basicos', 'Música',    6),
  ('sun',     'basicos', 'Sol',       7),
  ('cat',     'basicos', 'Gato',      8),
  ('rocket',  'basicos', 'Foguete',   9),
  ('smile',   'basicos', 'Sorriso',  10)
on conflict (id) do update
  set pack_id = excluded.pack_id, name = excluded.name, sort_order = excluded.sort_order;

-- A store sticker on a cover is owned (spec §6), as papers and themes: a sticker of a premium pack
-- put on a notebook's cover by a signed-in person needs the notebook's owner or the writer to own
-- the pack from the store. Stickers already on the cover stay (only the ones added are checked);
-- guests and collaborators see the owner's stickers (nothing is checked on reading); the service
-- role and migrations pass. Refused: 42501, hint sticker_not_owned.
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
    if not exists (
      select 1 from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
       where e.user_id in (new.user_id, auth.uid()) and i.category = 'sticker_pack' and i.grants_ref = pack) then
      raise exception 'a store sticker nobody here owns' using errcode = '42501', hint = 'sticker_not_owned';
    end if;
  end loop;
  return new;
end;
$$;
revoke all on function private.store_sticker_is_owned() from public, anon, authenticated, service_role;
create trigger "32 a store sticker is owned" before insert or update of cover on public.notebooks
  for each row execute function private.store_sticker_is_owned();
