set check_function_bodies = off;

-- Guestbook and profile poll (issue 32; spec §2–§6): a public profile's guestbook, moderated by
-- the profile's owner, and its poll.
--
--   guestbook_messages          text (1–500 characters), anonymous flag, pending → approved; a
--                               rejected message is deleted for good (spec §4). Read as a table
--                               only by the profile's owner and the writer (both know who wrote
--                               it); everyone else reads guestbook_page, which names the writer
--                               of an anonymous message to nobody but the owner and the writer (S5)
--   write_guestbook_message     the one way to write: blocked people, those who do not see the
--                               whole profile and, on a friends-only guestbook, non-friends are
--                               refused; forbidden words refused (trigger)
--   moderate_guestbook_message  owner: approve, reject (deleted), delete (admins: admin_act)
--   profile_polls, poll_votes   one active poll per profile (a new one ends the old), 2–10
--                               options; one vote per person (changing it allowed); the results
--                               (counts) are public, who voted what is never shown to anyone but
--                               the voter; an edit removes every vote
--   save_poll, end_poll, delete_poll, vote_in_poll, poll_view
--   guestbook_notices, poll_notices   live updates: "profile <id>'s guestbook / poll changed",
--                               never data, never a writer (live_updates.sql's pattern)
--   user_settings.guestbook_friends_only   (accounts.sql) true for minors from sign-up
--
-- Errors carry hints: validation, forbidden_words, not_allowed, not_found, guestbook_friends_only,
-- poll_options, question_too_short, not_authenticated.

-- ---------------------------------------------------------------------------------------------
-- Guestbook messages
-- ---------------------------------------------------------------------------------------------

create table public.guestbook_messages (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null references public.profiles (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  body text not null,
  is_anonymous boolean not null default false,
  status text not null default 'pending' check (status in ('pending', 'approved')),
  created_at timestamptz not null default now(),
  approved_at timestamptz,
  -- hidden by a moderator (moderation.sql, admin_act): gone for everyone but admins until restored
  hidden_at timestamptz,
  -- the limit the write form counts down to (src/data/online/guestbook.ts GUESTBOOK_MAX)
  constraint guestbook_messages_body_length check (char_length(body) between 1 and 500)
);
create index guestbook_messages_approved on public.guestbook_messages (profile_id, approved_at desc, id desc)
  where status = 'approved';
create index guestbook_messages_pending on public.guestbook_messages (profile_id, created_at desc, id desc)
  where status = 'pending';
create index guestbook_messages_author on public.guestbook_messages (author_id);
comment on table public.guestbook_messages is
  'Guestbook messages on a profile (spec §3). Rows only for the profile''s owner and the writer; everyone else reads guestbook_page.';
alter table public.guestbook_messages enable row level security;
-- The owner (moderation) and the writer (their messages and their state) read the rows; both
-- know who wrote them. No write for the API: write_guestbook_message and
-- moderate_guestbook_message write them (security definer).
create policy "the profile's owner and the writer read a guestbook message" on public.guestbook_messages
  for select to authenticated
  using ((profile_id = (select auth.uid()) or author_id = (select auth.uid()))
         and (hidden_at is null or (select public.is_admin())));
revoke all on public.guestbook_messages from public, anon, authenticated, service_role;
grant select on public.guestbook_messages to authenticated;
grant select, insert, update, delete on public.guestbook_messages to service_role;

-- Whether `p_writer` may write on `p_owner`'s guestbook now: null when they may, else the reason
-- code. Blocks either way, a profile the writer does not fully see, and a friends-only guestbook
-- (private.are_friends, friends.sql) say no.
create or replace function private.guestbook_refusal(p_owner uuid, p_writer uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_writer is null then
    return 'not_authenticated';
  end if;
  if p_owner = p_writer then
    return null;
  end if;
  if private.is_blocked_between(p_owner, p_writer) or private.profile_reach(p_owner) <> 'full' then
    return 'not_allowed';
  end if;
  if coalesce((select s.guestbook_friends_only from public.user_settings s where s.user_id = p_owner), false)
     and not private.are_friends(p_owner, p_writer) then
    return 'guestbook_friends_only';
  end if;
  return null;
end
$$;
revoke all on function private.guestbook_refusal(uuid, uuid) from public, anon, authenticated, service_role;

-- "10 a guestbook message is validated": trimmed, 1–500 characters, no forbidden words, and the
-- writer may write there (whoever inserts: the RPC, the service role with a writer's claims).
create or replace function private.validate_guestbook_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  refusal text;
begin
  new.body := btrim(new.body);
  if new.body is null or char_length(new.body) = 0 or char_length(new.body) > 500 then
    raise exception using errcode = '23514', message = 'A guestbook message has 1 to 500 characters.', hint = 'validation';
  end if;
  perform private.assert_no_forbidden_words(new.body);
  if tg_op = 'INSERT' then
    new.status := 'pending';
    new.approved_at := null;
    new.created_at := now();
    if auth.uid() is not null then
      refusal := private.guestbook_refusal(new.profile_id, new.author_id);
      if new.author_id <> auth.uid() then
        refusal := 'not_allowed';
      end if;
      if refusal is not null then
        raise exception using errcode = '42501', message = 'You cannot write on this guestbook.', hint = refusal;
      end if;
    end if;
  elsif new.profile_id <> old.profile_id or new.author_id <> old.author_id or new.body <> old.body
        or new.is_anonymous <> old.is_anonymous or new.created_at <> old.created_at then
    raise exception using errcode = '42501', message = 'A guestbook message cannot change.', hint = 'not_allowed';
  end if;
  return new;
end
$$;
revoke all on function private.validate_guestbook_message() from public, anon, authenticated, service_role;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.guestbook_messages
  for each row execute function private.refuse_inactive_writer();
create trigger "10 a guestbook message is validated" before insert or update on public.guestbook_messages
  for each row execute function private.validate_guestbook_message();

-- Leaves a message on a profile's guestbook: pending until its owner approves it. The owner is
-- notified (notifications: the writer named only when the message is signed).
create or replace function public.write_guestbook_message(p_profile uuid, p_body text, p_anonymous boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  written public.guestbook_messages;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  if p_profile is null or not exists (select 1 from public.profiles p where p.id = p_profile) then
    raise exception using errcode = 'P0001', message = 'No such profile.', hint = 'not_found';
  end if;
  insert into public.guestbook_messages (profile_id, author_id, body, is_anonymous)
  values (p_profile, auth.uid(), coalesce(p_body, ''), coalesce(p_anonymous, false))
  returning * into written;
  if p_profile <> auth.uid() then
    perform private.notify_event(p_profile, 'guestbook_message',
                                 case when written.is_anonymous then null else auth.uid() end, null, written.id);
  end if;
  return jsonb_build_object('id', written.id, 'status', written.status, 'created_at', written.created_at);
end
$$;
revoke all on function public.write_guestbook_message(uuid, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.write_guestbook_message(uuid, text, boolean) to authenticated;

-- The owner approves, rejects (the message is deleted for good, spec §4) or deletes a message.
-- Anyone else: not_found (no oracle of others' messages) — an admin too: admins remove a message
-- through admin_act (moderation.sql: audited, reports settled, the author told).
create or replace function public.moderate_guestbook_message(p_message uuid, p_action text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  m public.guestbook_messages;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  if p_action is null or p_action not in ('approve', 'reject', 'delete') then
    raise exception using errcode = '22023', message = 'The action is approve, reject or delete.', hint = 'validation';
  end if;
  select * into m from public.guestbook_messages g where g.id = p_message for update;
  if not found or m.profile_id is distinct from auth.uid() then
    raise exception using errcode = 'P0001', message = 'No such guestbook message.', hint = 'not_found';
  end if;
  if p_action = 'approve' then
    update public.guestbook_messages set status = 'approved', approved_at = coalesce(approved_at, now())
     where id = m.id;
    return jsonb_build_object('id', m.id, 'status', 'approved');
  end if;
  delete from public.guestbook_messages where id = m.id;
  return jsonb_build_object('id', m.id, 'status', 'deleted');
end
$$;
revoke all on function public.moderate_guestbook_message(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.moderate_guestbook_message(uuid, text) to authenticated;

-- One page of a guestbook, newest first, keyset-paged (20 by default, held to 1–50):
--   p_status 'approved' (whoever sees the whole profile; ordered by approval) or 'pending' (the
--   owner alone; ordered by writing). The cursor is the last message's `at` and id.
-- Each message names its writer (id, username, display name, avatar) unless it is anonymous and
-- the caller is neither the owner nor the writer: then `author` is null. Also says whether the
-- caller may write (`may_write`, or `refusal`: a code) and, for the owner, the pending count.
-- null when the caller may not see the profile (as profile_view).
create or replace function public.guestbook_page(p_profile uuid, p_status text, p_limit integer,
                                                 p_after_at timestamptz, p_after_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  is_owner boolean := p_profile is not distinct from auth.uid();
  page_size integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  refusal text;
begin
  if p_status is null or p_status not in ('approved', 'pending') then
    raise exception using errcode = '22023', message = 'The status is approved or pending.', hint = 'validation';
  end if;
  if private.profile_reach(p_profile) <> 'full' or private.account_status(p_profile) <> 'active' then
    return null;
  end if;
  if p_status = 'pending' and not is_owner then
    raise exception using errcode = '42501', message = 'Only the profile''s owner sees pending messages.', hint = 'not_allowed';
  end if;
  refusal := private.guestbook_refusal(p_profile, me);
  return jsonb_build_object(
    'may_write', refusal is null,
    'refusal', refusal,
    'pending_count', case when is_owner then
        (select count(*) from public.guestbook_messages g
          where g.profile_id = p_profile and g.status = 'pending' and g.hidden_at is null) end,
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', g.id, 'body', g.body, 'is_anonymous', g.is_anonymous, 'status', g.status,
               'created_at', g.created_at, 'approved_at', g.approved_at, 'at', g.at,
               'is_mine', coalesce(g.author_id = me, false),
               'author', case when g.is_anonymous and not is_owner and g.author_id is distinct from me then null
                              else jsonb_build_object('id', a.id, 'username', a.username,
                                                      'display_name', a.display_name, 'avatar_url', a.avatar_url) end)
             order by g.at desc, g.id desc)
        from (select m.*, case when p_status = 'approved' then m.approved_at else m.created_at end as at
                from public.guestbook_messages m
               where m.profile_id = p_profile and m.status = p_status
                 and m.hidden_at is null
                 and (p_after_at is null
                      or (case when p_status = 'approved' then m.approved_at else m.created_at end, m.id) < (p_after_at, p_after_id))
                 -- messages of people blocked either way are not shown (the owner still moderates them)
                 and (is_owner or me is null or not private.is_blocked_between(m.author_id, me))
               order by at desc, m.id desc
               limit page_size) g
        join public.profiles a on a.id = g.author_id), '[]'::jsonb)
  );
end
$$;
revoke all on function public.guestbook_page(uuid, text, integer, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.guestbook_page(uuid, text, integer, timestamptz, uuid) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Polls
-- ---------------------------------------------------------------------------------------------

create table public.profile_polls (
  id uuid primary key default gen_random_uuid(),
  profile_id uuid not null references public.profiles (id) on delete cascade,
  question text not null,
  options text[] not null,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  -- the last edit: votes cast before it were removed (spec §4)
  updated_at timestamptz not null default now(),
  ended_at timestamptz,
  -- hidden by a moderator (moderation.sql, admin_act): gone for everyone but admins until restored
  hidden_at timestamptz,
  constraint profile_polls_question_length check (char_length(question) between 3 and 200),
  constraint profile_polls_options_count check (cardinality(options) between 2 and 10)
);
-- one active poll per profile (spec §9): save_poll ends the old one first
create unique index profile_polls_one_active on public.profile_polls (profile_id) where is_active;
create index profile_polls_profile on public.profile_polls (profile_id, created_at desc);
comment on table public.profile_polls is
  'A profile''s poll (spec §3): question, 2–10 options, one active per profile. Written through save_poll / end_poll / delete_poll.';
alter table public.profile_polls enable row level security;
-- Whoever sees the whole profile reads its active poll; the owner reads all of theirs.
create policy "people read the active poll of profiles they see and owners read theirs" on public.profile_polls
  for select to anon, authenticated
  using ((profile_id = (select auth.uid()) or (is_active and private.profile_reach(profile_id) = 'full'))
         and (hidden_at is null or (select public.is_admin())));
revoke all on public.profile_polls from public, anon, authenticated, service_role;
grant select on public.profile_polls to anon, authenticated;
grant select, insert, update, delete on public.profile_polls to service_role;

create table public.poll_votes (
  poll_id uuid not null references public.profile_polls (id) on delete cascade,
  voter_id uuid not null references public.profiles (id) on delete cascade,
  option_index smallint not null check (option_index >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- one vote per person and poll (a second vote changes the first: vote_in_poll)
  primary key (poll_id, voter_id)
);
create index poll_votes_voter on public.poll_votes (voter_id);
comment on table public.poll_votes is
  'One vote per person and poll. Each person reads only their own; results are counts (poll_view).';
alter table public.poll_votes enable row level security;
-- Who voted what is never shown: a person reads their own vote only. Written by vote_in_poll.
create policy "people read their own votes" on public.poll_votes
  for select to authenticated
  using (voter_id = (select auth.uid()));
revoke all on public.poll_votes from public, anon, authenticated, service_role;
grant select on public.poll_votes to authenticated;
grant select, insert, update, delete on public.poll_votes to service_role;

-- "10 a poll is validated": question 3–200 characters, 2–10 options of 1–80 characters each
-- (trimmed, none empty), no forbidden words in any of them.
create or replace function private.validate_poll()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.question := btrim(new.question);
  new.options := array(select btrim(o) from unnest(new.options) with ordinality as u(o, n) order by n);
  if new.question is null or char_length(new.question) < 3 then
    raise exception using errcode = '23514', message = 'A poll''s question has at least 3 characters.', hint = 'question_too_short';
  end if;
  if char_length(new.question) > 200 then
    raise exception using errcode = '23514', message = 'A poll''s question has at most 200 characters.', hint = 'validation';
  end if;
  if new.options is null or cardinality(new.options) < 2 or cardinality(new.options) > 10
     or exists (select 1 from unnest(new.options) o where o is null or char_length(o) = 0 or char_length(o) > 80) then
    raise exception using errcode = '23514', message = 'A poll has 2 to 10 options of 1 to 80 characters.', hint = 'poll_options';
  end if;
  perform private.assert_no_forbidden_words(variadic array_prepend(new.question, new.options));
  if tg_op = 'UPDATE' and (new.profile_id <> old.profile_id or new.created_at <> old.created_at) then
    raise exception using errcode = '42501', message = 'A poll''s profile cannot change.', hint = 'not_allowed';
  end if;
  return new;
end
$$;
revoke all on function private.validate_poll() from public, anon, authenticated, service_role;

create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.profile_polls
  for each row execute function private.refuse_inactive_writer();
create trigger "10 a poll is validated" before insert or update on public.profile_polls
  for each row execute function private.validate_poll();
create trigger "00 banned or deleted accounts cannot write" before insert or update or delete on public.poll_votes
  for each row execute function private.refuse_inactive_writer();

-- Creates a poll (p_poll null: the profile's active poll, if any, ends) or edits one of the
-- caller's polls: an edit that changes the question or the options removes every vote and
-- restarts voting (spec §4); an edit that changes nothing keeps them.
create or replace function public.save_poll(p_poll uuid, p_question text, p_options text[])
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  saved public.profile_polls;
  old_poll public.profile_polls;
  votes_removed integer := 0;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  if p_poll is null then
    update public.profile_polls set is_active = false, ended_at = now()
     where profile_id = auth.uid() and is_active;
    insert into public.profile_polls (profile_id, question, options)
    values (auth.uid(), p_question, p_options)
    returning * into saved;
  else
    select * into old_poll from public.profile_polls p where p.id = p_poll and p.profile_id = auth.uid() for update;
    if not found then
      raise exception using errcode = 'P0001', message = 'No such poll.', hint = 'not_found';
    end if;
    update public.profile_polls set question = p_question, options = p_options where id = p_poll
    returning * into saved;
    if saved.question is distinct from old_poll.question or saved.options is distinct from old_poll.options then
      delete from public.poll_votes v where v.poll_id = p_poll;
      get diagnostics votes_removed = row_count;
      update public.profile_polls set updated_at = now() where id = p_poll returning * into saved;
    end if;
  end if;
  return jsonb_build_object('id', saved.id, 'question', saved.question, 'options', to_jsonb(saved.options),
                            'is_active', saved.is_active, 'votes_removed', votes_removed);
end
$$;
revoke all on function public.save_poll(uuid, text, text[]) from public, anon, authenticated, service_role;
grant execute on function public.save_poll(uuid, text, text[]) to authenticated;

-- Ends one of the caller's polls (its results stay, for them).
create or replace function public.end_poll(p_poll uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  update public.profile_polls set is_active = false, ended_at = coalesce(ended_at, now())
   where id = p_poll and profile_id = auth.uid();
  if not found then
    raise exception using errcode = 'P0001', message = 'No such poll.', hint = 'not_found';
  end if;
end
$$;
revoke all on function public.end_poll(uuid) from public, anon, authenticated, service_role;
grant execute on function public.end_poll(uuid) to authenticated;

-- Removes one of the caller's polls and its votes.
create or replace function public.delete_poll(p_poll uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  delete from public.profile_polls where id = p_poll and profile_id = auth.uid();
  if not found then
    raise exception using errcode = 'P0001', message = 'No such poll.', hint = 'not_found';
  end if;
end
$$;
revoke all on function public.delete_poll(uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_poll(uuid) to authenticated;

-- A vote (or a changed vote) in an active poll of a profile the caller sees whole, unless a block
-- stands between them. The poll row is share-locked: an edit (which removes the votes) waits for
-- the votes in flight, and a vote after it is checked against the edited options. One vote per
-- person: an upsert on (poll, voter), so concurrent votes never fail. The owner is notified of a
-- new vote without the voter's name (grouped per poll).
create or replace function public.vote_in_poll(p_poll uuid, p_option integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  poll public.profile_polls;
  is_new boolean;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Usuário não autenticado', hint = 'not_authenticated';
  end if;
  select * into poll from public.profile_polls p where p.id = p_poll for share;
  if not found or poll.hidden_at is not null or private.profile_reach(poll.profile_id) <> 'full' then
    raise exception using errcode = 'P0001', message = 'No such poll.', hint = 'not_found';
  end if;
  if not poll.is_active or private.is_blocked_between(poll.profile_id, auth.uid()) then
    raise exception using errcode = '42501', message = 'You cannot vote in this poll.', hint = 'not_allowed';
  end if;
  if p_option is null or p_option < 0 or p_option >= cardinality(poll.options) then
    raise exception using errcode = '22023', message = 'No such option.', hint = 'validation';
  end if;
  insert into public.poll_votes as v (poll_id, voter_id, option_index)
  values (p_poll, auth.uid(), p_option)
  on conflict (poll_id, voter_id) do update
    set option_index = excluded.option_index, updated_at = now()
  returning (xmax = 0) into is_new;
  if is_new and poll.profile_id <> auth.uid() then
    perform private.notify_event(poll.profile_id, 'poll_vote', null, null, p_poll);
  end if;
  return jsonb_build_object('poll_id', p_poll, 'option', p_option);
end
$$;
revoke all on function public.vote_in_poll(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.vote_in_poll(uuid, integer) to authenticated;

-- A profile's poll with its results: the active one (p_poll null), or one of the caller's own
-- polls by id. Counts per option and the total; the caller's own vote (`my_vote`, null when none
-- or signed out); `may_vote`. Never who voted what. null when there is none the caller may see.
create or replace function public.poll_view(p_profile uuid, p_poll uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  poll public.profile_polls;
  counts integer[];
begin
  if p_poll is null then
    select * into poll from public.profile_polls p where p.profile_id = p_profile and p.is_active and p.hidden_at is null;
  else
    select * into poll from public.profile_polls p
     where p.id = p_poll and p.profile_id = p_profile and (p.is_active or p.profile_id = auth.uid()) and p.hidden_at is null;
  end if;
  if not found or private.profile_reach(poll.profile_id) <> 'full' or private.account_status(poll.profile_id) <> 'active' then
    return null;
  end if;
  select array_agg(coalesce(c.n, 0)::integer order by i.n) into counts
    from generate_series(0, cardinality(poll.options) - 1) as i(n)
    left join (select v.option_index, count(*) as n from public.poll_votes v where v.poll_id = poll.id group by 1) c
      on c.option_index = i.n;
  return jsonb_build_object(
    'id', poll.id, 'profile_id', poll.profile_id, 'question', poll.question, 'options', to_jsonb(poll.options),
    'is_active', poll.is_active, 'created_at', poll.created_at, 'updated_at', poll.updated_at, 'ended_at', poll.ended_at,
    'counts', to_jsonb(counts),
    'total', (select coalesce(sum(x), 0) from unnest(counts) x),
    'my_vote', (select v.option_index from public.poll_votes v where v.poll_id = poll.id and v.voter_id = auth.uid()),
    'may_vote', auth.uid() is not null and poll.is_active and not private.is_blocked_between(poll.profile_id, auth.uid())
  );
end
$$;
revoke all on function public.poll_view(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.poll_view(uuid, uuid) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Live updates (live_updates.sql's pattern): a notice, never data, never a writer or a voter
-- ---------------------------------------------------------------------------------------------

-- "profile <id>'s guestbook changed". `reader` null: a change of the approved messages, heard by
-- whoever sees the whole profile; else for that one person (the owner: a pending message came or
-- went; the writer: their message was approved, rejected or deleted).
create table public.guestbook_notices (
  id bigint generated always as identity primary key,
  profile_id uuid not null,
  reader uuid,
  created_at timestamptz not null default now()
);
create index guestbook_notices_age on public.guestbook_notices (created_at);
comment on table public.guestbook_notices is
  'Live-update notices: "profile <id>''s guestbook changed". No data; clients refetch guestbook_page.';
alter table public.guestbook_notices enable row level security;
create policy "people hear of changes to the guestbooks they may read" on public.guestbook_notices
  for select to anon, authenticated
  using (case when reader is not null then reader = (select auth.uid())
              else private.profile_reach(profile_id) = 'full' end);
-- Read by Realtime as each subscriber (the id and the profile's id only); written by triggers.
revoke all on public.guestbook_notices from public, anon, authenticated, service_role;
grant select (id, profile_id) on public.guestbook_notices to anon, authenticated;
grant select, insert, update, delete on public.guestbook_notices to service_role;
revoke all on sequence public.guestbook_notices_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.guestbook_notices_id_seq to service_role;
alter publication supabase_realtime add table public.guestbook_notices;

-- "profile <id>'s poll changed" (a vote, an edit, a new poll, an end): heard by whoever sees the
-- whole profile, and by the owner.
create table public.poll_notices (
  id bigint generated always as identity primary key,
  profile_id uuid not null,
  created_at timestamptz not null default now()
);
create index poll_notices_age on public.poll_notices (created_at);
comment on table public.poll_notices is
  'Live-update notices: "profile <id>''s poll changed". No data; clients refetch poll_view.';
alter table public.poll_notices enable row level security;
create policy "people hear of changes to the polls they may see" on public.poll_notices
  for select to anon, authenticated
  using (private.profile_reach(profile_id) = 'full');
revoke all on public.poll_notices from public, anon, authenticated, service_role;
grant select (id, profile_id) on public.poll_notices to anon, authenticated;
grant select, insert, update, delete on public.poll_notices to service_role;
revoke all on sequence public.poll_notices_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.poll_notices_id_seq to service_role;
alter publication supabase_realtime add table public.poll_notices;

-- A guestbook change: notices for those it concerns; notices older than ten minutes go (skip
-- locked: concurrent writers never wait).
create or replace function private.notice_guestbook_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.guestbook_messages := case when tg_op = 'DELETE' then old else new end;
  was_public boolean := tg_op <> 'INSERT' and old.status = 'approved';
  is_public boolean := tg_op <> 'DELETE' and new.status = 'approved';
begin
  delete from public.guestbook_notices
   where id in (select n.id from public.guestbook_notices n
                 where n.created_at < now() - interval '10 minutes'
                 order by n.id limit 100 for update skip locked);
  if was_public or is_public then
    insert into public.guestbook_notices (profile_id, reader) values (m.profile_id, null);
  else
    insert into public.guestbook_notices (profile_id, reader) values (m.profile_id, m.profile_id);
  end if;
  if tg_op <> 'INSERT' and m.author_id <> m.profile_id then
    insert into public.guestbook_notices (profile_id, reader) values (m.profile_id, m.author_id);
  end if;
  return null;
end
$$;
revoke all on function private.notice_guestbook_change() from public, anon, authenticated, service_role;

create trigger "live: a guestbook change is noticed" after insert or update or delete on public.guestbook_messages
  for each row execute function private.notice_guestbook_change();

create or replace function private.notice_poll_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  profile uuid;
begin
  if tg_table_name = 'poll_votes' then
    select p.profile_id into profile from public.profile_polls p
     where p.id = case when tg_op = 'DELETE' then old.poll_id else new.poll_id end;
  else
    profile := case when tg_op = 'DELETE' then old.profile_id else new.profile_id end;
  end if;
  if profile is null then
    return null;
  end if;
  delete from public.poll_notices
   where id in (select n.id from public.poll_notices n
                 where n.created_at < now() - interval '10 minutes'
                 order by n.id limit 100 for update skip locked);
  insert into public.poll_notices (profile_id) values (profile);
  return null;
end
$$;
revoke all on function private.notice_poll_change() from public, anon, authenticated, service_role;

create trigger "live: a poll change is noticed" after insert or update or delete on public.profile_polls
  for each row execute function private.notice_poll_change();
-- a vote or a changed vote (an edit's removal of the votes is the poll's own notice)
create trigger "live: a vote is noticed" after insert or update on public.poll_votes
  for each row execute function private.notice_poll_change();

-- ---------------------------------------------------------------------------------------------
-- Minors, blocks and removed accounts
-- ---------------------------------------------------------------------------------------------

-- A minor's guestbook takes messages from friends only, from sign-up (the row of account_safety
-- is written right after the profile and settings: safety.sql).
create or replace function private.guestbook_friends_only_for_minors()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_minor(new.user_id) then
    update public.user_settings set guestbook_friends_only = true where user_id = new.user_id;
  end if;
  return null;
end
$$;
revoke all on function private.guestbook_friends_only_for_minors() from public, anon, authenticated, service_role;

create trigger "a minor's guestbook takes friends only" after insert on public.account_safety
  for each row execute function private.guestbook_friends_only_for_minors();

-- "15 a minor awaiting a guardian keeps the guestbook to friends" (as the safest settings of
-- safety.sql): until the guardian confirms, the minor cannot open the guestbook to everyone.
create or replace function private.keep_minor_guestbook_to_friends()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and not public.is_admin() and not new.guestbook_friends_only
     and private.awaits_guardian(new.user_id) then
    raise exception using errcode = '42501',
      message = 'Until your guardian confirms, your account keeps the safest settings.', hint = 'guardian_pending';
  end if;
  return new;
end
$$;
revoke all on function private.keep_minor_guestbook_to_friends() from public, anon, authenticated, service_role;

create trigger "15 a minor awaiting a guardian keeps the guestbook to friends" before update of guestbook_friends_only on public.user_settings
  for each row execute function private.keep_minor_guestbook_to_friends();

-- A removed account (delete_my_account keeps the profile row, so the cascades do not run): the
-- messages they wrote or received, their polls and their votes go, and the notices that name
-- them. Before the update (the account still active, so the tables' "00" triggers let it).
create or replace function private.forget_guestbook_and_polls()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.guestbook_messages g where g.author_id = new.id or g.profile_id = new.id;
  delete from public.poll_votes v where v.voter_id = new.id;
  delete from public.profile_polls p where p.profile_id = new.id;
  delete from public.guestbook_notices n where n.profile_id = new.id or n.reader = new.id;
  delete from public.poll_notices n where n.profile_id = new.id;
  return new;
end
$$;
revoke all on function private.forget_guestbook_and_polls() from public, anon, authenticated, service_role;

create trigger "95 a removed account's guestbook and polls are forgotten" before update of account_status on public.profiles
  for each row when (new.account_status = 'deleted' and old.account_status <> 'deleted')
  execute function private.forget_guestbook_and_polls();
