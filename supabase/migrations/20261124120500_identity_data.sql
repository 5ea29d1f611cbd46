-- The date of birth and the guardian's address stay in public.account_safety alone (issue 22).
--
-- A sign-up sends them in the user's metadata; "on sign-up the age and guardian are recorded"
-- (safety migration) moves them to account_safety and removes them from auth.users. But GoTrue
-- (and the sync-server, which follows it) also copies the sign-up's metadata into the email
-- identity's identity_data, which supabase-js returns with every getUser() and the admin API
-- lists: a minor's date of birth and their guardian's address were kept there for good.

create or replace function private.keep_age_out_of_identities()
returns trigger
language plpgsql
security definer -- GoTrue's own role (supabase_auth_admin) may not use the schema private
set search_path = ''
as $$
begin
  new.identity_data := new.identity_data - 'birth_date' - 'guardian_email' - 'guardian_acknowledged';
  return new;
end
$$;
revoke all on function private.keep_age_out_of_identities() from public, anon, authenticated;

create trigger "the date of birth and the guardian stay out of identities" before insert or update on auth.identities
  for each row execute function private.keep_age_out_of_identities();

-- Identities made before this migration.
update auth.identities
   set identity_data = identity_data - 'birth_date' - 'guardian_email' - 'guardian_acknowledged'
 where identity_data ?| array['birth_date', 'guardian_email', 'guardian_acknowledged'];
