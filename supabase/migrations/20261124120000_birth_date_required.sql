-- A date of birth for every account (issue 22). The registration form requires one, but the
-- server did not: a sign-up through the API without `birth_date` got an adult's defaults, so a
-- child could skip the age check. From now on a new account has a date of birth, or the service
-- role's explicit word that it is an adult's:
--
--   raw_app_meta_data.age_checked_by = 'admin'
--
-- app_metadata is written by GoTrue alone: the public /signup and /otp set it to the provider, and
-- only the admin API (`auth.admin.createUser({ app_metadata })`, service role) takes it from the
-- caller. Seeds that insert into auth.users themselves write it too (supabase/seed-demo.sql).
-- supabase/README.md "A date of birth for every account".
--
-- Why a deferred constraint trigger, and not one more line in private.check_age_on_sign_up (before
-- insert): GoTrue's admin createUser inserts the user with app_metadata {provider, providers} and
-- writes the caller's app_metadata with an UPDATE afterwards, in the same transaction
-- (internal/api/admin.go adminUserCreate: tx.Create(user) … user.UpdateAppMetaData). A check
-- before the insert would never see the marker on hosted Supabase. At commit the row is final.
-- The date itself is still checked before the insert (real date, 13 or over, a guardian for
-- 13–17) by check_age_on_sign_up, unchanged; the after-insert trigger "on sign-up the age and
-- guardian are recorded" has moved it into account_safety by the time this check runs.
--
-- Refused: SQLSTATE 23514 with hint 'birth_date_required'; the whole sign-up rolls back (no user,
-- profile, session or mail). The sync-server answers 422 with the hint as the error code
-- (sync-server/auth/routes/signup.ts translateInsertError); GoTrue answers 500 "Database error
-- saving new user", and the app's form never sends a sign-up without a date.

create or replace function private.require_birth_date_on_sign_up()
returns trigger
language plpgsql
security definer -- GoTrue's own role (supabase_auth_admin) may not use the schema private
set search_path = ''
as $$
declare
  vouched boolean;
  has_date boolean;
begin
  select coalesce(u.raw_app_meta_data ->> 'age_checked_by', '') = 'admin'
    into vouched
    from auth.users u
   where u.id = new.id;
  if not found then
    return null; -- made and removed in the same transaction
  end if;
  select s.birth_date is not null into has_date from public.account_safety s where s.user_id = new.id;
  if not vouched and not coalesce(has_date, false) then
    raise exception using errcode = '23514',
      message = 'A date of birth is needed to create an account.', hint = 'birth_date_required';
  end if;
  return null;
end
$$;
revoke all on function private.require_birth_date_on_sign_up() from public, anon, authenticated;

create constraint trigger "on sign-up a date of birth or the admin's word is required"
  after insert on auth.users
  deferrable initially deferred
  for each row execute function private.require_birth_date_on_sign_up();
