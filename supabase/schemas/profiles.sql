set check_function_bodies = off;

-- Profiles and settings (issue 22): what a person shows of themselves and to whom, the settings
-- screen's new preferences, and the avatar and cover images.
--
--   private.profile_reach(profile)      the one rule of how much of a profile the caller sees
--   private.may_see_connections(owner)  connections visibility (public / friends / private)
--   public.profile_view(username)       the profile screen's one read (RPC)
--   user_settings                       who may send friend requests, defaults for new notebooks
--                                       (columns in accounts.sql; the author label validated here)
--   profiles                            text lengths (accounts.sql); avatar_url / cover_url name the
--                                       person's own files
--   storage buckets avatars, covers     public reads (served cached), size and type limits, a
--                                       person writes only the files of their own folder
--
-- The profiles table's read policy (safety.sql) stays: a visitor reads active public
-- profiles, a person their own and their notebook companions'. A stranger gets a private
-- profile's name and avatar through profile_view only, never the row.

-- ---------------------------------------------------------------------------------------------
-- Who sees how much of a profile
-- ---------------------------------------------------------------------------------------------

-- 'full': every public field (self, admins, anyone for a public active profile, notebook
-- companions and friends for a private one); 'card': username, display name and avatar (a signed-in stranger
-- looking at a private profile, spec: "a private profile shows a stranger only the name and
-- avatar"); 'none': nothing (visitors looking at a private profile, banned or removed accounts,
-- unknown ids; a person the profile's owner blocked, as for a missing profile).
create or replace function private.profile_reach(p_profile uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p.id is null then 'none'
    when p.id = auth.uid() or public.is_admin() then 'full'
    when p.account_status <> 'active' then 'none'
    when private.has_blocked(p.id, auth.uid()) then 'none'
    when p.visibility = 'public' then 'full'
    when auth.uid() is null then 'none'
    when private.is_notebook_companion(p.id) then 'full'
    when private.are_friends(p.id, auth.uid()) then 'full'
    else 'card'
  end
  from (select 1) one
  left join public.profiles p on p.id = p_profile
$$;
revoke all on function private.profile_reach(uuid) from public, anon, authenticated, service_role;
grant execute on function private.profile_reach(uuid) to anon, authenticated, service_role;

-- Connections visibility (spec §3): 'public' → whoever sees the full profile; 'friends' → the
-- person's friends (friends.sql: private.are_friends); 'private' → the person alone.
create or replace function private.may_see_connections(p_owner uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select p.id = auth.uid()
        or public.is_admin()
        or (private.profile_reach(p.id) = 'full'
            and (p.connections_visibility = 'public'
                 or (p.connections_visibility = 'friends' and private.are_friends(p.id, auth.uid()))))
      from public.profiles p
     where p.id = p_owner), false)
$$;
revoke all on function private.may_see_connections(uuid) from public, anon, authenticated, service_role;
grant execute on function private.may_see_connections(uuid) to anon, authenticated, service_role;

-- The profile screen's read (/profile/{username}): the fields the caller may see, as one JSON
-- object, or null when they may see nothing (the screen says "not found" either way, so a
-- visitor cannot tell a private profile from a missing one). Achievements follow the table's
-- rule: others see an award from the day after it (user_achievements policy).
create or replace function public.profile_view(p_username text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  p public.profiles;
  reach text;
begin
  select * into p from public.profiles where lower(username) = lower(btrim(p_username));
  if not found then
    return null;
  end if;
  reach := private.profile_reach(p.id);
  if reach = 'none' then
    return null;
  end if;
  if reach = 'card' then
    return jsonb_build_object('id', p.id, 'username', p.username, 'display_name', p.display_name,
                              'avatar_url', p.avatar_url, 'reach', reach, 'is_self', false);
  end if;
  return jsonb_build_object(
    'id', p.id, 'username', p.username, 'display_name', p.display_name, 'avatar_url', p.avatar_url,
    'reach', reach, 'is_self', coalesce(p.id = auth.uid(), false),
    'cover_url', p.cover_url, 'bio', p.bio, 'status_message', p.status_message,
    'visibility', p.visibility, 'connections_visibility', p.connections_visibility,
    'created_at', p.created_at,
    'connections_visible', private.may_see_connections(p.id),
    'achievements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', a.id, 'name_pt', a.name_pt, 'name_en', a.name_en, 'rarity', a.rarity,
               'points', a.points, 'earned_at', ua.earned_at) order by ua.earned_at desc, a.id)
        from public.user_achievements ua
        join public.achievements a on a.id = ua.achievement_id
       where ua.user_id = p.id
         and (p.id = auth.uid() or ua.earned_at < date_trunc('day', now(), 'UTC'))), '[]'::jsonb)
  );
