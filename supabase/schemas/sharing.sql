set check_function_bodies = off;

-- Calls (RPC) for sharing and moderation that a table write cannot express (spec §5, §7, §8):
--
--   create_invite_link(notebook_id, expires_at?)  owner only; unique short code, retried
--   revoke_invite_link(invite_id)                 owner only
--   redeem_invite(code)                           login required; a share for the caller; the notebook id
--   search_users(query)                           '@username' prefix or name; public fields only
--   moderate_answer(answer_id, status, notes?)    owner, editors, collaborators (anonymous answers too)
--
-- Messages are the spec's: 'Invalid or expired invitation.', 'Usuário não autenticado',
-- 'you cannot invite yourself', 'Could not generate a unique invite code. Please try again.'
--
-- These RPCs are a signed-in person's. Each refuses a caller without a user itself, with the
-- spec's 'Usuário não autenticado' (hint not_authenticated), so visitors may call them to hear that
-- instead of a bare "permission denied"; the service role has no user and nothing to do here.
--
-- And removing someone keeps them out (issue 16): private.notebook_removals, at the end.

-- The caller, who must be signed in; RPCs that write also refuse banned and deleted accounts
-- with the spec's messages (p_writing).
create or replace function private.require_user(p_writing boolean default false)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  status text;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  if p_writing then
    status := private.account_status(auth.uid());
    if status = 'banned' then
      raise exception using errcode = '42501',
        message = 'Sua conta foi banida. Entre em contato com o suporte se achar que isso é um engano.',
        hint = 'account_banned';
    elsif status = 'deleted' then
      raise exception using errcode = '42501', message = 'Sua conta foi removida.', hint = 'account_deleted';
    end if;
  end if;
  return auth.uid();
end
$$;
grant execute on function private.require_user(boolean) to anon, authenticated, service_role;

-- A 12-character code from the code alphabet without look-alikes (no 0/O, 1/I), 60 random bits:
-- the form every invite code has (trigger "21 an invite code is 12 characters of the code
-- alphabet", offline_invites.sql). Each character from one random byte of a v4 UUID (the version
-- and variant bits left out).
create or replace function private.new_invite_code()
returns text
language sql
volatile
set search_path = ''
as $$
  select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(b, i) % 32) + 1, 1), '' order by i)
    from (select uuid_send(gen_random_uuid()) as b) r
   cross join lateral (values (0), (1), (2), (3), (4), (5), (7), (9), (10), (11), (12), (13)) as t(i)
$$;

-- The online RPC (kept for API callers; the app writes the row itself, offline_invites.sql): the
-- owner's new link with a server-drawn code, made unique by trigger "25 a colliding invite code is
-- drawn again".
create or replace function public.create_invite_link(p_notebook_id uuid, p_expires_at timestamptz default null)
returns public.invite_links
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  result public.invite_links;
begin
  perform private.require_user(true);
  if public.notebook_role(p_notebook_id) <> 'owner' then
    raise exception using errcode = '42501', message = 'Only the owner can create invites.', hint = 'not_allowed';
  end if;
  if p_expires_at is not null and p_expires_at <= now() then
    raise exception using errcode = '23514', message = 'The expiry date must be in the future.', hint = 'validation';
  end if;
  insert into public.invite_links (notebook_id, code, expires_at, created_by)
  values (p_notebook_id, private.new_invite_code(), p_expires_at, auth.uid())
  returning * into result;
  return result;
end
$$;
revoke all on function public.create_invite_link(uuid, timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.create_invite_link(uuid, timestamptz) to anon, authenticated;

create or replace function public.revoke_invite_link(p_invite_id uuid)
returns public.invite_links
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link public.invite_links;
begin
  perform private.require_user(true);
  select * into link from public.invite_links where id = p_invite_id;
  if not found or public.notebook_role(link.notebook_id) <> 'owner' then
    raise exception using errcode = '42501', message = 'Only the owner can revoke invites.', hint = 'not_allowed';
  end if;
  if link.status = 'active' then
    update public.invite_links set status = 'revoked' where id = p_invite_id returning * into link;
  end if;
  return link;
end
$$;
revoke all on function public.revoke_invite_link(uuid) from public, anon, authenticated, service_role;
grant execute on function public.revoke_invite_link(uuid) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Guessing codes (issue 28): each account's wrong codes to claim_guest, redeem_invite and
-- confirm_guardian, 30 in 5 minutes and 100 in a day, then 429 (SQLSTATE PT429, hint
-- too_many_attempts, detail = seconds). A wrong code is answered, not raised (the count must
-- commit): PostgREST's envelope with response.status 400, on the wire the refusal it always was.
-- The sync-server adds a limit per client address (supabase/README.md "Guessing codes").
-- ---------------------------------------------------------------------------------------------

-- One row per wrong code, per account and RPC; kept a day.
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

-- A removed account's wrong codes go with it: delete_my_account keeps the auth.users row (the
-- cascade above would not reach them), so the profile becoming a removed account deletes them.
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

