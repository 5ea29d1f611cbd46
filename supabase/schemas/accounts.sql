set check_function_bodies = off;

-- Accounts: who people are and what they may say.
--
--   profiles          one row per person, created by a trigger on sign-up (public fields)
--   user_settings     one private row per person (e-mail copy, preferences, the answer-id secret)
--   user_roles        the admin flag (spec §3 "User role record")
--   forbidden_words   the lists checked by every text field (spec §5), pt-BR and en-US
--
-- Conventions every schema file (and migration) follows:
--   * RLS is enabled on every table; one policy per operation, named as a sentence. An operation
--     with no policy is denied to every API role (the comment next to the table says so).
--   * Rules policies cannot express live in BEFORE triggers whose names are sentences prefixed
--     with a number; Postgres fires them in name order ("00 …" first).
--   * Internal helpers live in the schema `private` (not exposed by the REST API); functions in
--     `public` are callable as RPC.
--   * Errors raised for people carry a SQLSTATE and, in `hint`, a reason code (forbidden_words,
--     title_too_short, validation, not_allowed, account_banned, account_deleted …), and in
--     `detail` their parameters as JSON where they have any (the forbidden words). The client
--     shows its own words for each code; `message` is developer text it never shows nor parses.
--   * Grants are explicit and sit next to their object. Supabase no longer grants new `public`
--     objects to anon, authenticated and service_role (changelog 45329), and projects made before
--     that grant everything to everyone: each table therefore first takes everything back, then
--     grants exactly what its policies can allow, so every kind of project ends in the same state:
--       anon           only the operations a policy `to anon` allows (what visitors may see)
--       authenticated  only the operations a policy `to authenticated` allows; a write with no
--                      policy is not granted either (triggers and SECURITY DEFINER functions write
--                      those rows as the owner)
--       service_role   select, insert, update, delete on every table: the server-side key, which
--                      bypasses RLS; never TRUNCATE
--     No API role gets TRUNCATE, REFERENCES or TRIGGER anywhere. Postgres lets PUBLIC execute
--     every new function, and default privileges cannot take that back: each function of `public`
--     revokes it and names its callers (a function called from a policy or a view needs EXECUTE
--     for every role the policy applies to: policies run as the caller). tests/grants.test.ts
--     fails on a table, view or function of `public` without such a decision.
--   * This folder (supabase/schemas/) is the current schema, each object once; migrations/ only
--     move forward: a change is made here first, and a new migration carries exactly that change
--     (supabase/README.md; tests/schemas.test.ts proves the two make the same database).

create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Text helpers
-- ---------------------------------------------------------------------------------------------

-- Lower case, accents folded, every run of non-alphanumerics turned into one space. Used for
-- forbidden-word matching so that "Palavrão!", "palavrao" and "PALAVRÃO" are the same word.
create or replace function private.normalize_text(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(
    lower(translate(coalesce(p_text, ''),
      'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
      'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')),
    '[^a-z0-9]+', ' ', 'g'))
