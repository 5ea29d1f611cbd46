-- The guardian's mail (issue 22, gap 2): sent (or sent again) by the edge function guardian-mail,
-- on the minor's request, optionally to a corrected address.
--
--   account_safety.guardian_mailed_at   when the last link was issued: the app sends the first
--                                       mail itself when it is null (on hosted Supabase GoTrue
--                                       does not call us; the sync-server's sign-up sends it)
--   guardian_links.sent_to              the address each link was mailed to
--   private.guardian_mail_wait(…)       seconds before another mail may go: one a minute to the
--                                       same address (a corrected address need not wait), five a
--                                       day per account
--   issue_guardian_link(uuid)           (replaced) + the rate limit, + every older link of the
--                                       account stops confirming, + guardian_mailed_at
--   change_guardian_email(uuid, text)   a pending minor's guardian address, corrected
--
-- Replaces (supabase/tests/migrations-fold.test.ts REPLACED_LATER): public.issue_guardian_link
-- (20261124110300_safety.sql). Both functions that mint or redirect links are the service role's
-- alone: the app's roles cannot mail anyone, nor confirm with a link they minted themselves.

alter table public.account_safety add column guardian_mailed_at timestamptz;
comment on column public.account_safety.guardian_mailed_at is
  'When the guardian''s last confirmation link was issued (null: no mail yet). Read by the minor; written by issue_guardian_link.';
-- Minors mailed before this column existed: the newest link they were sent.
update public.account_safety s
   set guardian_mailed_at = (select max(l.created_at) from private.guardian_links l where l.user_id = s.user_id)
 where s.guardian_mailed_at is null;

-- The address each link went to: the minute between two mails is per address, so that a minor
-- who corrects a mistyped address right after signing up need not wait.
alter table private.guardian_links add column sent_to text;
update private.guardian_links l
   set sent_to = (select s.guardian_email from public.account_safety s where s.user_id = l.user_id)
 where l.sent_to is null;

-- The limits of the guardian's mail: one a minute to one address (GoTrue's SMTP_MAX_FREQUENCY)
-- and five a day per account. The links table is the log: every mail is one link.
create or replace function private.guardian_mail_wait(p_user_id uuid, p_address text)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  with recent as (
    select l.created_at, l.sent_to from private.guardian_links l
     where l.user_id = p_user_id and l.created_at > now() - interval '1 day'
  ), limits as (
    select (select max(created_at) + interval '1 minute' from recent where sent_to = lower(p_address)) as per_minute,
           (select created_at + interval '1 day' from recent order by created_at desc offset 4 limit 1) as per_day
  )
  select greatest(0, ceil(extract(epoch from greatest(per_minute, per_day) - now())))::integer from limits
$$;
revoke all on function private.guardian_mail_wait(uuid, text) from public, anon, authenticated;
grant execute on function private.guardian_mail_wait(uuid, text) to service_role;

-- Refuses with P0001 guardian_mail_rate_limited (detail: the seconds to wait) when a mail to this
-- address, or too many mails today, went out too recently.
create or replace function private.check_guardian_mail_rate(p_user_id uuid, p_address text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wait integer := private.guardian_mail_wait(p_user_id, p_address);
begin
  if wait > 0 then
    raise exception using errcode = 'P0001', message = 'The guardian was mailed a moment ago; try again later.',
      detail = wait::text, hint = 'guardian_mail_rate_limited';
  end if;
end
$$;
revoke all on function private.check_guardian_mail_rate(uuid, text) from public, anon, authenticated;
grant execute on function private.check_guardian_mail_rate(uuid, text) to service_role;

-- A new confirmation link for a minor's guardian: the token (for the mail) with the guardian's
-- address and the minor's username, or no row when no guardian is awaited. Called by the server
-- that sends the mail (the sync-server's sign-up; the edge function guardian-mail); only the hash
-- is kept. New here: one a minute to an address and five a day (guardian_mail_rate_limited), and the
-- older links of the account stop confirming, so a stale mail (or one to a mistyped address)
-- cannot confirm.
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
-- (guardian_mail_rate_limited, checked first: the address never changes without its mail). The old address's
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
  update public.account_safety set guardian_email = guardian where user_id = p_user_id;
  update private.guardian_links set expires_at = now() where user_id = p_user_id and expires_at > now();
end
$$;
revoke all on function public.change_guardian_email(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.change_guardian_email(uuid, text) to service_role;
