-- The date of birth and the guardian stay out of the user's metadata on every write, not only on
-- sign-up (issue 28, item 7).
--
-- "on sign-up the age and guardian are recorded" (safety migration) moves them from the sign-up's
-- metadata to account_safety and removes them from auth.users, because the user metadata travels
-- in every access token and every getUser(). But a person can write their own metadata at any
-- time: `PUT /auth/v1/user {"data": {"birth_date": …}}` (supabase-js `updateUser({ data })`), and
-- the service role through the admin API. Such a write put a date of birth back into the tokens.
-- The trigger below removes the three keys from every update of auth.users, whoever writes it
-- (GoTrue on Supabase, the sync-server, SQL): the date of birth is the sign-up's, in
-- account_safety, and changes only there. A sign-up keeps them in the inserted row for the age
-- checks, which then remove them with an update that passes here too.

create or replace function private.keep_age_out_of_user_metadata()
returns trigger
language plpgsql
security definer -- GoTrue's own role (supabase_auth_admin) may not use the schema private
set search_path = ''
as $$
begin
  if new.raw_user_meta_data ?| array['birth_date', 'guardian_email', 'guardian_acknowledged'] then
    new.raw_user_meta_data := new.raw_user_meta_data - 'birth_date' - 'guardian_email' - 'guardian_acknowledged';
  end if;
  return new;
end
$$;
revoke all on function private.keep_age_out_of_user_metadata() from public, anon, authenticated;

create trigger "the date of birth and the guardian stay out of the user metadata" before update on auth.users
  for each row execute function private.keep_age_out_of_user_metadata();

-- Accounts whose metadata got them back before this migration.
update auth.users
   set raw_user_meta_data = raw_user_meta_data - 'birth_date' - 'guardian_email' - 'guardian_acknowledged'
 where raw_user_meta_data ?| array['birth_date', 'guardian_email', 'guardian_acknowledged'];
