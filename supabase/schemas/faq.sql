-- ---------------------------------------------------------------------------------------------
-- The FAQ's questions and answers (spec §2, §5, §9; issue 36)
--   faq_items      a question and its answer in both languages, in a group (its title in both
--                  languages and its place), at its place inside the group, with an optional image;
--                  read by everyone (the public /faq), written by admins alone (RLS)
--   faq-images     Storage bucket: public reads, 5 MB, PNG / JPG / WebP (as the profile images),
--                  written by admins alone
-- ---------------------------------------------------------------------------------------------

create table public.faq_items (
  id uuid primary key default gen_random_uuid(),
  group_position integer not null default 0 check (group_position between 0 and 999),
  group_pt_br text not null check (char_length(btrim(group_pt_br)) between 1 and 80),
  group_en_us text not null check (char_length(btrim(group_en_us)) between 1 and 80),
  position integer not null default 0 check (position between 0 and 999),
  question_pt_br text not null check (char_length(btrim(question_pt_br)) between 3 and 300),
  question_en_us text not null check (char_length(btrim(question_en_us)) between 3 and 300),
  answer_pt_br text not null check (char_length(btrim(answer_pt_br)) between 1 and 4000),
  answer_en_us text not null check (char_length(btrim(answer_en_us)) between 1 and 4000),
  -- a file of the bucket faq-images (its key), or none
  image_path text null check (image_path ~ '^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index faq_items_order on public.faq_items (group_position, group_pt_br, position, created_at);
-- Everyone reads the FAQ; admins write it (the policies below), the service role too.
revoke all on public.faq_items from public, anon, authenticated, service_role;
grant select on public.faq_items to anon;
grant select, insert, update, delete on public.faq_items to authenticated, service_role;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.faq_items
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.faq_items
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "90 updated_at is stamped" before update on public.faq_items
  for each row execute function private.stamp_updated_at();

alter table public.faq_items enable row level security;

create policy "anyone can read the faq" on public.faq_items
  for select to anon, authenticated using (true);
create policy "admins add faq items" on public.faq_items
  for insert to authenticated with check (public.is_admin());
create policy "admins edit faq items" on public.faq_items
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "admins remove faq items" on public.faq_items
  for delete to authenticated using (public.is_admin());

-- The FAQ's images: a public bucket (read by address, cached like the profile images), the spec's
-- 5 MB and PNG / JPG / WebP held by Storage itself; only admins add, replace or remove files.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('faq-images', 'faq-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "admins list faq images" on storage.objects
  for select to authenticated
  using (bucket_id = 'faq-images' and public.is_admin());
create policy "admins upload faq images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'faq-images' and public.is_admin());
create policy "admins replace faq images" on storage.objects
  for update to authenticated
  using (bucket_id = 'faq-images' and public.is_admin())
  with check (bucket_id = 'faq-images' and public.is_admin());
create policy "admins remove faq images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'faq-images' and public.is_admin());
