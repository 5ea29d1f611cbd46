-- Guessing codes has a limit per account (issue 28, item 6).
--
-- claim_guest took 300 wrong codes in 6 s, redeem_invite 200 in 2.5 s, confirm_guardian 200 in
-- 3.4 s. The codes are long, but a limit costs nothing and stops a script. It lives here, in the
-- database, so that it holds on hosted Supabase, where no sync-server stands in front of
-- PostgREST; the sync-server adds a limit per client address (sync-server/auth/rate-limit.ts).
-- supabase/README.md "Guessing codes" says what each layer does.
--
--   private.code_attempts          one row per wrong code, per account and RPC (kind); kept a day
--   private.code_attempts_wait()   seconds until the account may try that RPC again: 0 under 30
--                                  wrong codes in the last 5 minutes and 100 in the last day
--   private.refuse_code_guessing() the check each RPC runs first (serialised per account and RPC
--                                  with an advisory lock, so parallel calls cannot slip past it):
--                                  SQLSTATE PT429 — PostgREST answers 429 — hint
--                                  too_many_attempts, detail = the seconds to wait; every call of
--                                  that RPC by that account is refused while it lasts, the right
--                                  code too (the status tells nothing about the code)
--   private.answer_wrong_code()    a wrong code is ANSWERED, not raised: a raised error would roll
--                                  back the row that counts it. The RPC records the attempt and
--                                  returns PostgREST's error envelope {code, message, details,
--                                  hint} with response.status 400 — on the wire exactly the
--                                  refusal it was before (P0001, the same hint), but committed.
--
-- Wrong codes: claim_invalid (claim_guest), invite_invalid (redeem_invite), guardian_link_invalid
-- (confirm_guardian). Other refusals (claim_already_claimed, access_removed …) are no guesses and
-- are raised as before. A visitor (no account: confirm_guardian only) is limited per address by
-- the sync-server alone.
--
-- The claim, the redeem and the confirmation themselves move to private.claim_guest (already, in
-- 20261128120000), private.redeem_invite and private.confirm_guardian, unchanged; the public RPCs
-- become their limited entries. redeem_invite now returns jsonb (the notebook id as a JSON string:
-- the same body as before; a refusal needs the envelope). Replaces public.claim_guest,
-- public.redeem_invite and public.confirm_guardian.

create table private.code_attempts (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null constraint code_attempts_kind check (kind in ('claim_guest', 'redeem_invite', 'confirm_guardian')),
  attempted_at timestamptz not null default now()
);
create index code_attempts_by_person on private.code_attempts (user_id, kind, attempted_at desc);
comment on table private.code_attempts is
  'Wrong codes per account and RPC (claim_guest, redeem_invite, confirm_guardian), kept a day: the guessing limit.';
alter table private.code_attempts enable row level security;
revoke all on private.code_attempts from public, anon, authenticated;

-- Seconds until p_user_id may call p_kind again (0: now): the 30th newest wrong code of the last
-- 5 minutes must be 5 minutes old, the 100th newest of the last day a day old.
create or replace function private.code_attempts_wait(p_user_id uuid, p_kind text)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select greatest(0,
    ceil(extract(epoch from (
      select a.attempted_at + interval '5 minutes' from private.code_attempts a
       where a.user_id = p_user_id and a.kind = p_kind and a.attempted_at > now() - interval '5 minutes'
       order by a.attempted_at desc offset 29 limit 1) - now())),
    ceil(extract(epoch from (
      select a.attempted_at + interval '1 day' from private.code_attempts a
       where a.user_id = p_user_id and a.kind = p_kind and a.attempted_at > now() - interval '1 day'
       order by a.attempted_at desc offset 99 limit 1) - now()))
  )::integer
$$;
revoke all on function private.code_attempts_wait(uuid, text) from public, anon, authenticated;

-- The check a code-taking RPC runs first, as the caller. Nothing for a visitor.
create or replace function private.refuse_code_guessing(p_kind text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  wait integer;
begin
  if me is null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('cadernos.code_attempts:' || p_kind || ':' || me::text, 0));
  wait := private.code_attempts_wait(me, p_kind);
  if wait > 0 then
    raise exception using errcode = 'PT429', message = 'Too many wrong codes. Try again later.',
      detail = wait::text, hint = 'too_many_attempts';
  end if;
end
$$;
revoke all on function private.refuse_code_guessing(text) from public, anon, authenticated;

