-- Test fixture: two buckets and the storage.objects policies a typical Supabase app writes.
-- `avatars` is public (anyone reads; a user writes only under their own `<uid>/` folder; images of
-- at most 64 KiB). `private` is readable and writable only by the owner of the `<uid>/` folder.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 65536, array['image/*']),
       ('private', 'private', false, null, null)
on conflict (id) do nothing;

create policy "Avatar images are publicly accessible"
  on storage.objects for select
  using (bucket_id = 'avatars');

create policy "Users upload avatars into their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Users update their own avatars"
  on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and owner_id = (select auth.uid()::text))
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Users delete their own avatars"
  on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and owner_id = (select auth.uid()::text));

create policy "Owners read their private folder"
  on storage.objects for select to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Owners write into their private folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Owners update their private files"
  on storage.objects for update to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "Owners delete their private files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