-- Redeems an invite code (or the public link {origin}/n/{notebook id} of a notebook whose shared
-- flag is on): the caller gets a share given by the owner, and the notebook id comes back. Someone
-- who already has access just gets the id. Revoked, expired or unknown codes: 'Invalid or expired
-- invitation.' (invite_invalid)
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

-- The RPC: the redeem above, limited (a wrong code counts). Returns the notebook id (a JSON string).
create or replace function public.redeem_invite(p_code text)
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

-- Where a username sorts among a search's results: 0 the exact username, 1 a username starting
-- with the query, 2 the rest (a display name or the middle of a username). Depends only on the
-- username and the query, so the last username of a page is the whole cursor.
create or replace function private.search_rank(p_username text, p_query text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when lower(p_username) = lower(p_query) then 0
              when starts_with(lower(p_username), lower(p_query)) then 1
              else 2 end
$$;
-- Called only inside search_users (security definer, run as its owner): no role needs it.
revoke all on function private.search_rank(text, text) from public, anon, authenticated, service_role;

-- People for the share dialog: '@ana' matches usernames starting with "ana"; anything else
-- matches username or display name containing it. Active accounts only, never the caller, only
-- public fields. Login required. The page after p_after (the last username the caller has), in
-- the order exact username, username prefix, the rest, each by username. Nobody finds someone
-- they blocked or who blocked them; a minor is found only by their notebook companions (and
-- admins), never by strangers. p_limit is held to 1–50.
create or replace function public.search_users(p_query text, p_limit integer default 20, p_after text default null)
returns table (id uuid, username text, display_name text, avatar_url text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text := btrim(coalesce(p_query, ''));
  by_username boolean := left(q, 1) = '@';
  pattern text;
  after_rank integer;
  after_name text := lower(nullif(btrim(coalesce(p_after, '')), ''));
begin
  perform private.require_user();
  q := ltrim(q, '@');
  if q = '' then
    return;
  end if;
  pattern := replace(replace(replace(lower(q), '\', '\\'), '%', '\%'), '_', '\_');
  after_rank := case when after_name is null then -1 else private.search_rank(after_name, q) end;
  return query
    select p.id, p.username, p.display_name, p.avatar_url
      from public.profiles p
     where p.account_status = 'active'
       and p.id <> auth.uid()
       and (case when by_username then lower(p.username) like pattern || '%'
                 else lower(p.username) like '%' || pattern || '%'
                   or lower(coalesce(p.display_name, '')) like '%' || pattern || '%' end)
       and (private.search_rank(p.username, q), lower(p.username) collate "C") > (after_rank, coalesce(after_name, '') collate "C")
       and not private.is_blocked_between(p.id, auth.uid())
       and (not private.is_minor(p.id) or public.is_admin() or private.is_notebook_companion(p.id))
     order by private.search_rank(p.username, q), lower(p.username) collate "C"
     limit least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;
revoke all on function public.search_users(text, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.search_users(text, integer, text) to anon, authenticated;

-- Moderation by the owner, editors and collaborators, for any answer they may see — including
-- anonymous ones, which the answers table does not show them. Returns the answer as they may
-- see it (public.visible_answers).
create or replace function public.moderate_answer(p_answer_id uuid, p_status text, p_notes text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target record;
  result jsonb;
begin
  perform private.require_user(true);
  if p_status not in ('pending', 'approved', 'rejected') then
    raise exception using errcode = '23514', message = 'Invalid moderation status.', hint = 'validation';
  end if;
  select a.id, a.notebook_id into target from public.answers a where a.id = p_answer_id;
  if not found or public.notebook_role(target.notebook_id) not in ('owner', 'editor', 'collaborator') then
    raise exception using errcode = '42501',
      message = 'Only the notebook owner and collaborators can moderate answers.', hint = 'not_allowed';
  end if;
  update public.answers
     set moderation_status = p_status, moderation_notes = p_notes
   where id = p_answer_id;
  select to_jsonb(v) into result from public.visible_answers v where v.id = p_answer_id;
  return result;
end
$$;
revoke all on function public.moderate_answer(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_answer(uuid, text, text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Removing someone keeps them out (issue 16)
-- ---------------------------------------------------------------------------------------------

-- redeem_invite gives a share to anyone who has a valid code: without more, a person whose access
-- the owner removed would open the same /n/{code} link and be straight back in. So a removal by
-- someone else is remembered, and a person who was removed cannot give
-- themselves a share again — through redeem_invite (an invite code or the public link), or any
-- other path that inserts a share in their own name. The refusal carries the code
-- `access_removed`. The owner sharing with them again, or the owner or an editor inviting them to
-- collaborate, forgets the removal. Leaving (or declining an invitation) by oneself closes nothing.
--
-- Realtime and the replication need nothing more: they show a person only what notebook_role
-- lets them see, and a removed person has no role until someone lets them back in.

-- (notebook, person) removed by someone else. Read and written only by the SECURITY DEFINER
-- triggers below; no API role sees it.
create table private.notebook_removals (
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  removed_by uuid references public.profiles (id) on delete set null,
  removed_at timestamptz not null default now(),
  primary key (notebook_id, user_id)
);
alter table private.notebook_removals enable row level security;
revoke all on private.notebook_removals from public, anon, authenticated;

-- "a removal is remembered": a share or a collaboration deleted by someone other than its person.
create or replace function private.remember_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid;
begin
  if tg_table_name = 'notebook_shares' then
    person := old.shared_with;
  else
    person := old.user_id;
  end if;
  -- Leaving by oneself closes nothing. Without a caller (the service role, or a notebook or
  -- an account being deleted, which takes its shares along) there is nothing to remember either.
  if auth.uid() is null or auth.uid() = person
     or not exists (select 1 from public.notebooks n where n.id = old.notebook_id)
     or not exists (select 1 from public.profiles p where p.id = person) then
    return null;
  end if;
  insert into private.notebook_removals as r (notebook_id, user_id, removed_by)
  values (old.notebook_id, person, auth.uid())
  on conflict (notebook_id, user_id) do update set removed_by = excluded.removed_by, removed_at = now();
  return null;
end
$$;
revoke all on function private.remember_removal() from public, anon, authenticated;

create trigger "a removal is remembered" after delete on public.notebook_shares
  for each row execute function private.remember_removal();
create trigger "a removal is remembered" after delete on public.notebook_collaborators
  for each row execute function private.remember_removal();

-- "someone who runs the notebook letting a person in forgets their removal": a share given by
-- the owner (RLS lets only the owner insert one for someone else) or a collaboration invite by
-- the owner or an editor. A share a person gives themselves (redeem_invite) forgets nothing.
create or replace function private.forget_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid;
begin
  if tg_table_name = 'notebook_shares' then
    person := new.shared_with;
  else
    person := new.user_id;
  end if;
  if auth.uid() is distinct from person then
    delete from private.notebook_removals r where r.notebook_id = new.notebook_id and r.user_id = person;
  end if;
  return null;
end
$$;
revoke all on function private.forget_removal() from public, anon, authenticated;

create trigger "letting someone in forgets their removal" after insert on public.notebook_shares
  for each row execute function private.forget_removal();
create trigger "letting someone in forgets their removal" after insert on public.notebook_collaborators
  for each row execute function private.forget_removal();

-- "06 a removed person cannot let themselves back in": a share in one's own name (what
-- redeem_invite inserts for a code or the public link) is refused while a removal stands. Only
-- the person's own removal is told, and only to them. After "05 only people who may add someone
-- reach the checks" (no membership oracle, notebooks migration): over REST a person may not add
-- shares at all and hears only that; inside redeem_invite, where no policy applies, this is what
-- keeps them out.
create or replace function private.refuse_removed_person()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() = new.shared_with
     and exists (select 1 from private.notebook_removals r where r.notebook_id = new.notebook_id and r.user_id = new.shared_with) then
    raise exception using errcode = '42501', message = 'The owner removed your access to this notebook.', hint = 'access_removed';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_removed_person() from public, anon, authenticated;

create trigger "06 a removed person cannot let themselves back in" before insert on public.notebook_shares
  for each row execute function private.refuse_removed_person();

-- ---------------------------------------------------------------------------------------------
-- A sign-up from an invitation redeems it in the same request (issue 20)
-- ---------------------------------------------------------------------------------------------
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
