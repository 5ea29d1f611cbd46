-- What a Supabase project provides before any migration runs: the API roles, the auth schema
-- with auth.users and the auth.uid()/role()/jwt() helpers (defined as Supabase defines them),
-- the storage schema, and the supabase_realtime publication. Idempotent: runs at every start.

-- The API roles come first, from roles.sql (see bootstrap.ts).

-- public, as on a Supabase project created today. Supabase's init script
-- (supabase/postgres, migrations/db/init-scripts/00000000000000-initial-schema.sql, run as
-- postgres — the role migrations run as) gives the API roles the schema and, by default, every
-- privilege on what is created in it later. Since 2026-05-30 a new project then runs the
-- dashboard's "Default privileges for new entities: off" (changelog 45329; on every project since
-- 2026-10-30), which takes back reading, writing and calling. Both run here, in that order, at
-- every start (idempotent; a database made before this change loses its broad defaults the same
-- way). What stays is what Supabase leaves: TRUNCATE, REFERENCES and TRIGGER on new tables and
-- UPDATE on new sequences (the migrations revoke them per table), and EXECUTE for PUBLIC on new
-- functions (Postgres' own default, which a per-schema revoke cannot take away: every function of
-- public revokes it itself). So a table, view or function the migrations do not grant explicitly
-- is out of reach of anon, authenticated and service_role, here as there.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke execute on functions from anon, authenticated, service_role;
alter default privileges in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke execute on functions from public;

create extension if not exists pgcrypto;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- auth ----------------------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where is_sso_user = false;
-- As in GoTrue's schema, these four have no default: GoTrue writes '' itself, and SQL that leaves
-- them NULL makes the account unreadable to GoTrue (sign-in fails with a 500). Databases made
-- before this line had defaults that hid such rows.
alter table auth.users
  alter column confirmation_token drop default,
  alter column recovery_token drop default,
  alter column email_change_token_new drop default,
  alter column email_change drop default;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- storage -------------------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

-- realtime ------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
