-- The admin sections' pictures (issue 35): paper_styles.image_path (a key of the bucket
-- store-images) and spec §5's "name required" on paper styles (schemas/notebooks.sql); the public
-- bucket store-images (5 MB, PNG / JPG / WebP as the profile images), written by admins alone
-- (schemas/store.sql). Replaces nothing.
alter table public.paper_styles
  add column image_path text
    constraint paper_styles_image_path check (image_path ~ '^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$');
alter table public.paper_styles
  add constraint paper_styles_name check (length(btrim(name)) between 1 and 80);

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('store-images', 'store-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "admins list store images" on storage.objects
  for select to authenticated
  using (bucket_id = 'store-images' and public.is_admin());
create policy "admins upload store images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'store-images' and public.is_admin());
create policy "admins replace store images" on storage.objects
  for update to authenticated
  using (bucket_id = 'store-images' and public.is_admin())
  with check (bucket_id = 'store-images' and public.is_admin());
create policy "admins remove store images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'store-images' and public.is_admin());
