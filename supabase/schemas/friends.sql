set check_function_bodies = off;

-- Friends (issue 31; spec §1 "connections: friendships made automatically by answering notebooks,
-- or by manual requests", §3, §4 "Friend request: pending, accepted, declined, or cancelled by the
-- sender").
--
--   friend_requests                 a request from one person to another and its state
--   friendships                     two people who are friends (one row per pair, user_a < user_b),
--                                   and how it began: 'request' or 'answered' (one of them answered
--                                   a notebook of the other: answered_by, notebook_id)
--   private.are_friends(a, b)       the one test other areas call (CONTRACTS.md)
--   send / accept / decline / cancel_friend_request, remove_friend     the writes (RPC only)
--   my_friends, my_friend_requests, friend_suggestions, profile_friends  the reads, keyset paged
--   friend_relationship(user)       what the caller is to someone (the profile's friend button)
--
-- Nobody writes these tables through REST: every change goes through an RPC here (or the triggers
-- below), which takes a lock per pair of people, so two calls about the same two people (an accept
-- and a cancel, two sends crossing) happen one after the other.
--
-- Who may ask whom (private.friend_request_refusal, also what suggestions offer):
--   - never across a block, either way (a block ends the friendship and the pending requests);
--   - the recipient's user_settings.friend_requests_from: 'everyone', 'companions' (people who share
--     a notebook with them), 'nobody';
--   - across the age line (a minor and an adult), whatever the settings, only the minor asks, and
--     only an adult they share a notebook with: an adult never asks a minor (an invite link can be
--     forwarded to anyone, so a shared notebook is no acquaintance — a walkthrough found an adult
--     who redeemed a teen's link offered the teen); suggestions never cross the age line; a minor
--     is never shown to an adult stranger (a profile's friends list).
--
-- The automatic friendship (spec §1): when a person's answer to a notebook becomes visible
-- (approved: at once without pre-moderation, at approval with it), signed (not anonymous) and by a
-- person (not a guest), its writer and the notebook's owner become friends, origin 'answered'.
-- THE ANONYMOUS RULE: an anonymous answer makes no friendship and changes nothing here — no row, no
-- notification, no suggestion — so nobody (the owner's other friends looking at the list, the
-- answerer's friends, a News reader) can tell from a friendship appearing who wrote an anonymous
-- answer, nor when. An answer made anonymous later leaves a friendship its signed version made (it
-- was made in the open, and it records only that one answered a notebook of the other, never which
-- answer). An anonymous answer made signed later makes the friendship then. Not automatic either:
-- a guest's answer (no account), the owner's own answers, a pair across a block, a pair across the
-- age line (they may still send a request as companions), a person whose friend_requests_from is
-- 'nobody'. A pending request between the two is settled as accepted.
--
-- Notifications (private.notify_event, notifications' file): 'friend_request' to the recipient,
-- 'friend_accepted' to the sender, 'friendship_started' to both people of an automatic friendship
-- (about no notebook: the notebook's own notifications say who answered, as far as they may).
-- Declining, cancelling and removing tell nobody.
--
-- Refusals (SQLSTATE, hint): PT400 friend_self, PT404 not_found (no such active person, one who
-- blocked the caller, a request that is not the caller's to answer — one answer for all),
-- PT403 blocked (the caller blocked them), PT403 friend_requests_closed (their setting, or the age
-- line), PT409 already_friends, PT409 friend_request_exists (the caller's pending one),
-- PT409 friend_request_not_pending (detail: its state now), PT404 not_friends; and require_user's
-- not_authenticated / account_banned / account_deleted (42501).

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create table public.friend_requests (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references public.profiles (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'cancelled')),
  created_at timestamptz not null default now(),
  responded_at timestamptz,
  constraint friend_requests_not_oneself check (sender_id <> recipient_id)
);
-- one pending request per pair, whoever sent it
create unique index friend_requests_one_pending_per_pair on public.friend_requests
  (least(sender_id, recipient_id), greatest(sender_id, recipient_id)) where status = 'pending';
-- the lists' pages (newest first, tiebreak on the id)
create index friend_requests_received on public.friend_requests (recipient_id, created_at desc, id desc) where status = 'pending';
create index friend_requests_sent on public.friend_requests (sender_id, created_at desc, id desc) where status = 'pending';
comment on table public.friend_requests is
  'Friend requests (spec §4): pending, accepted, declined, or cancelled by the sender. Read by the two people; written by the friends RPCs only.';
revoke all on public.friend_requests from public, anon, authenticated, service_role;
grant select on public.friend_requests to authenticated;
grant select, insert, update, delete on public.friend_requests to service_role;
alter table public.friend_requests enable row level security;
create policy "people read the friend requests they sent or received" on public.friend_requests
  for select to authenticated
  using (sender_id = auth.uid() or recipient_id = auth.uid() or public.is_admin());

create table public.friendships (
  user_a uuid not null references public.profiles (id) on delete cascade,
  user_b uuid not null references public.profiles (id) on delete cascade,
  origin text not null check (origin in ('request', 'answered')),
  -- origin 'answered': who answered a notebook of the other, and that notebook (null once deleted)
  answered_by uuid references public.profiles (id) on delete cascade,
  notebook_id uuid references public.notebooks (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_a, user_b),
  constraint friendships_ordered_pair check (user_a < user_b),
  constraint friendships_answered_by_one_of_them
    check ((origin = 'answered') = (answered_by is not null) and (answered_by is null or answered_by in (user_a, user_b)))
);
create index friendships_user_b on public.friendships (user_b, user_a);
comment on table public.friendships is
  'Two people who are friends (spec §1, §3) and how it began. Read by the two people; others see a person''s friends through profile_friends (connections visibility).';
revoke all on public.friendships from public, anon, authenticated, service_role;
grant select on public.friendships to authenticated;
grant select, insert, update, delete on public.friendships to service_role;
alter table public.friendships enable row level security;
create policy "people read their own friendships" on public.friendships
  for select to authenticated
  using (user_a = auth.uid() or user_b = auth.uid() or public.is_admin());

-- ---------------------------------------------------------------------------------------------
-- Rules
-- ---------------------------------------------------------------------------------------------

-- Whether two people are friends (CONTRACTS.md): for definer code and, through a definer
-- function, policies.
create or replace function private.are_friends(p_a uuid, p_b uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_a is not null and p_b is not null and p_a <> p_b
     and exists (select 1 from public.friendships f where f.user_a = least(p_a, p_b) and f.user_b = greatest(p_a, p_b))
$$;
revoke all on function private.are_friends(uuid, uuid) from public, anon, authenticated;
grant execute on function private.are_friends(uuid, uuid) to service_role;

-- The notebooks a person belongs to: owns, collaborates on (accepted), or was shared.
create or replace function private.member_notebooks(p_user uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select n.id from public.notebooks n where n.user_id = p_user
  union select c.notebook_id from public.notebook_collaborators c where c.user_id = p_user and c.status = 'accepted'
  union select s.notebook_id from public.notebook_shares s where s.shared_with = p_user
$$;
revoke all on function private.member_notebooks(uuid) from public, anon, authenticated;

-- Whether p_person may be shown to p_viewer in a list of people (suggestions, a profile's friends):
-- a minor never to an adult stranger (a visitor counts as one) — only to other minors, their
-- notebook companions, their friends, admins and themselves.
create or replace function private.minor_shown_to(p_person uuid, p_viewer uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not private.is_minor(p_person)
      or p_person = p_viewer
      or (p_viewer is not null
          and (private.is_minor(p_viewer)
               or private.is_notebook_companion(p_person, p_viewer)
               or private.are_friends(p_person, p_viewer)
               or exists (select 1 from public.user_roles r where r.user_id = p_viewer and r.role = 'admin')))
$$;
revoke all on function private.minor_shown_to(uuid, uuid) from public, anon, authenticated;

-- Why p_sender may not ask p_recipient to be friends (a hint code), or null when they may.
-- p_setting false: the recipient's setting is not asked (accepting: the recipient is the one
-- acting; the rest still holds).
create or replace function private.friend_request_refusal(p_sender uuid, p_recipient uuid, p_setting boolean default true)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target public.profiles;
  allowed text;
  companions boolean;
begin
  if p_sender = p_recipient then
    return 'friend_self';
  end if;
  select * into target from public.profiles p where p.id = p_recipient;
  if not found or target.account_status <> 'active' or private.has_blocked(p_recipient, p_sender) then
    return 'not_found';
  end if;
  if private.has_blocked(p_sender, p_recipient) then
    return 'blocked';
  end if;
  if private.are_friends(p_sender, p_recipient) then
    return 'already_friends';
  end if;
  companions := private.is_notebook_companion(p_recipient, p_sender);
  -- across the age line only a notebook companion, and only the minor asks: an adult never asks a
  -- minor (an invite link can be forwarded to anyone, so sharing a notebook is no acquaintance).
  -- p_setting false is no new request of p_sender's (answering one, or send's first look before
  -- it finds one the other made): who asked was judged when they asked.
  if private.is_minor(p_sender) <> private.is_minor(p_recipient)
     and (not companions or (p_setting and not private.is_minor(p_sender))) then
    return 'friend_requests_closed';
  end if;
  if p_setting then
    select s.friend_requests_from into allowed from public.user_settings s where s.user_id = p_recipient;
    if coalesce(allowed, 'everyone') = 'nobody' or (allowed = 'companions' and not companions) then
      return 'friend_requests_closed';
    end if;
  end if;
  return null;
end
$$;
revoke all on function private.friend_request_refusal(uuid, uuid, boolean) from public, anon, authenticated;

-- Raises the refusal with its SQLSTATE (PostgREST answers PTnnn with HTTP nnn).
create or replace function private.raise_friend_refusal(p_code text, p_detail text default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = case p_code
                when 'friend_self' then 'PT400'
                when 'blocked' then 'PT403'
                when 'friend_requests_closed' then 'PT403'
                when 'already_friends' then 'PT409'
                when 'friend_request_exists' then 'PT409'
                when 'friend_request_not_pending' then 'PT409'
                else 'PT404' end,
    message = case p_code
                when 'friend_self' then 'You cannot be your own friend.'
                when 'blocked' then 'You blocked this person.'
                when 'friend_requests_closed' then 'This person does not take friend requests from you.'
                when 'already_friends' then 'You are already friends.'
                when 'friend_request_exists' then 'You already asked this person.'
                when 'friend_request_not_pending' then 'This friend request was already answered.'
                when 'not_friends' then 'You are not friends.'
                else 'Not found.' end,
    detail = coalesce(p_detail, ''),
    hint = p_code;
end
$$;
revoke all on function private.raise_friend_refusal(text, text) from public, anon, authenticated;

-- One lock per pair of people, whoever calls: two calls about the same two people run in turn.
create or replace function private.lock_pair(p_a uuid, p_b uuid)
returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('friends:' || least(p_a, p_b)::text || ':' || greatest(p_a, p_b)::text, 0))
$$;
revoke all on function private.lock_pair(uuid, uuid) from public, anon, authenticated;

-- Makes two people friends (nothing when they are); a pending request between them is settled
-- as accepted. Returns whether a friendship was made.
create or replace function private.befriend(p_a uuid, p_b uuid, p_origin text, p_answered_by uuid, p_notebook_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  made integer;
begin
  insert into public.friendships (user_a, user_b, origin, answered_by, notebook_id)
  values (least(p_a, p_b), greatest(p_a, p_b), p_origin, p_answered_by, p_notebook_id)
  on conflict do nothing;
  get diagnostics made = row_count;
  update public.friend_requests r set status = 'accepted', responded_at = now()
   where r.status = 'pending'
     and ((r.sender_id = p_a and r.recipient_id = p_b) or (r.sender_id = p_b and r.recipient_id = p_a));
  return made > 0;
end
$$;
revoke all on function private.befriend(uuid, uuid, text, uuid, uuid) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Writes (RPC)
-- ---------------------------------------------------------------------------------------------

-- Send a friend request to p_user_id. When they had already asked the caller, this accepts
-- theirs: { request_id, status: 'accepted' }; else { request_id, status: 'pending' }.
create or replace function public.send_friend_request(p_user_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  refusal text;
  theirs public.friend_requests;
  request_id uuid;
begin
  if p_user_id is null then
    raise exception using errcode = 'PT400', message = 'Whom to ask is missing.', hint = 'validation';
  end if;
  perform private.lock_pair(me, p_user_id);
  refusal := private.friend_request_refusal(me, p_user_id, false);
  if refusal is not null then
    perform private.raise_friend_refusal(refusal);
  end if;
  select * into theirs from public.friend_requests r
   where r.sender_id = p_user_id and r.recipient_id = me and r.status = 'pending'
   for update;
  if found then
    perform private.befriend(me, p_user_id, 'request', null, null);
    perform private.notify_event(p_user_id, 'friend_accepted', me, null, theirs.id);
    return jsonb_build_object('request_id', theirs.id, 'status', 'accepted');
  end if;
  if exists (select 1 from public.friend_requests r where r.sender_id = me and r.recipient_id = p_user_id and r.status = 'pending') then
    perform private.raise_friend_refusal('friend_request_exists');
  end if;
  refusal := private.friend_request_refusal(me, p_user_id, true);
  if refusal is not null then
    perform private.raise_friend_refusal(refusal);
  end if;
  insert into public.friend_requests (sender_id, recipient_id) values (me, p_user_id) returning id into request_id;
  perform private.notify_event(p_user_id, 'friend_request', me, null, request_id);
  return jsonb_build_object('request_id', request_id, 'status', 'pending');
end
$$;
revoke all on function public.send_friend_request(uuid) from public, anon, authenticated, service_role;
grant execute on function public.send_friend_request(uuid) to authenticated;

-- A pending request, locked, that the caller may act on as p_side ('recipient' | 'sender').
create or replace function private.pending_request_of(p_request_id uuid, p_me uuid, p_side text)
returns public.friend_requests
language plpgsql
security definer
set search_path = ''
as $$
declare
  req public.friend_requests;
begin
  select * into req from public.friend_requests r where r.id = p_request_id;
  if not found or (case p_side when 'recipient' then req.recipient_id else req.sender_id end) is distinct from p_me then
    perform private.raise_friend_refusal('not_found');
  end if;
  perform private.lock_pair(req.sender_id, req.recipient_id);
  select * into req from public.friend_requests r where r.id = p_request_id for update;
  if not found then
    perform private.raise_friend_refusal('not_found');
  end if;
  if req.status <> 'pending' then
    perform private.raise_friend_refusal('friend_request_not_pending', req.status);
  end if;
  return req;
end
$$;
revoke all on function private.pending_request_of(uuid, uuid, text) from public, anon, authenticated;

-- The recipient accepts: { request_id, status: 'accepted', friend_id }.
create or replace function public.accept_friend_request(p_request_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  req public.friend_requests := private.pending_request_of(p_request_id, me, 'recipient');
  refusal text := private.friend_request_refusal(me, req.sender_id, false);
begin
  if refusal is not null then
    perform private.raise_friend_refusal(refusal);
  end if;
  perform private.befriend(me, req.sender_id, 'request', null, null);
  perform private.notify_event(req.sender_id, 'friend_accepted', me, null, req.id);
  return jsonb_build_object('request_id', req.id, 'status', 'accepted', 'friend_id', req.sender_id);
end
$$;
revoke all on function public.accept_friend_request(uuid) from public, anon, authenticated, service_role;
grant execute on function public.accept_friend_request(uuid) to authenticated;

-- The recipient declines (the sender is not told: the request leaves their list of sent ones).
create or replace function public.decline_friend_request(p_request_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  req public.friend_requests := private.pending_request_of(p_request_id, me, 'recipient');
begin
  update public.friend_requests set status = 'declined', responded_at = now() where id = req.id;
  return jsonb_build_object('request_id', req.id, 'status', 'declined');
end
$$;
revoke all on function public.decline_friend_request(uuid) from public, anon, authenticated, service_role;
grant execute on function public.decline_friend_request(uuid) to authenticated;

-- The sender cancels.
create or replace function public.cancel_friend_request(p_request_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  req public.friend_requests := private.pending_request_of(p_request_id, me, 'sender');
begin
  update public.friend_requests set status = 'cancelled', responded_at = now() where id = req.id;
  return jsonb_build_object('request_id', req.id, 'status', 'cancelled');
end
$$;
revoke all on function public.cancel_friend_request(uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_friend_request(uuid) to authenticated;

-- Either friend ends the friendship (the other is not told).
create or replace function public.remove_friend(p_user_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  removed integer;
begin
  perform private.lock_pair(me, p_user_id);
  delete from public.friendships f where f.user_a = least(me, p_user_id) and f.user_b = greatest(me, p_user_id);
  get diagnostics removed = row_count;
  if removed = 0 then
    perform private.raise_friend_refusal('not_friends');
  end if;
  return jsonb_build_object('removed', p_user_id);
end
$$;
revoke all on function public.remove_friend(uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_friend(uuid) to authenticated;

-- What the caller is to p_user_id, for the friend button on a profile: { state: 'self' | 'friends'
-- | 'sent' | 'received' | 'none', request_id (sent, received), may_ask (none: whether a request
-- would be taken now — private.friend_request_refusal, the rule send_friend_request applies) }.
-- So a profile never offers "Adicionar amigo" where the answer would be no: a minor to an adult
-- stranger, a person taking no requests, a block either way.
create or replace function public.friend_relationship(p_user_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  req public.friend_requests;
begin
  if p_user_id is null then
    raise exception using errcode = 'PT400', message = 'Whom to ask about is missing.', hint = 'validation';
  end if;
  if p_user_id = me then
    return jsonb_build_object('state', 'self');
  end if;
  if private.are_friends(me, p_user_id) then
    return jsonb_build_object('state', 'friends');
  end if;
  select * into req from public.friend_requests r
   where r.status = 'pending'
     and ((r.sender_id = me and r.recipient_id = p_user_id) or (r.sender_id = p_user_id and r.recipient_id = me));
  if found then
    return jsonb_build_object('state', case when req.sender_id = me then 'sent' else 'received' end, 'request_id', req.id);
  end if;
  return jsonb_build_object('state', 'none', 'may_ask', private.friend_request_refusal(me, p_user_id) is null);
end
$$;
revoke all on function public.friend_relationship(uuid) from public, anon, authenticated, service_role;
grant execute on function public.friend_relationship(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Automatic friendships, blocks, removed accounts
-- ---------------------------------------------------------------------------------------------

-- "a signed answer makes its writer and the owner friends" (spec §1; the anonymous rule: header).
create or replace function private.befriend_by_answer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  if new.user_id is null or new.is_anonymous or new.moderation_status <> 'approved' then
    return null;
  end if;
  if tg_op = 'UPDATE' and not old.is_anonymous and old.moderation_status = 'approved' and old.user_id is not distinct from new.user_id then
    return null;
  end if;
  select n.user_id into owner from public.notebooks n where n.id = new.notebook_id;
  if owner is null or owner = new.user_id or private.are_friends(owner, new.user_id) then
    return null;
  end if;
  perform private.lock_pair(owner, new.user_id);
  if private.are_friends(owner, new.user_id)
     or private.is_blocked_between(owner, new.user_id)
     or private.account_status(owner) <> 'active' or private.account_status(new.user_id) <> 'active'
     or private.is_minor(owner) <> private.is_minor(new.user_id)
     or exists (select 1 from public.user_settings s where s.user_id in (owner, new.user_id) and s.friend_requests_from = 'nobody') then
    return null;
  end if;
  if private.befriend(owner, new.user_id, 'answered', new.user_id, new.notebook_id) then
    perform private.notify_event(owner, 'friendship_started', new.user_id, null, null);
    perform private.notify_event(new.user_id, 'friendship_started', owner, null, null);
  end if;
  return null;
end
$$;
revoke all on function private.befriend_by_answer() from public, anon, authenticated;

create trigger "a signed answer makes its writer and the owner friends" after insert or update of is_anonymous, moderation_status on public.answers
  for each row execute function private.befriend_by_answer();

-- "a block ends a friendship": and the pending requests between the two.
create or replace function private.end_friendship_on_block()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.friendships f
   where f.user_a = least(new.blocker_id, new.blocked_id) and f.user_b = greatest(new.blocker_id, new.blocked_id);
  delete from public.friend_requests r
   where r.status = 'pending'
     and ((r.sender_id = new.blocker_id and r.recipient_id = new.blocked_id)
       or (r.sender_id = new.blocked_id and r.recipient_id = new.blocker_id));
  return null;
end
$$;
revoke all on function private.end_friendship_on_block() from public, anon, authenticated;

create trigger "a block ends a friendship" after insert on public.blocks
  for each row execute function private.end_friendship_on_block();

-- "a removed account's friendships end": delete_my_account keeps the profile row (the cascades
-- would not run), so its friendships and requests go when it becomes a removed account.
create or replace function private.forget_friendships()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.friendships f where f.user_a = new.id or f.user_b = new.id;
  delete from public.friend_requests r where r.sender_id = new.id or r.recipient_id = new.id;
  return null;
end
$$;
revoke all on function private.forget_friendships() from public, anon, authenticated;

create trigger "a removed account's friendships end" after update of account_status on public.profiles
  for each row when (new.account_status = 'deleted' and old.account_status is distinct from 'deleted')
  execute function private.forget_friendships();

-- ---------------------------------------------------------------------------------------------
-- Reads (RPC), a page at a time (20 by default, held to 1–50), keyset cursors
-- ---------------------------------------------------------------------------------------------

-- The caller's friends in username order (p_after: the last username the caller has), each with
-- how the friendship began (origin; answered_by_me: the caller answered a notebook of the friend)
-- and the number of notebooks the two belong to (own, collaborate on, were shared).
create or replace function public.my_friends(p_limit integer default 20, p_after text default null)
returns table (user_id uuid, username text, display_name text, avatar_url text, origin text,
               answered_by_me boolean, since timestamptz, shared_notebooks integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  after_name text := lower(nullif(btrim(coalesce(p_after, '')), ''));
begin
  return query
    with page as (
      select p.id, p.username, p.display_name, p.avatar_url, f.origin, f.answered_by, f.created_at
        from public.friendships f
        join public.profiles p on p.id = case when f.user_a = me then f.user_b else f.user_a end
       where (f.user_a = me or f.user_b = me)
         and p.account_status = 'active'
         and lower(p.username) collate "C" > coalesce(after_name, '') collate "C"
       order by lower(p.username) collate "C"
       limit least(greatest(coalesce(p_limit, 20), 1), 50)
    ), mine as (
      select m.id as notebook_id from private.member_notebooks(me) m(id)
    )
    select pg.id, pg.username, pg.display_name, pg.avatar_url, pg.origin,
           coalesce(pg.answered_by = me, false), pg.created_at,
           (select count(*)::integer from private.member_notebooks(pg.id) t(id)
             where t.id in (select mine.notebook_id from mine))
      from page pg
     order by lower(pg.username) collate "C";
end
$$;
revoke all on function public.my_friends(integer, text) from public, anon, authenticated, service_role;
grant execute on function public.my_friends(integer, text) to authenticated;

-- Pending requests the caller received (p_direction 'received') or sent ('sent'), newest first;
-- the page after (p_after_created_at, p_after_id), the last row the caller has.
create or replace function public.my_friend_requests(p_direction text default 'received', p_limit integer default 20,
                                                     p_after_created_at timestamptz default null, p_after_id uuid default null)
returns table (request_id uuid, user_id uuid, username text, display_name text, avatar_url text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
begin
  if p_direction is null or p_direction not in ('received', 'sent') then
    raise exception using errcode = 'PT400', message = 'p_direction is received or sent.', hint = 'validation';
  end if;
  return query
    select r.id, p.id, p.username, p.display_name, p.avatar_url, r.created_at
      from public.friend_requests r
      join public.profiles p on p.id = case when p_direction = 'received' then r.sender_id else r.recipient_id end
     where r.status = 'pending'
       and (case when p_direction = 'received' then r.recipient_id else r.sender_id end) = me
       and p.account_status = 'active'
       and (p_after_created_at is null or (r.created_at, r.id) < (p_after_created_at, coalesce(p_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
     order by r.created_at desc, r.id desc
     limit least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;
revoke all on function public.my_friend_requests(text, integer, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_friend_requests(text, integer, timestamptz, uuid) to authenticated;

-- People the caller might know: those who belong to a notebook the caller belongs to
-- (shared_notebooks) and friends of the caller's friends (mutual_friends, counted only through
-- friends whose connections the caller may see, and only people whose connections are not
-- private). Never across the age line (no minor for an adult, no adult for a minor). Only people
-- the caller may ask now (private.friend_request_refusal: no block either way, their setting), not friends, no pending
-- request either way. Most in common first (shared + mutual), then by id: the page after
-- (p_after_score, p_after_id).
create or replace function public.friend_suggestions(p_limit integer default 20, p_after_score integer default null, p_after_id uuid default null)
returns table (user_id uuid, username text, display_name text, avatar_url text, shared_notebooks integer, mutual_friends integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  wanted integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  given integer := 0;
  c record;
begin
  for c in
    with mine as (
      select m.id as notebook_id from private.member_notebooks(me) m(id)
    ), companions as (
      select m.person, count(distinct m.notebook_id)::integer as shared
        from (select n.user_id as person, n.id as notebook_id from public.notebooks n where n.id in (select mine.notebook_id from mine)
              union all
              select cl.user_id, cl.notebook_id from public.notebook_collaborators cl
               where cl.status = 'accepted' and cl.notebook_id in (select mine.notebook_id from mine)
              union all
              select s.shared_with, s.notebook_id from public.notebook_shares s where s.notebook_id in (select mine.notebook_id from mine)) m
       group by m.person
    ), friends as (
      select case when f.user_a = me then f.user_b else f.user_a end as id
        from public.friendships f where f.user_a = me or f.user_b = me
    ), friends_of_friends as (
      select case when f.user_a = fr.id then f.user_b else f.user_a end as person, count(*)::integer as mutual
        from friends fr
        join public.friendships f on f.user_a = fr.id or f.user_b = fr.id
       where private.may_see_connections(fr.id)
       group by 1
    ), candidates as (
      select coalesce(cp.person, ff.person) as person, coalesce(cp.shared, 0) as shared, coalesce(ff.mutual, 0) as mutual
        from companions cp
        full join friends_of_friends ff on ff.person = cp.person
    )
    select p.id, p.username, p.display_name, p.avatar_url, k.shared, k.mutual, k.shared + k.mutual as score
      from candidates k
      join public.profiles p on p.id = k.person
     where k.person <> me
       and p.account_status = 'active'
       and k.person not in (select friends.id from friends)
       and private.is_minor(k.person) = private.is_minor(me)
       and (k.shared > 0 or p.connections_visibility <> 'private')
       and not exists (select 1 from public.friend_requests r
                        where r.status = 'pending'
                          and ((r.sender_id = me and r.recipient_id = k.person) or (r.sender_id = k.person and r.recipient_id = me)))
       and (p_after_score is null or (k.shared + k.mutual, p.id) < (p_after_score, coalesce(p_after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
     order by k.shared + k.mutual desc, p.id desc
  loop
    -- asked one by one, in order, until the page is full
    if private.friend_request_refusal(me, c.id) is null then
      user_id := c.id; username := c.username; display_name := c.display_name; avatar_url := c.avatar_url;
      shared_notebooks := c.shared; mutual_friends := c.mutual;
      return next;
      given := given + 1;
      exit when given >= wanted;
    end if;
  end loop;
end
$$;
revoke all on function public.friend_suggestions(integer, integer, uuid) from public, anon, authenticated, service_role;
grant execute on function public.friend_suggestions(integer, integer, uuid) to authenticated;

-- A profile's friends (/profile/{username}), as connections visibility allows the caller
-- (private.may_see_connections; nothing otherwise), in username order (p_after: the last
-- username the caller has). Never listed: a friend the caller may not see at all
-- (profile_reach 'none': a private profile for a visitor, one who blocked the caller), one the
-- caller blocked, a minor for an adult stranger or a visitor.
create or replace function public.profile_friends(p_username text, p_limit integer default 20, p_after text default null)
returns table (user_id uuid, username text, display_name text, avatar_url text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  owner uuid;
  after_name text := lower(nullif(btrim(coalesce(p_after, '')), ''));
begin
  select p.id into owner from public.profiles p where lower(p.username) = lower(btrim(coalesce(p_username, '')));
  if owner is null or not private.may_see_connections(owner) then
    return;
  end if;
  return query
    select p.id, p.username, p.display_name, p.avatar_url
      from public.friendships f
      join public.profiles p on p.id = case when f.user_a = owner then f.user_b else f.user_a end
     where (f.user_a = owner or f.user_b = owner)
       and p.account_status = 'active'
       and lower(p.username) collate "C" > coalesce(after_name, '') collate "C"
       and private.profile_reach(p.id) <> 'none'
       and not private.has_blocked(auth.uid(), p.id)
       and private.minor_shown_to(p.id, auth.uid())
     order by lower(p.username) collate "C"
     limit least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;
revoke all on function public.profile_friends(text, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.profile_friends(text, integer, text) to anon, authenticated;