end
$$;
revoke all on function public.profile_view(text) from public, anon, authenticated, service_role;
grant execute on function public.profile_view(text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Settings: social and notebook defaults
-- ---------------------------------------------------------------------------------------------

-- The columns (user_settings.friend_requests_from, notebook_theme, notebook_pre_moderation,
-- notebook_author) are in accounts.sql.
-- The settings screen writes these with supabase-js (the table's update grant and the policy
-- "people update their own settings"); they reach the person's devices through the pull.

-- The author label is public text: no forbidden words.
create or replace function private.validate_notebook_defaults()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.notebook_author := nullif(btrim(new.notebook_author), '');
  perform private.assert_no_forbidden_words(new.notebook_author);
  return new;
end
$$;
create trigger "10 notebook defaults are validated" before insert or update on public.user_settings
  for each row execute function private.validate_notebook_defaults();

-- ---------------------------------------------------------------------------------------------
-- Profile fields
-- ---------------------------------------------------------------------------------------------

-- "11 profile images are the person's own files": a changed avatar_url / cover_url is null or the
-- key of a file in the person's own folder of the avatars / covers bucket ("<id>/<name>.<ext>"),
-- never an outside address that would track whoever looks at the profile. (The sign-up trigger
-- may still copy an OAuth provider's avatar address: this rule judges changes only.)
create or replace function private.validate_profile_images()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  own_file text := '^' || new.id::text || '/[A-Za-z0-9_-]{1,80}\.(webp|jpg|jpeg|png)$';
begin
  if (new.avatar_url is distinct from old.avatar_url and new.avatar_url !~ own_file)
     or (new.cover_url is distinct from old.cover_url and new.cover_url !~ own_file) then
    raise exception using errcode = '23514',
      message = 'A profile image must be a file of your own folder.', hint = 'validation';
  end if;
  return new;
end
$$;
create trigger "11 profile images are the person's own files" before update of avatar_url, cover_url on public.profiles
  for each row execute function private.validate_profile_images();

-- ---------------------------------------------------------------------------------------------
-- Storage: avatars and covers (spec §5, §9; ARCHITECTURE §5)
-- ---------------------------------------------------------------------------------------------

-- Public buckets: images are read by their address without a token, so browsers and the service
-- worker cache them (Cache-Control max-age=3600, spec §9). File names carry a random part: a
-- private profile's cover is known only to those shown the profile. Limits as spec §5: avatar
-- 2 MB, cover 5 MB, JPG/PNG/WebP.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/jpeg', 'image/png', 'image/webp']),
       ('covers', 'covers', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- A person lists, adds, replaces and removes only the files of their own folder
-- ("<their id>/…"), and only while their account is active. Nobody else writes there (admins
-- clear an image by clearing the profile's field).
create policy "people list their own profile images" on storage.objects
  for select to authenticated
  using (bucket_id in ('avatars', 'covers') and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "people upload their own profile images" on storage.objects
  for insert to authenticated
  with check (bucket_id in ('avatars', 'covers')
              and (storage.foldername(name))[1] = (select auth.uid()::text)
              and private.account_status(auth.uid()) = 'active');
create policy "people replace their own profile images" on storage.objects
  for update to authenticated
  using (bucket_id in ('avatars', 'covers') and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id in ('avatars', 'covers')
              and (storage.foldername(name))[1] = (select auth.uid()::text)
              and private.account_status(auth.uid()) = 'active');
create policy "people remove their own profile images" on storage.objects
  for delete to authenticated
  using (bucket_id in ('avatars', 'covers') and (storage.foldername(name))[1] = (select auth.uid()::text));