$$;
grant execute on function private.normalize_text(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Forbidden words
-- ---------------------------------------------------------------------------------------------

create table public.forbidden_words (
  id uuid primary key default gen_random_uuid(),
  word text not null check (length(btrim(word)) > 0),
  language text not null default 'pt-BR' check (language in ('pt-BR', 'en-US')),
  normalized text generated always as (private.normalize_text(word)) stored,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint forbidden_words_unique_per_language unique (language, normalized)
);
comment on table public.forbidden_words is
  'Words refused in titles, questions, answers and profile fields (spec §5). Readable by everyone (the client checks before saving); written by admins.';
-- Everyone reads the list (the registration form checks a username before the account exists;
-- the app checks texts offline); admins add, edit and remove words.
revoke all on public.forbidden_words from public, anon, authenticated, service_role;
grant select on public.forbidden_words to anon;
grant select, insert, update, delete on public.forbidden_words to authenticated, service_role;

-- The forms a text is searched in for forbidden words, behind the usual disguises (the device's
-- searchForms in src/data/content-rules.ts takes the same steps; src/data/forbidden-word-cases.ts
-- is the table both answer alike): the text as written; with symbols and digits read as the
-- letters they stand for ("1d10t@": digits only inside a word that has letters, so "2020" stays a
-- number); each run of three or more single letters joined ("i.d.i.o.t.a"). Joined by ' | ',
-- which no listed form contains, so a phrase never matches across two forms. `stretched`: the
-- forms with each word that holds a letter three times squeezed ("idiooota"; two is spelling:
-- "fodder", "burro"), to compare with listed forms squeezed; null when nothing is stretched.
create or replace function private.forbidden_word_forms(p_text text, out forms text, out stretched text)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  read text[];
  token text;
  run text := '';
  spelled text[] := '{}';
begin
  read := string_to_array(private.normalize_text(translate(coalesce(p_text, ''), '!@$', 'ias')), ' ');
  for i in 1 .. coalesce(array_length(read, 1), 0) loop
    if read[i] ~ '[a-z]' and read[i] ~ '[0-9]' then
      read[i] := translate(read[i], '013457', 'oieast');
    end if;
  end loop;
  foreach token in array read || array['']::text[] loop
    if length(token) = 1 then
      run := run || token;
    else
      if length(run) >= 3 then
        spelled := spelled || case when run ~ '[a-z]' and run ~ '[0-9]' then translate(run, '013457', 'oieast') else run end;
      end if;
      run := '';
    end if;
  end loop;
  forms := array_to_string(array_remove(array[private.normalize_text(p_text), array_to_string(read, ' ')] || spelled, ''), ' | ');
  if forms ~ '([a-z])\1\1' then
    stretched := array_to_string(array(
      select case when word ~ '([a-z])\1\1' then regexp_replace(word, '([a-z])\1+', '\1', 'g') else word end
        from unnest(string_to_array(forms, ' ')) with ordinality as t(word, n)
       order by n), ' ');
  end if;
end
$$;
-- Only find_forbidden_words (security definer) calls it.
revoke all on function private.forbidden_word_forms(text) from public, anon, authenticated, service_role;

-- The forbidden words found in a text, as written in the list, whole words only, case- and
-- accent-insensitive, also behind disguises (private.forbidden_word_forms). Empty array when the
-- text is clean. plpgsql so that the checked text is turned into its forms exactly once: as SQL,
-- the planner pulled the one-row subquery into the join and ran private.normalize_text once per
-- listed word (68 regular expressions per check with the seeded lists, 0.7 ms of every answer
-- insert; supabase/tests/bench-replication.ts). A listed form is squeezed only for a text with a
-- stretched letter.
create or replace function public.find_forbidden_words(p_text text)
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  padded text;
  squeezed text;
begin
  if p_text is null or btrim(p_text) = '' then
    return '{}'::text[];
  end if;
  select ' ' || f.forms || ' ', ' ' || f.stretched || ' ' into padded, squeezed from private.forbidden_word_forms(p_text) f;
  return coalesce(
    (select array_agg(distinct fw.word order by fw.word)
       from public.forbidden_words fw
      where fw.normalized <> ''
        and (position(' ' || fw.normalized || ' ' in padded) > 0
             or (squeezed is not null
                 and position(' ' || regexp_replace(fw.normalized, '([a-z])\1+', '\1', 'g') || ' ' in squeezed) > 0))),
    '{}'::text[]);
end
$$;
-- The registration form, before the account exists.
revoke all on function public.find_forbidden_words(text) from public, anon, authenticated, service_role;
grant execute on function public.find_forbidden_words(text) to anon, authenticated;

-- Raises the error every client maps to 'Remove prohibited words' / 'Sua resposta contém palavras
-- proibidas…': the message contains 'palavras proibidas' and lists the words; detail is a JSON
-- array of them; hint is the reason code.
create or replace function private.assert_no_forbidden_words(variadic p_texts text[])
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found text[];
begin
  select coalesce(array_agg(distinct w order by w), '{}'::text[])
    into found
    from unnest(p_texts) as t(value)
    cross join lateral unnest(public.find_forbidden_words(t.value)) as w;
  if cardinality(found) > 0 then
    raise exception using
      errcode = '23514',
      message = 'O texto contém palavras proibidas: ' || array_to_string(found, ', '),
      detail = to_jsonb(found)::text,
      hint = 'forbidden_words';
  end if;
end
$$;
grant execute on function private.assert_no_forbidden_words(text[]) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Profiles, settings, roles
-- ---------------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text not null,
  display_name text,
  avatar_url text,
  cover_url text,
  bio text,
  status_message text,
  visibility text not null default 'public' check (visibility in ('public', 'private')),
  connections_visibility text not null default 'public'
    check (connections_visibility in ('public', 'friends', 'private')),
  account_status text not null default 'active' check (account_status in ('active', 'banned', 'deleted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  constraint profiles_username_format check (username ~ '^[A-Za-z0-9_-]{3,20}$'),
  -- lengths the settings form shows as counters (spec: not shown; these are ours)
  constraint profiles_display_name_length check (display_name is null or char_length(display_name) <= 50),
  constraint profiles_bio_length check (bio is null or char_length(bio) <= 300),
  constraint profiles_status_message_length check (status_message is null or char_length(status_message) <= 80)
);
create unique index profiles_username_unique on public.profiles (lower(username));
comment on table public.profiles is
  'Public face of a person (spec §3 Profile). Created on sign-up from raw_user_meta_data.username.';
-- Visitors read active public profiles; a person reads their own and their notebook companions',
-- and updates their own (admins any). Created by the sign-up trigger and deleted with the auth
-- user: no insert or delete for the API.
revoke all on public.profiles from public, anon, authenticated, service_role;
grant select on public.profiles to anon;
grant select, update on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;

create table public.user_settings (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  email text,
  language text check (language in ('pt-BR', 'en-US')),
  ui_theme text not null default 'system' check (ui_theme in ('light', 'dark', 'system')),
  email_notifications boolean not null default true,
  -- Secret from which this person's answer ids are derived (ARCHITECTURE S6): id =
  -- public.answer_id(question_id, answer_secret). Only this person and the server know it, so an
  -- answer id says nothing about who wrote it (S5). Never changes.
  answer_secret text not null
    default (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- replication (S3, S9): the transaction that last wrote the row, and its revision
  replication_xid xid8 not null default pg_current_xact_id(),
  server_rev integer not null default 1,
  -- the primary key replication needs (RxDB's primaryPath is `id` in every collection)
  id uuid generated always as (user_id) stored,
  -- who may send this person a friend request: anyone, people in their notebooks, nobody
  friend_requests_from text not null default 'everyone'
    check (friend_requests_from in ('everyone', 'companions', 'nobody')),
  -- what the create screen starts a new notebook with (spec §3 defaults; profiles.sql validates the
  -- author; store.sql: the theme is one of notebook_themes, a premium one owned)
  notebook_theme text not null default 'purple',
  notebook_pre_moderation boolean not null default false,
  notebook_author text
    check (notebook_author is null or char_length(btrim(notebook_author)) between 1 and 50),
  -- the guestbook takes messages from friends only (guestbook_polls.sql: true for minors from sign-up)
  guestbook_friends_only boolean not null default false
);
create unique index user_settings_id on public.user_settings (id);
comment on table public.user_settings is 'Private per-person settings: readable and writable by that person only.';
-- Created by the sign-up trigger; its person reads and updates it.
revoke all on public.user_settings from public, anon, authenticated, service_role;
grant select, update on public.user_settings to authenticated;
grant select, insert, update, delete on public.user_settings to service_role;

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null check (role in ('admin', 'beta_tester')),
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  constraint user_roles_one_per_kind unique (user_id, role)
);
comment on table public.user_roles is 'Role flags (spec §3). admin opens the admin panel; beta_tester the seasonal store.';
-- A person reads their own flags (the app asks whether it is an admin); admins read all, grant and
-- revoke. Never updated (revoke and grant instead).
revoke all on public.user_roles from public, anon, authenticated, service_role;
grant select, insert, delete on public.user_roles to authenticated;
grant select, insert, update, delete on public.user_roles to service_role;

-- Account state of a person ('active' when unknown, so service calls are not blocked).
create or replace function private.account_status(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.account_status from public.profiles p where p.id = p_user_id), 'active')
$$;
grant execute on function private.account_status(uuid) to anon, authenticated, service_role;

-- Whether the caller has the admin flag and an active account.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null
     and exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
     and private.account_status(auth.uid()) = 'active'
$$;
-- Policies of tables visitors read (profiles) call it; translations-manager asks it with the
-- caller's token or the anon key.
revoke all on function public.is_admin() from public, anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Triggers shared by every table
-- ---------------------------------------------------------------------------------------------

-- "00 banned or deleted accounts cannot write" (spec §4, §8): every insert, update and delete
-- made with a signed-in person's token is refused once their account is banned or deleted.
-- Requests with no user (service role, migrations, GoTrue) pass.
create or replace function private.refuse_inactive_writer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  status text;
begin
  if auth.uid() is not null then
    status := private.account_status(auth.uid());
    if status = 'banned' then
      raise exception using errcode = '42501',
        message = 'Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.',
        hint = 'account_banned';
    elsif status = 'deleted' then
      raise exception using errcode = '42501', message = 'Sua conta foi removida.', hint = 'account_deleted';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

-- "01 an update that changes nothing does nothing" (spec §5): the row is left untouched — no
-- updated_at, no history, no replication revision. Columns named in the trigger arguments
-- (bookkeeping such as updated_at) are ignored in the comparison.
create or replace function private.skip_unchanged_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (to_jsonb(new) - tg_argv) = (to_jsonb(old) - tg_argv) then
    return null;
  end if;
  return new;
end
$$;

-- "90 updated_at is stamped"
create or replace function private.stamp_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Profile rules
-- ---------------------------------------------------------------------------------------------

-- "10 profile fields are validated": username 3–20 letters, digits, _ or -; unique ignoring case;
-- no forbidden words in any public text field.
create or replace function private.validate_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.username := btrim(new.username);
  if new.username is null or new.username !~ '^[A-Za-z0-9_-]{3,20}$' then
    raise exception using errcode = '23514',
      message = 'Username must be 3 to 20 characters: letters, numbers, underscore or hyphen.',
      hint = 'validation';
  end if;
  if (tg_op = 'INSERT' or lower(new.username) <> lower(old.username))
     and exists (select 1 from public.profiles p where lower(p.username) = lower(new.username) and p.id <> new.id) then
    raise exception using errcode = '23505', message = 'Username is already taken', hint = 'username_taken';
  end if;
  perform private.assert_no_forbidden_words(new.username, new.display_name, new.bio, new.status_message);
  return new;
end
$$;

-- "20 profile fields are protected": the id never changes; account_status is changed by admins
-- only — except that a person may delete (remove) their own account.
create or replace function private.protect_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.id is distinct from old.id or new.created_at is distinct from old.created_at then
    raise exception using errcode = '42501', message = 'A profile''s id cannot change.', hint = 'not_allowed';
  end if;
  if new.account_status is distinct from old.account_status
     and auth.uid() is not null
     and not public.is_admin()
     and not (new.id = auth.uid() and new.account_status = 'deleted') then
    raise exception using errcode = '42501', message = 'Only admins change an account''s status.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.profiles
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.profiles
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "10 profile fields are validated" before insert or update on public.profiles
  for each row execute function private.validate_profile();
create trigger "20 profile fields are protected" before update on public.profiles
  for each row execute function private.protect_profile();
create trigger "90 updated_at is stamped" before update on public.profiles
  for each row execute function private.stamp_updated_at();

-- "20 the answer secret never changes"
create or replace function private.protect_user_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.user_id is distinct from old.user_id or new.answer_secret is distinct from old.answer_secret then
    raise exception using errcode = '42501', message = 'This setting cannot change.', hint = 'not_allowed';
  end if;
  return new;
end
$$;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.user_settings
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.user_settings
  for each row execute function private.skip_unchanged_update('updated_at');
create trigger "20 the answer secret never changes" before update on public.user_settings
  for each row execute function private.protect_user_settings();
create trigger "90 updated_at is stamped" before update on public.user_settings
  for each row execute function private.stamp_updated_at();

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.user_roles
  for each row execute function private.refuse_inactive_writer();

-- "10 forbidden words are normalised" is the generated column; writes are admins' (RLS).
create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.forbidden_words
  for each row execute function private.refuse_inactive_writer();
create trigger "01 an update that changes nothing does nothing" before update on public.forbidden_words
  for each row execute function private.skip_unchanged_update('updated_at', 'normalized');
create trigger "90 updated_at is stamped" before update on public.forbidden_words
  for each row execute function private.stamp_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Sign-up: a profile and a settings row for every new auth user
-- ---------------------------------------------------------------------------------------------

-- The username comes from the sign-up metadata (supabase.auth.signUp({ options: { data: {
-- username } } })). A user created without one (admin API, OAuth) gets one derived from the
-- e-mail. An invalid, taken or forbidden username makes the sign-up fail with that message.
create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text := nullif(btrim(new.raw_user_meta_data ->> 'username'), '');
  base text;
begin
  if wanted is null then
    base := left(regexp_replace(coalesce(split_part(new.email, '@', 1), ''), '[^A-Za-z0-9_-]', '', 'g'), 12);
    if length(base) < 3 then
      base := 'user';
    end if;
    wanted := base || '_' || left(replace(new.id::text, '-', ''), 6);
  end if;
  insert into public.profiles (id, username, display_name, avatar_url)
  values (
    new.id,
    wanted,
    coalesce(nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''),
             nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
             wanted),
    nullif(new.raw_user_meta_data ->> 'avatar_url', '')
  );
  insert into public.user_settings (user_id, email) values (new.id, new.email);
  return new;
end
$$;

create trigger "on sign-up a profile is created" after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- The private settings keep a copy of the e-mail (spec §3 settings-level field).
create or replace function private.copy_email_to_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.user_settings set email = new.email where user_id = new.id and email is distinct from new.email;
  return new;
end
$$;

create trigger "an e-mail change is copied to the settings" after update of email on auth.users
  for each row execute function private.copy_email_to_settings();

-- Username availability for the registration form ('Username is available' / 'Username is
-- already taken'): true only when the name is well formed, free and has no forbidden word.
create or replace function public.username_available(p_username text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_username ~ '^[A-Za-z0-9_-]{3,20}$'
     and not exists (select 1 from public.profiles p where lower(p.username) = lower(btrim(p_username)))
     and cardinality(public.find_forbidden_words(p_username)) = 0
$$;
revoke all on function public.username_available(text) from public, anon, authenticated, service_role;
grant execute on function public.username_available(text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Row level security
-- ---------------------------------------------------------------------------------------------

alter table public.profiles enable row level security;
alter table public.user_settings enable row level security;
alter table public.user_roles enable row level security;
alter table public.forbidden_words enable row level security;

-- profiles: insert only through the sign-up trigger; delete only by deleting the auth user.
-- profiles: read policy in safety.sql (it needs notebook membership and blocks).
-- Admins edit nobody's profile: they change account_status alone, through the audited RPCs
-- (admin_set_banned, admin_act; issue 33 security review).
create policy "people update their own profile" on public.profiles
  for update to authenticated
  using (id = auth.uid())
  with check (id = auth.uid());

-- user_settings: created by the sign-up trigger; never deleted on its own.
create policy "people read their own settings" on public.user_settings
  for select to authenticated
  using (user_id = auth.uid());
create policy "people update their own settings" on public.user_settings
  for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid());

-- user_roles: no update (delete and insert instead).
create policy "people read their own roles and admins read all" on public.user_roles
  for select to authenticated
  using (user_id = auth.uid() or public.is_admin());
create policy "admins grant roles" on public.user_roles
  for insert to authenticated
  with check (public.is_admin());
create policy "admins revoke roles" on public.user_roles
  for delete to authenticated
  using (public.is_admin());

create policy "anyone can read forbidden words" on public.forbidden_words
  for select to anon, authenticated
  using (true);
create policy "admins add forbidden words" on public.forbidden_words
  for insert to authenticated
  with check (public.is_admin());
create policy "admins edit forbidden words" on public.forbidden_words
  for update to authenticated
  using (public.is_admin())
  with check (public.is_admin());
create policy "admins remove forbidden words" on public.forbidden_words
  for delete to authenticated
  using (public.is_admin());
