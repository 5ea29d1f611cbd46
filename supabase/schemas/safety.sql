set check_function_bodies = off;

-- Safety (issue 22): the protections a 13-year-old needs.
--
--   account_safety            date of birth and guardian, one private row per person (never in a
--                             profile, a pull, a view or another person's read)
--   private.guardian_links    the guardian's confirmation links (hashes only)
--   sign-up                   a stated age under 13 is refused; 13–17 need a guardian's e-mail and
--                             acknowledgement; minors start private, connections not public,
--                             friend requests from companions only
--   blocks                    a person blocked by someone no longer sees their profile, answers
--                             their notebooks, joins them, or finds them in search; the blocker
--                             stops seeing the blocked person's notebooks
--   export_my_data()          everything a person wrote, as one JSON document
--   delete_my_account()       the account and what it wrote removed (privacy page §6, terms §9)
--
-- Blocks also reach private.profile_reach (profiles.sql: blocked → 'none'), public.search_users
-- (sharing.sql: blocks, minors) and the profiles read policy (here, below).
-- Friends, guestbook and polls do not exist yet: their policies call private.is_blocked_between.

-- ---------------------------------------------------------------------------------------------
-- Age and guardian
-- ---------------------------------------------------------------------------------------------

create table public.account_safety (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  -- null: an account made without one (the admin's word, age_checked_by; accounts made before issue 22)
  birth_date date,
  guardian_email text,
  guardian_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  guardian_mailed_at timestamptz,
  constraint account_safety_guardian_email_format
    check (guardian_email is null or guardian_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')
);
comment on table public.account_safety is
  'Date of birth and guardian (spec §1, §9; ECA Digital): read by the person alone, written by the sign-up and confirm_guardian.';
-- The person reads their own row (the settings show the guardian's state); nobody else, admins
-- included, reads a date of birth. Written only by SECURITY DEFINER code.
revoke all on public.account_safety from public, anon, authenticated, service_role;
comment on column public.account_safety.guardian_mailed_at is
  'When the guardian''s last confirmation link was issued (null: no mail yet). Read by the minor; written by issue_guardian_link.';
grant select on public.account_safety to authenticated;
grant select, insert, update, delete on public.account_safety to service_role;
alter table public.account_safety enable row level security;
create policy "people read their own age and guardian" on public.account_safety
  for select to authenticated
  using (user_id = auth.uid());

create trigger "90 updated_at is stamped" before update on public.account_safety
  for each row execute function private.stamp_updated_at();

-- One link per mail sent; the token itself is only in the mail.
create table private.guardian_links (
  token_hash text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '30 days',
  -- the address the link was mailed to: the minute between two mails is per address
  sent_to text
);
alter table private.guardian_links enable row level security;
revoke all on private.guardian_links from public, anon, authenticated;

-- Whole years between a birth date and today (UTC).
create or replace function private.age_in_years(p_birth_date date)
returns integer
language sql
stable
set search_path = ''
as $$
  select extract(year from age(current_date::timestamp, p_birth_date::timestamp))::integer
$$;
revoke all on function private.age_in_years(date) from public, anon, authenticated;
grant execute on function private.age_in_years(date) to anon, authenticated, service_role;

-- A person who said at sign-up that they are 13 to 17.
create or replace function private.is_minor(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.birth_date is not null and private.age_in_years(s.birth_date) < 18
                     from public.account_safety s where s.user_id = p_user_id), false)
$$;
revoke all on function private.is_minor(uuid) from public, anon, authenticated;
grant execute on function private.is_minor(uuid) to anon, authenticated, service_role;

-- A minor whose guardian has not confirmed yet: the account works with the safest settings.
create or replace function private.awaits_guardian(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_minor(p_user_id)
     and exists (select 1 from public.account_safety s where s.user_id = p_user_id and s.guardian_confirmed_at is null)
$$;
revoke all on function private.awaits_guardian(uuid) from public, anon, authenticated;
grant execute on function private.awaits_guardian(uuid) to anon, authenticated, service_role;

-- "on sign-up the age is checked" (before the user is saved): a date of birth, when given, is a
-- real date in the past; under 13 is refused; 13 to 17 need a guardian's e-mail (not their own)
-- and the acknowledgement that the guardian knows. Class 23 errors: the sync-server answers 422
-- with the message (sync-server/auth/routes/signup.ts); the form checks the same before sending.
create or replace function private.check_age_on_sign_up()
returns trigger
language plpgsql
security definer -- GoTrue's own role (supabase_auth_admin) may not use the schema private
set search_path = ''
as $$
declare
  given text := nullif(btrim(new.raw_user_meta_data ->> 'birth_date'), '');
  born date;
  guardian text := lower(nullif(btrim(new.raw_user_meta_data ->> 'guardian_email'), ''));
begin
  if given is null then
    return new;
  end if;
  begin
    born := given::date;
  exception when others then
    born := null;
  end;
  if born is null or given !~ '^\d{4}-\d{2}-\d{2}$' or born > current_date or born < date '1900-01-01' then
    raise exception using errcode = '23514', message = 'The date of birth is not a valid date.', hint = 'birth_date_invalid';
  end if;
  if private.age_in_years(born) < 13 then
    raise exception using errcode = '23514',
      message = 'O Cadernos é para quem tem 13 anos ou mais.', hint = 'under_age';
  end if;
  if private.age_in_years(born) < 18 then
    if guardian is null or guardian !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or guardian = lower(new.email) then
      raise exception using errcode = '23514',
        message = 'Under 18: a guardian''s e-mail (not your own) is needed.', hint = 'guardian_email';
    end if;
    if coalesce(new.raw_user_meta_data ->> 'guardian_acknowledged', '') <> 'true' then
      raise exception using errcode = '23514',
        message = 'Under 18: confirm that your guardian knows about the account.', hint = 'guardian_acknowledgement';
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.check_age_on_sign_up() from public, anon, authenticated;

create trigger "on sign-up the age is checked" before insert on auth.users
  for each row execute function private.check_age_on_sign_up();

-- "on sign-up the age and guardian are recorded" (after "on sign-up a profile is created": names
-- sort): the row of account_safety; a minor's safest settings; and the date and guardian taken
-- out of the user's metadata, which travels in every token.
create or replace function private.record_age_on_sign_up()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  born date := nullif(btrim(new.raw_user_meta_data ->> 'birth_date'), '')::date;
  guardian text := lower(nullif(btrim(new.raw_user_meta_data ->> 'guardian_email'), ''));
begin
  insert into public.account_safety (user_id, birth_date, guardian_email)
  values (new.id, born, case when born is not null and private.age_in_years(born) < 18 then guardian end);
  if private.is_minor(new.id) then
    update public.profiles set visibility = 'private', connections_visibility = 'private' where id = new.id;
    update public.user_settings set friend_requests_from = 'companions' where user_id = new.id;
  end if;
  if new.raw_user_meta_data ?| array['birth_date', 'guardian_email', 'guardian_acknowledged'] then
    update auth.users
       set raw_user_meta_data = raw_user_meta_data - 'birth_date' - 'guardian_email' - 'guardian_acknowledged'
     where id = new.id;
  end if;
  return null;
end
$$;
revoke all on function private.record_age_on_sign_up() from public, anon, authenticated;

create trigger "on sign-up the age and guardian are recorded" after insert on auth.users
  for each row execute function private.record_age_on_sign_up();

-- A new confirmation link for a minor's guardian: the token (for the mail) with the guardian's
-- address and the minor's username, or no row when no guardian is awaited. Called by the server
-- that sends the mail (the sync-server's sign-up; the edge function guardian-mail); only the hash
-- is kept. One a minute to an address and five a day (guardian_mail_rate_limited), five new
-- accounts a day to one address (guardian_address_rate_limited), and the older
-- links of the account stop confirming, so a stale mail (or one to a mistyped address) cannot
-- confirm.
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

-- The guardian opens the link (/responsavel/{token}, no account needed): the minor's account
-- leaves the safest settings for a minor's defaults (connections: friends). Unknown or expired
-- links: P0001 guardian_link_invalid. Opening it twice is harmless.
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

-- "15 a minor awaiting a guardian keeps the safest settings": until the guardian confirms, the
-- profile stays private, connections private and friend requests not from everyone. Admins and
-- the server (no caller) are not held.
create or replace function private.keep_safest_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- one function for two tables: their columns read by name
  row jsonb := to_jsonb(new);
  person uuid := coalesce(row ->> 'user_id', row ->> 'id')::uuid;
  loosened boolean;
begin
  if auth.uid() is null or public.is_admin() or not private.awaits_guardian(person) then
    return new;
  end if;
  if tg_table_name = 'profiles' then
    loosened := row ->> 'visibility' <> 'private' or row ->> 'connections_visibility' <> 'private';
  else
    loosened := row ->> 'friend_requests_from' = 'everyone';
  end if;
  if loosened then
    raise exception using errcode = '42501',
      message = 'Until your guardian confirms, your account keeps the safest settings.', hint = 'guardian_pending';
  end if;
  return new;
end
$$;
revoke all on function private.keep_safest_settings() from public, anon, authenticated;

create trigger "15 a minor awaiting a guardian keeps the safest settings" before update of visibility, connections_visibility on public.profiles
  for each row execute function private.keep_safest_settings();
create trigger "15 a minor awaiting a guardian keeps the safest settings" before update of friend_requests_from on public.user_settings
  for each row execute function private.keep_safest_settings();

-- ---------------------------------------------------------------------------------------------
-- Blocks
-- ---------------------------------------------------------------------------------------------

create table public.blocks (
  id uuid primary key default gen_random_uuid(),
  blocker_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  blocked_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint blocks_once unique (blocker_id, blocked_id),
  constraint blocks_not_oneself check (blocker_id <> blocked_id)
);
create index blocks_blocked_id on public.blocks (blocked_id, blocker_id);
-- my_blocks' pages (newest first, tiebreak on the blocked id)
create index blocks_blocker_created on public.blocks (blocker_id, created_at desc, blocked_id desc);
comment on table public.blocks is
  'Who blocked whom. Read by the blocker (settings list) and admins; the blocked person is never told.';
-- The blocker adds, reads and removes (unblocks) their own blocks; admins read them (reports).
revoke all on public.blocks from public, anon, authenticated, service_role;
grant select, insert, delete on public.blocks to authenticated;
grant select, insert, update, delete on public.blocks to service_role;
alter table public.blocks enable row level security;
create policy "people read the blocks they made and admins read all" on public.blocks
  for select to authenticated
  using (blocker_id = auth.uid() or public.is_admin());
create policy "people block others in their own name" on public.blocks
  for insert to authenticated
  with check (blocker_id = auth.uid());
create policy "people unblock those they blocked" on public.blocks
  for delete to authenticated
  using (blocker_id = auth.uid());

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.blocks
  for each row execute function private.refuse_inactive_writer();

-- Whether p_blocker blocked p_blocked.
create or replace function private.has_blocked(p_blocker uuid, p_blocked uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_blocker is not null and p_blocked is not null
     and exists (select 1 from public.blocks b where b.blocker_id = p_blocker and b.blocked_id = p_blocked)
$$;
revoke all on function private.has_blocked(uuid, uuid) from public, anon, authenticated;
grant execute on function private.has_blocked(uuid, uuid) to anon, authenticated, service_role;

-- Whether either of two people blocked the other: the rule friends, guestbook and polls call
-- (a blocked person cannot send a friend request, sign a guestbook or vote in a poll).
create or replace function private.is_blocked_between(p_one uuid, p_other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_blocked(p_one, p_other) or private.has_blocked(p_other, p_one)
$$;
revoke all on function private.is_blocked_between(uuid, uuid) from public, anon, authenticated;
grant execute on function private.is_blocked_between(uuid, uuid) to anon, authenticated, service_role;

-- "a block ends what the two shared": the blocked person loses their shares and collaborations in
-- the blocker's notebooks (remembered as removals: a code or the public link will not let them
-- back, sharing.sql), and the blocker leaves the blocked person's notebooks (by themselves:
-- nothing remembered, they may come back after unblocking). The pull then deletes those
-- notebooks from both devices (S4).
create or replace function private.end_what_a_block_shared()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.notebook_shares s using public.notebooks n
   where n.id = s.notebook_id
     and ((n.user_id = new.blocker_id and s.shared_with = new.blocked_id)
       or (n.user_id = new.blocked_id and s.shared_with = new.blocker_id));
  delete from public.notebook_collaborators c using public.notebooks n
   where n.id = c.notebook_id
     and ((n.user_id = new.blocker_id and c.user_id = new.blocked_id)
       or (n.user_id = new.blocked_id and c.user_id = new.blocker_id));
  return null;
end
$$;
revoke all on function private.end_what_a_block_shared() from public, anon, authenticated;

create trigger "a block ends what the two shared" after insert on public.blocks
  for each row execute function private.end_what_a_block_shared();

-- "07 no share or collaboration across a block": whoever adds it (the owner, an editor, the
-- person with a code), a share or collaboration between a notebook's owner and someone either
-- of them blocked is refused. The person joining by themselves hears what a removed person
-- hears (access_removed); someone adding them hears not_allowed.
create or replace function private.refuse_across_a_block()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid := coalesce(to_jsonb(new) ->> 'shared_with', to_jsonb(new) ->> 'user_id')::uuid;
  owner uuid := (select n.user_id from public.notebooks n where n.id = new.notebook_id);
begin
  if private.is_blocked_between(owner, person) then
    if auth.uid() = person then
      raise exception using errcode = '42501', message = 'The owner removed your access to this notebook.', hint = 'access_removed';
    end if;
    raise exception using errcode = '42501', message = 'This person cannot be added to this notebook.', hint = 'not_allowed';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_across_a_block() from public, anon, authenticated;

create trigger "07 no share or collaboration across a block" before insert on public.notebook_shares
  for each row execute function private.refuse_across_a_block();
create trigger "07 no share or collaboration across a block" before insert on public.notebook_collaborators
  for each row execute function private.refuse_across_a_block();

-- "03 a person blocked by the owner cannot answer": a backstop for every path that writes an
-- answer (REST, the replication push, RPCs), whatever access remains.
create or replace function private.refuse_blocked_answerer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null
     and private.has_blocked((select n.user_id from public.notebooks n where n.id = new.notebook_id), new.user_id) then
    raise exception using errcode = '42501', message = 'You cannot answer this notebook.', hint = 'not_allowed';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_blocked_answerer() from public, anon, authenticated;

-- After "05 a new answer is placed by the server" (it fills notebook_id from the question).
create trigger "06 a person blocked by the owner cannot answer" before insert on public.answers
  for each row execute function private.refuse_blocked_answerer();

-- The profiles read policy (here, not in accounts.sql or notebooks.sql: it names blocks). Visitors
-- read active public profiles; a person reads their own and their notebook companions' (admins
-- any); a person blocked by a profile's owner does not read that row (REST, views). The profile
-- screen's read goes through private.profile_reach (profiles.sql).
create policy "anyone can read active public profiles; people read their own and their companions'" on public.profiles
  for select to anon, authenticated
  using (
    id = auth.uid()
    or public.is_admin()
    or (not private.has_blocked(id, auth.uid())
        and ((visibility = 'public' and account_status = 'active') or private.is_notebook_companion(id)))
  );

-- The settings' list of blocked people, newest block first, a page at a time: the page after the
-- block (p_after_created_at, p_after_id) — the last row the caller has. With the name and avatar
-- to recognise them (a blocked person's profile may be private to the blocker). p_limit 1–50.
create or replace function public.my_blocks(p_limit integer default 20, p_after_created_at timestamptz default null, p_after_id uuid default null)
returns table (blocked_id uuid, username text, display_name text, avatar_url text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select b.blocked_id, p.username, p.display_name, p.avatar_url, b.created_at
    from public.blocks b join public.profiles p on p.id = b.blocked_id
   where b.blocker_id = auth.uid()
     and (p_after_created_at is null
          or (b.created_at, b.blocked_id) < (p_after_created_at, coalesce(p_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
   order by b.created_at desc, b.blocked_id desc
   limit least(greatest(coalesce(p_limit, 20), 1), 50)
$$;
revoke all on function public.my_blocks(integer, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_blocks(integer, timestamptz, uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Your data
-- ---------------------------------------------------------------------------------------------

-- Rows as the person sees them, without the replication's bookkeeping.
create or replace function private.exported(p_row jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select p_row - 'replication_xid' - 'server_rev'
$$;
revoke all on function private.exported(jsonb) from public, anon, authenticated;
grant execute on function private.exported(jsonb) to authenticated, service_role;

-- Everything the caller wrote (LGPD art. 18: access and portability), as one JSON document:
-- profile, settings (without the answer-id secret), date of birth and guardian, their notebooks
-- with questions, the questions and answers they wrote elsewhere (anonymous ones too: they are
-- theirs), shares and invitations they made, collaborations, favorites, blocks, achievements,
-- the guestbook messages they wrote, their polls and votes, their friendships and friend requests,
-- their reports (issue 33: what they reported, why, and what became of it), their purchases in the
-- store (receipts) and what they own from it (issue 35).
-- Other people's answers in their notebooks are not theirs to take.
create or replace function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
begin
  return jsonb_build_object(
    'format', 'cadernos-export-1',
    'exported_at', now(),
    'profile', (select private.exported(to_jsonb(p)) from public.profiles p where p.id = me),
    'settings', (select private.exported(to_jsonb(s)) - 'answer_secret' from public.user_settings s where s.user_id = me),
    'age_and_guardian', (select jsonb_build_object('birth_date', s.birth_date, 'guardian_email', s.guardian_email,
                                                   'guardian_confirmed_at', s.guardian_confirmed_at)
                           from public.account_safety s where s.user_id = me),
    'notebooks', coalesce((select jsonb_agg(private.exported(to_jsonb(n)) || jsonb_build_object('questions',
                            coalesce((select jsonb_agg(private.exported(to_jsonb(q)) order by q.order_index, q.id)
                                        from public.questions q where q.notebook_id = n.id), '[]'::jsonb))
                            order by n.created_at, n.id)
                             from public.notebooks n where n.user_id = me), '[]'::jsonb),
    'questions_in_other_notebooks', coalesce((select jsonb_agg(private.exported(to_jsonb(q)) order by q.created_at, q.id)
                             from public.questions q join public.notebooks n on n.id = q.notebook_id
                            where q.user_id = me and n.user_id <> me), '[]'::jsonb),
    'answers', coalesce((select jsonb_agg(private.exported(to_jsonb(a)) order by a.created_at, a.id)
                           from public.answers a where a.user_id = me), '[]'::jsonb),
    'shares_made', coalesce((select jsonb_agg(private.exported(to_jsonb(s)) order by s.created_at)
                               from public.notebook_shares s where s.created_by = me), '[]'::jsonb),
    'invite_links', coalesce((select jsonb_agg(private.exported(to_jsonb(i)) order by i.created_at)
                                from public.invite_links i where i.created_by = me), '[]'::jsonb),
    'collaborations', coalesce((select jsonb_agg(private.exported(to_jsonb(c)) order by c.created_at)
                                  from public.notebook_collaborators c where c.user_id = me or c.invited_by = me), '[]'::jsonb),
    'favorites', coalesce((select jsonb_agg(private.exported(to_jsonb(f)) order by f.created_at)
                             from public.favorites f where f.user_id = me), '[]'::jsonb),
    'blocks', coalesce((select jsonb_agg(jsonb_build_object('blocked_id', b.blocked_id, 'created_at', b.created_at) order by b.created_at)
                          from public.blocks b where b.blocker_id = me), '[]'::jsonb),
    'achievements', coalesce((select jsonb_agg(jsonb_build_object('achievement_id', u.achievement_id, 'earned_at', u.earned_at) order by u.earned_at)
                                from public.user_achievements u where u.user_id = me), '[]'::jsonb),
    -- issue 32: the guestbook messages the person wrote (not those others wrote to them), their
    -- polls and their own votes
    'guestbook_messages', coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'profile_id', g.profile_id, 'body', g.body,
                                                                       'is_anonymous', g.is_anonymous, 'status', g.status,
                                                                       'created_at', g.created_at, 'approved_at', g.approved_at)
                                                    order by g.created_at, g.id)
                                      from public.guestbook_messages g where g.author_id = me), '[]'::jsonb),
    'polls', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'question', p.question, 'options', to_jsonb(p.options),
                                                          'is_active', p.is_active, 'created_at', p.created_at,
                                                          'updated_at', p.updated_at, 'ended_at', p.ended_at)
                                       order by p.created_at, p.id)
                         from public.profile_polls p where p.profile_id = me), '[]'::jsonb),
    'poll_votes', coalesce((select jsonb_agg(jsonb_build_object('poll_id', v.poll_id, 'option_index', v.option_index,
                                                               'created_at', v.created_at, 'updated_at', v.updated_at)
                                            order by v.created_at, v.poll_id)
                              from public.poll_votes v where v.voter_id = me), '[]'::jsonb),
    -- issue 31: the person's friendships (who, how each began) and the requests they sent or received
    'friendships', coalesce((select jsonb_agg(jsonb_build_object(
                                        'friend_id', case when f.user_a = me then f.user_b else f.user_a end,
                                        'origin', f.origin, 'answered_by', f.answered_by, 'notebook_id', f.notebook_id,
                                        'created_at', f.created_at) order by f.created_at)
                               from public.friendships f where me in (f.user_a, f.user_b)), '[]'::jsonb),
    'friend_requests', coalesce((select jsonb_agg(jsonb_build_object(
                                            'direction', case when r.sender_id = me then 'sent' else 'received' end,
                                            'other_id', case when r.sender_id = me then r.recipient_id else r.sender_id end,
                                            'status', r.status, 'created_at', r.created_at, 'responded_at', r.responded_at)
                                          order by r.created_at, r.id)
                                   from public.friend_requests r where me in (r.sender_id, r.recipient_id)), '[]'::jsonb),
    -- issue 33: the reports the person made (what, why, its state and decision), never anyone's authorship
    'reports', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind, 'target_id', r.target_id,
                                                            'notebook_id', r.notebook_id, 'reason', r.reason, 'details', r.details,
                                                            'status', r.status, 'decision', r.decision,
                                                            'created_at', r.created_at, 'handled_at', r.handled_at)
                                         order by r.created_at, r.id)
                           from public.reports r where r.reporter_id = me), '[]'::jsonb),
    -- issue 35: the person's purchases in the store (their receipts: the real total, the state,
    -- when it was settled) and what they own from it (free claims and paid items)
    'store_purchases', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'item_id', p.item_id, 'item_name', p.item_name,
                                                                    'amount_cents', p.amount_cents, 'currency', p.currency,
                                                                    'status', p.status, 'provider', p.provider,
                                                                    'provider_ref', p.provider_ref, 'created_at', p.created_at,
                                                                    'settled_at', p.settled_at)
                                                 order by p.created_at, p.id)
                                   from public.store_purchases p where p.user_id = me), '[]'::jsonb),
    'store_entitlements', coalesce((select jsonb_agg(jsonb_build_object('item_id', e.item_id, 'item_name', i.name,
                                                                       'category', i.category, 'grants_ref', i.grants_ref,
                                                                       'source', e.source, 'purchase_id', e.purchase_id,
                                                                       'created_at', e.created_at)
                                                    order by e.created_at, e.item_id)
                                      from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
                                     where e.user_id = me), '[]'::jsonb)
  );
