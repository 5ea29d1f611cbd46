-- Long lists page (issue 22's budget: "long lists page (20–50 items)"). The two online lists that
-- grow without bound — the people one blocked (settings) and user search (the share dialog) —
-- are read a page at a time with keyset pagination: the client passes the last row it has, the
-- server answers the rows after it in a stable order. No offset: a row added between two pages
-- (a new block, a new account matching the search) neither repeats a row nor skips one.
--
-- Both functions gain cursor parameters, so the old signatures are dropped (an overload with
-- defaults would make PostgREST's call ambiguous). Their rules are unchanged: search_users keeps
-- safety's blocks and minors rule (20261124110300_safety.sql), my_blocks reads only the caller's.

drop function if exists public.search_users(text, integer);
drop function if exists public.my_blocks();

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

-- People by '@username' (prefix) or by username or name; the page after p_after (the last
-- username the caller has), in the order exact username, username prefix, the rest, each by
-- username. Nobody finds someone they blocked or who blocked them; a minor is found only by
-- their notebook companions (and admins), never by strangers. p_limit is held to 1–50.
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

-- The page's order, read from an index: a person's blocks by time.
create index if not exists blocks_blocker_created on public.blocks (blocker_id, created_at desc, blocked_id desc);
