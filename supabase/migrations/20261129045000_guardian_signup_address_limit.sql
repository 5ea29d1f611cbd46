-- A guardian's address gets the sign-up's confirmation mail for at most five accounts a day
-- (issue 35), whichever minors name it (any case): the limits of one a minute and five a day per
-- account let anyone who makes accounts naming one adult's address flood that inbox. New:
-- private.check_guardian_address_rate (an advisory lock per address; an account that already
-- mailed the address, a resend by the same minor, keeps only its own limits), called by
-- issue_guardian_link and change_guardian_email (a corrected address is counted before it is
-- saved): P0001, hint guardian_address_rate_limited. The sync-server's sign-up keeps
-- the account and sends nothing; the edge function guardian-mail answers 429 with that code.
-- schemas/safety.sql. Replaces public.issue_guardian_link and public.change_guardian_email.

-- And five accounts a day to one guardian's address (any case): making accounts that name one
-- adult does not flood that inbox (siblings share a guardian: five of them a day). The accounts
-- counted are those whose first link to the address went out in the last day; an account that
-- already mailed this address (a resend by the same minor) keeps only the limits above. Refuses
-- with P0001 guardian_address_rate_limited; one address's first links are counted and issued one
-- after the other (the lock, held to the end of the transaction).
create or replace function private.check_guardian_address_rate(p_user_id uuid, p_address text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(p_address));
  accounts integer;
begin
  if address is null
     or exists (select 1 from private.guardian_links l where l.user_id = p_user_id and lower(l.sent_to) = address) then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guardian mail ' || address, 0));
  select count(*) into accounts from (
    select l.user_id from private.guardian_links l
     where lower(l.sent_to) = address
     group by l.user_id
    having min(l.created_at) > now() - interval '1 day'
  ) firsts;
  if accounts >= 5 then
    raise exception using errcode = 'P0001', message = 'This guardian''s address was asked enough today; try again tomorrow.',
      hint = 'guardian_address_rate_limited';
  end if;
end
$$;
revoke all on function private.check_guardian_address_rate(uuid, text) from public, anon, authenticated;
grant execute on function private.check_guardian_address_rate(uuid, text) to service_role;

create or replace function public.issue_guardian_link(p_user_id uuid)
returns table (guardian_email text, username text, token text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  fresh text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
begin
  if not private.awaits_guardian(p_user_id) then
    return;
  end if;
  perform private.check_guardian_mail_rate(p_user_id, (select s.guardian_email from public.account_safety s where s.user_id = p_user_id));
  perform private.check_guardian_address_rate(p_user_id, (select s.guardian_email from public.account_safety s where s.user_id = p_user_id));
  update private.guardian_links set expires_at = now() where user_id = p_user_id and expires_at > now();
  insert into private.guardian_links (token_hash, user_id, sent_to)
  values (encode(sha256(convert_to(fresh, 'UTF8')), 'hex'), p_user_id,
          (select s.guardian_email from public.account_safety s where s.user_id = p_user_id));
  update public.account_safety set guardian_mailed_at = now() where user_id = p_user_id;
  return query
    select s.guardian_email, p.username, fresh
      from public.account_safety s join public.profiles p on p.id = s.user_id
     where s.user_id = p_user_id;
end
$$;
revoke all on function public.issue_guardian_link(uuid) from public, anon, authenticated, service_role;
grant execute on function public.issue_guardian_link(uuid) to service_role;

-- A minor who mistyped the guardian's address corrects it while the guardian has not confirmed
-- (a confirmed guardian is not replaced by the minor alone). The rules of the sign-up hold: a
-- valid address (guardian_email), not the minor's own (guardian_email_own). Refused when no
-- guardian is awaited (guardian_not_pending) or when the mail that follows could not go out
-- (guardian_mail_rate_limited, guardian_address_rate_limited, checked first: the address never
-- changes without its mail). The old address's
-- links stop confirming at once. The caller (the edge function) then issues the new link.
create or replace function public.change_guardian_email(p_user_id uuid, p_guardian_email text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  guardian text := lower(btrim(coalesce(p_guardian_email, '')));
begin
  if not private.awaits_guardian(p_user_id) then
    raise exception using errcode = 'P0001', message = 'No guardian confirmation is pending for this account.',
      hint = 'guardian_not_pending';
  end if;
  if guardian !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or length(guardian) > 254 then
    raise exception using errcode = '22023', message = 'The guardian''s e-mail is not a valid address.', hint = 'guardian_email';
  end if;
  if guardian = (select lower(u.email) from auth.users u where u.id = p_user_id) then
    raise exception using errcode = '22023', message = 'The guardian''s e-mail cannot be your own.', hint = 'guardian_email_own';
  end if;
  perform private.check_guardian_mail_rate(p_user_id, guardian);
  perform private.check_guardian_address_rate(p_user_id, guardian);
  update public.account_safety set guardian_email = guardian where user_id = p_user_id;
  update private.guardian_links set expires_at = now() where user_id = p_user_id and expires_at > now();
end
$$;
revoke all on function public.change_guardian_email(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.change_guardian_email(uuid, text) to service_role;
