-- Supabase Storage's tables and helpers (supabase/storage migrations/tenant, condensed to their
-- current state). Applied by db/bootstrap.ts at every start: idempotent. The RLS policies on
-- storage.objects come from the app's own migrations, exactly as on a Supabase project.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now()
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- As Supabase: the API roles hold every privilege and the RLS policies decide.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;

-- Path helpers used in policies, e.g. (storage.foldername(name))[1] = auth.uid()::text
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- As Supabase (migration 0055): rows of storage tables are deleted through the Storage API only,
-- so the files are deleted with them. The API sets storage.allow_delete_query in its transaction.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();

drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Files of object rows deleted in SQL (not through this API): a migration's function may delete a
-- person's rows (delete_my_account, with storage.allow_delete_query set, as on Supabase, where the
-- rows are what the API serves). The API removes the files of the rows it deletes itself and
-- marks its transactions with storage.api_removes_files; any other delete leaves the name here,
-- and the server (removed-files.ts) removes the bytes once the row is gone for good.
create table if not exists storage.removed_files (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  name text not null,
  removed_at timestamptz not null default now()
);
alter table storage.removed_files enable row level security;
revoke all on storage.removed_files from public, anon, authenticated, service_role;

create or replace function storage.remember_removed_file() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('storage.api_removes_files', true), '') <> 'on' then
    insert into storage.removed_files (bucket_id, name) values (old.bucket_id, old.name);
    perform pg_notify('storage_removed_files', '');
  end if;
  return null;
end
$$;
revoke all on function storage.remember_removed_file() from public, anon, authenticated, service_role;

drop trigger if exists remember_removed_files on storage.objects;
create trigger remember_removed_files after delete on storage.objects
  for each row execute function storage.remember_removed_file();
