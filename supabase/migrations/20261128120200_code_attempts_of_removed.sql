-- A removed account's wrong codes go with it (issue 28, items 3 and 6): delete_my_account keeps
-- the auth.users row (and the profile as a removed account), so private.code_attempts' cascade
-- would not reach them; rows naming the person would stay up to a day. Trigger "a removed
-- account's wrong codes are forgotten" deletes them when the profile becomes a removed account,
-- whatever removes it.
create or replace function private.forget_code_attempts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.code_attempts a where a.user_id = new.id;
  return null;
end
$$;
revoke all on function private.forget_code_attempts() from public, anon, authenticated;

create trigger "a removed account's wrong codes are forgotten" after update of account_status on public.profiles
  for each row when (new.account_status = 'deleted' and old.account_status is distinct from 'deleted')
  execute function private.forget_code_attempts();
