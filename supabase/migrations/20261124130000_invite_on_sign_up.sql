-- A sign-up from an invitation redeems it in the same request (issue 20).
--
-- A friend who taps an invite link and creates an account used to wait for three requests one
-- after another: the sign-up, then redeem_invite (it needs the session), then the first pulls of
-- the notebook (they need the share). On a phone with 400 ms round trips that is 1.2 s of waiting
-- before anything can be drawn. The registration form now sends the invitation's code with the
-- sign-up (`invite_code` in the user's metadata) and this trigger redeems it while the account is
-- being made, so the app can ask for the notebook the moment the sign-up answers.
--
-- The redeem is redeem_invite itself — the one home of what a code opens — run as the new person:
-- auth.uid() is theirs for its duration (the share's own triggers, the owner's notification, the
-- history), then the caller's claims come back. A code that opens nothing does not stop the
-- sign-up: the account is made, and the app's own redeem_invite call (which it makes anyway) says
-- 'Invalid or expired invitation.' as before. The code leaves the user's metadata, which travels
-- in every token. Works the same under hosted GoTrue (a trigger on auth.users, like the others).

create or replace function private.redeem_invite_on_sign_up()
returns trigger
language plpgsql
security definer -- GoTrue's own role (supabase_auth_admin) may not use the schema private
set search_path = ''
as $$
declare
  code text := nullif(btrim(new.raw_user_meta_data ->> 'invite_code'), '');
  claims text := current_setting('request.jwt.claims', true);
  claim_sub text := current_setting('request.jwt.claim.sub', true);
begin
  if new.raw_user_meta_data ? 'invite_code' then
    update auth.users set raw_user_meta_data = raw_user_meta_data - 'invite_code' where id = new.id;
  end if;
  if code is null then
    return null;
  end if;
  perform set_config('request.jwt.claims', json_build_object('sub', new.id, 'role', 'authenticated')::text, true);
  perform set_config('request.jwt.claim.sub', '', true); -- the older single claim would win in auth.uid()
  begin
    perform public.redeem_invite(code);
  exception when others then
    null; -- an invalid, expired or refused code: the app's redeem_invite says why
  end;
  perform set_config('request.jwt.claims', coalesce(claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(claim_sub, ''), true);
  return null;
end
$$;
revoke all on function private.redeem_invite_on_sign_up() from public, anon, authenticated;

-- After "on sign-up a profile is created" and "on sign-up the age and guardian are recorded"
-- (triggers of an event run in name order): the person exists, with their safety settings.
create trigger "on sign-up the invitation is redeemed" after insert on auth.users
  for each row execute function private.redeem_invite_on_sign_up();