end
$$;
revoke all on function public.export_my_data() from public, anon, authenticated, service_role;
grant execute on function public.export_my_data() to authenticated;

-- Deleting one's account (terms §9: "seu perfil, seus cadernos e suas respostas são removidos";
-- privacy §6: "removemos seus dados, exceto o que a lei nos obriga a guardar"), issue 28 item 3:
--   * removed: the person's notebooks (with their questions and everyone's answers in them),
--     their answers everywhere (anonymous ones too) and the notifications about them, guests whose
--     answers they claimed, shares and collaborations they had, favorites, reports they made, blocks they made and
--     blocks of them, notifications to them and the invitations and acceptances they sent,
--     achievements, roles, settings (notebook_author, answer_secret …), date of birth and
--     guardian, their pictures (storage.objects rows; the sync-server removes the bytes), what
--     the server addressed to them (pulses, notices, block records), and the sign-in itself
--     (e-mail, password, identities, every session and refresh token: signed out everywhere);
--   * pointing at nobody: the guests of the rounds they ran (host_id null), the history's actor;
--   * kept: the profile row as the spec's removed account (account_status 'deleted', spec §4/§8:
--     other devices sign out with 'Sua conta foi removida.'), with no name, picture or text of
--     the person — so that what others keep (a question the person added to someone else's
--     notebook, a moderation they made, an invitation they sent) points at nobody, and the other
--     tables' protections (a question keeps its author, an answer its moderator) stand as they
--     are; the auth.users row banned and marked deleted (the id is never reused); the access log
--     and tombstones (ids only) through which other devices drop the person's rows and name.
-- supabase/tests/account-deletion.test.ts checks every column the catalog says refers to a person.
-- Other people's devices get the deletions through the pull (S4, S10). Asks for the username
-- typed again, so that no stray call removes an account.
create or replace function public.delete_my_account(p_username text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
begin
  if not exists (select 1 from public.profiles p where p.id = me and lower(p.username) = lower(btrim(coalesce(p_username, '')))) then
    raise exception using errcode = 'P0001', message = 'Type your username to delete your account.', hint = 'confirmation_mismatch';
  end if;
  perform set_config('cadernos.removing_account', me::text, true);

  -- what the person wrote and kept (while the account is still active: the tables' rules let
  -- only active accounts write)
  -- notifications in other people's inboxes about the person: a group that counted them with
  -- others keeps the others (one person fewer; it no longer points at the person's answer); one
  -- about them alone goes — about their answers, their invitations to collaborate. (Those whose
  -- actor they are, their accepting one included, go when the profile is marked removed:
  -- private.forget_notification_actor. Shares come only from a notebook's owner: those go with the
  -- person's notebooks.)
  perform set_config('cadernos.notifying', 'on', true);
  update public.notifications x
     set group_count = x.group_count - 1,
         answer_id = case when x.answer_id in (select a.id from public.answers a where a.user_id = me) then null else x.answer_id end
   where x.group_count > 1
     and exists (select 1 from private.notification_people p where p.notification_id = x.id and p.person_key = me);
  perform set_config('cadernos.notifying', '', true);
  delete from public.notifications x where x.answer_id in (select a.id from public.answers a where a.user_id = me);
  delete from public.notifications x
   where x.type = 'collaboration_invite'
     and exists (select 1 from public.notebook_collaborators c
                  where c.notebook_id = x.notebook_id and c.user_id = x.recipient_id and c.invited_by = me);
  delete from public.notebooks where user_id = me;
  delete from public.answers where user_id = me;
  -- guests whose answers the person claimed as theirs (the answers moved to them are gone above;
  -- those left on the guest are theirs too)
  delete from public.guests where claimed_by = me;
  -- the rounds the person ran in other people's notebooks: the guests' answers are the guests'
  update public.guests set host_id = null where host_id = me;
  delete from public.notebook_shares where shared_with = me;
  delete from public.notebook_collaborators where user_id = me;
  delete from public.favorites where user_id = me;
  -- issue 33: the reports they made (their words; the reported content is someone else's)
  delete from public.reports where reporter_id = me;
  delete from public.blocks where blocker_id = me or blocked_id = me;
  delete from public.notifications where recipient_id = me;
  delete from public.user_achievements where user_id = me;
  delete from public.user_roles where user_id = me;
  update public.user_roles set created_by = null where created_by = me;
  update public.forbidden_words set created_by = null where created_by = me;
  delete from public.account_safety where user_id = me;
  delete from private.guardian_links where user_id = me;
  delete from private.notebook_removals where user_id = me;
  -- settings: notebook_author (often a real name), answer_secret, language, theme …
  delete from public.user_settings where user_id = me;
  update public.notebook_changes set actor_id = null where actor_id = me;

  -- the person's pictures (avatars, covers, anything they own): Storage's rows; the sync-server
  -- removes the bytes of rows deleted in SQL
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects o
   where o.owner = me or o.owner_id = me::text
      or (o.bucket_id in ('avatars', 'covers') and (storage.foldername(o.name))[1] = me::text);
  perform set_config('storage.allow_delete_query', 'false', true);

  -- the sign-in: no address, no password, no identity, no session anywhere
  update auth.users
     set email = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb,
         banned_until = 'infinity', deleted_at = now(), updated_at = now()
   where id = me;
  delete from auth.identities where user_id = me;
  delete from auth.refresh_tokens where user_id = me::text;
  delete from auth.sessions where user_id = me;
  delete from auth.flow_state where user_id = me;
  if to_regclass('auth.one_time_tokens') is not null then
    execute 'delete from auth.one_time_tokens where user_id = $1' using me;
  end if;
  if to_regclass('auth.mfa_factors') is not null then
    execute 'delete from auth.mfa_factors where user_id = $1' using me;
  end if;

  update public.profiles
     set username = 'removido_' || left(replace(me::text, '-', ''), 10),
         display_name = null, avatar_url = null, cover_url = null, bio = null, status_message = null,
         visibility = 'private', connections_visibility = 'private', account_status = 'deleted'
   where id = me;

  -- last, what the steps above addressed to the person: their pulses, notices for them alone,
  -- the record of their blocks
  delete from private.block_changes where blocker_id = me or blocked_id = me;
  delete from public.profile_notices where reader = me;
  delete from public.replication_pulses where user_id = me;
  perform set_config('cadernos.removing_account', '', true);
end
$$;
revoke all on function public.delete_my_account(text) from public, anon, authenticated, service_role;
grant execute on function public.delete_my_account(text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The guardian's mail: sent again or to a corrected address
-- ---------------------------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------------------------
-- A date of birth for every account
-- ---------------------------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------------------------
-- The date of birth and the guardian stay out of identities
-- ---------------------------------------------------------------------------------------------

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

-- The same for the user's metadata, which travels in every token, on every update (issue 28): a
-- person writes their own metadata at any time (`PUT /auth/v1/user {"data": {"birth_date": …}}`,
-- supabase-js `updateUser({ data })`), the service role through the admin API. The date of birth
-- is the sign-up's, in account_safety, and changes only there. A sign-up keeps the keys in the
-- inserted row for the age checks, which then remove them with an update that passes here too.
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

-- ---------------------------------------------------------------------------------------------
-- A block or unblock moves the profiles pull (the owner keeps knowing who wrote an answer)
-- ---------------------------------------------------------------------------------------------

-- The last block or unblock between two people (one row per pair and direction).
create table private.block_changes (
  blocker_id uuid not null,
  blocked_id uuid not null,
  xid xid8 not null default pg_current_xact_id(),
  primary key (blocked_id, blocker_id)
);
alter table private.block_changes enable row level security;
revoke all on private.block_changes from public, anon, authenticated, service_role;

create or replace function private.note_block_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.blocks := case when tg_op = 'DELETE' then old else new end;
begin
  insert into private.block_changes as c (blocker_id, blocked_id) values (b.blocker_id, b.blocked_id)
  on conflict (blocked_id, blocker_id) do update set xid = pg_current_xact_id();
  -- both people, every collection (replication.sql: changes of access pulse every collection)
  perform private.pulse_users(array[b.blocked_id, b.blocker_id], '*');
  return null;
end
$$;
revoke all on function private.note_block_change() from public, anon, authenticated, service_role;

create trigger "a block or unblock moves the profiles pull" after insert or delete on public.blocks
  for each row execute function private.note_block_change();