-- A wrong code: counted for the caller (their attempts older than a day go), and answered with
-- the refusal's envelope and HTTP 400 (PostgREST's response.status), so that the count commits.
create or replace function private.answer_wrong_code(p_kind text, p_state text, p_message text, p_detail text, p_hint text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    delete from private.code_attempts a
     where a.user_id = auth.uid() and a.kind = p_kind and a.attempted_at <= now() - interval '1 day';
    insert into private.code_attempts (user_id, kind) values (auth.uid(), p_kind);
  end if;
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', p_state, 'message', p_message, 'details', nullif(p_detail, ''), 'hint', nullif(p_hint, ''));
end
$$;
revoke all on function private.answer_wrong_code(text, text, text, text, text) from public, anon, authenticated;

-- claim_guest (claim_access migration): the claim is private.claim_guest.
create or replace function public.claim_guest(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  state text;
  msg text;
  detail text;
  hint text;
begin
  perform private.require_user(true);
  perform private.refuse_code_guessing('claim_guest');
  begin
    return private.claim_guest(p_code);
  exception when raise_exception then
    get stacked diagnostics state = returned_sqlstate, msg = message_text, detail = pg_exception_detail, hint = pg_exception_hint;
    if hint is distinct from 'claim_invalid' then
      raise;
    end if;
  end;
  return private.answer_wrong_code('claim_guest', state, msg, detail, hint);
end
$$;
revoke all on function public.claim_guest(text) from public, anon, authenticated, service_role;
grant execute on function public.claim_guest(text) to authenticated;

-- The redeem itself (sharing migration's public.redeem_invite, unchanged): a share given by the
-- owner for an invite code or the public link of a shared notebook; the notebook id back.
create or replace function private.redeem_invite(p_code text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user(true);
  link public.invite_links;
  target uuid;
begin
  select * into link from public.invite_links where code = upper(btrim(coalesce(p_code, ''))) for update;
  if found then
    if link.status <> 'active' or (link.expires_at is not null and link.expires_at <= now()) then
      raise exception using errcode = 'P0001', message = 'Invalid or expired invitation.', hint = 'invite_invalid';
    end if;
    target := link.notebook_id;
  elsif btrim(coalesce(p_code, '')) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select n.id into target from public.notebooks n where n.id = btrim(p_code)::uuid and n.is_shared;
  end if;
  if target is null then
    raise exception using errcode = 'P0001', message = 'Invalid or expired invitation.', hint = 'invite_invalid';
  end if;

  if public.notebook_role(target) in ('owner', 'editor', 'collaborator', 'viewer') then
    return target;
  end if;
  insert into public.notebook_shares (notebook_id, shared_with) values (target, uid);
  if link.id is not null then
    update public.invite_links set redeemed_count = redeemed_count + 1 where id = link.id;
  end if;
  return target;
end
$$;
revoke all on function private.redeem_invite(text) from public, anon, authenticated;

-- The RPC: the redeem above, limited. Returns the notebook id (a JSON string, as before).
drop function public.redeem_invite(text);
create function public.redeem_invite(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  state text;
  msg text;
  detail text;
  hint text;
begin
  perform private.require_user(true);
  perform private.refuse_code_guessing('redeem_invite');
  begin
    return to_jsonb(private.redeem_invite(p_code));
  exception when raise_exception then
    get stacked diagnostics state = returned_sqlstate, msg = message_text, detail = pg_exception_detail, hint = pg_exception_hint;
    if hint is distinct from 'invite_invalid' then
      raise;
    end if;
  end;
  return private.answer_wrong_code('redeem_invite', state, msg, detail, hint);
end
$$;
revoke all on function public.redeem_invite(text) from public, anon, authenticated, service_role;
grant execute on function public.redeem_invite(text) to anon, authenticated;

-- The confirmation itself (safety migration's public.confirm_guardian, unchanged).
create or replace function private.confirm_guardian(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  minor uuid;
  was_confirmed boolean;
begin
  select l.user_id into minor
    from private.guardian_links l
   where l.token_hash = encode(sha256(convert_to(btrim(coalesce(p_token, '')), 'UTF8')), 'hex')
     and l.expires_at > now();
  if minor is null then
    raise exception using errcode = 'P0001', message = 'This guardian link is unknown or expired.', hint = 'guardian_link_invalid';
  end if;
  select s.guardian_confirmed_at is not null into was_confirmed from public.account_safety s where s.user_id = minor;
  if not was_confirmed then
    update public.account_safety set guardian_confirmed_at = now() where user_id = minor;
    update public.profiles set connections_visibility = 'friends'
     where id = minor and connections_visibility = 'private';
  end if;
  return jsonb_build_object('username', (select p.username from public.profiles p where p.id = minor),
                            'already_confirmed', was_confirmed);
end
$$;
revoke all on function private.confirm_guardian(text) from public, anon, authenticated;

-- The RPC (anyone with the link, no account needed): the confirmation above, limited per account
-- when the guardian is signed in.
create or replace function public.confirm_guardian(p_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  state text;
  msg text;
  detail text;
  hint text;
begin
  perform private.refuse_code_guessing('confirm_guardian');
  begin
    return private.confirm_guardian(p_token);
  exception when raise_exception then
    get stacked diagnostics state = returned_sqlstate, msg = message_text, detail = pg_exception_detail, hint = pg_exception_hint;
    if hint is distinct from 'guardian_link_invalid' then
      raise;
    end if;
  end;
  return private.answer_wrong_code('confirm_guardian', state, msg, detail, hint);
end
$$;
revoke all on function public.confirm_guardian(text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_guardian(text) to anon, authenticated;
