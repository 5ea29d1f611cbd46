-- Analytics (issue 36; spec §3 "Analytics events", §9): the events people consented to, counted
-- for the admin view, never about a person.
--
--   analytics_events           one row per event the collector took (sync-server/analytics, the
--                              endpoint POST /__analytics): the day (UTC) it happened, its name,
--                              its few typed parameters (src/analytics/events.ts EVENT_PARAMS: route
--                              patterns, codes, counts — never a text someone typed, an id, an
--                              account or an address) and `visitor`, a random value the device
--                              draws anew every day and only with analytics consent (distinct
--                              visitors of a day = active people; it names nobody and links no two
--                              days). No API role reads or writes the table; the collector writes
--                              as the database owner; rows older than the retention (400 days) are
--                              deleted by private.analytics_purge.
--   analytics_daily            the collector's running counts, kept in the same statement as the
--   analytics_days             events (sync-server/analytics storeEvents): events per day and name;
--   analytics_visitors         per day the distinct visitor values (active people) and their count.
--                              The summary reads these few hundred rows, never the events (100,000
--                              events: < 200 ms on PGlite, sync-server/analytics/bench-summary.ts).
--   admin_analytics_summary    admins (42501 not_allowed for anyone else): per day of the last
--                              p_days (1–366, 30 by default) the events, notebooks created,
--                              answers, sign-ups and active people, and the totals.

create table public.analytics_events (
  id bigint generated always as identity primary key,
  day date not null,
  name text not null
    constraint analytics_events_name check (name in ('page_view', 'notebook_created', 'notebook_shared',
      'answer_submitted', 'collaboration_invite_sent', 'collaboration_accepted', 'sign_up', 'login',
      'profile_updated', 'purchase', 'search', 'exception')),
  props jsonb not null default '{}'::jsonb
    constraint analytics_events_props check (jsonb_typeof(props) = 'object' and octet_length(props::text) <= 512),
  visitor text
    constraint analytics_events_visitor check (visitor ~ '^[0-9a-f]{16}$')
);
create index analytics_events_by_day on public.analytics_events (day, name) include (visitor);
comment on table public.analytics_events is
  'Consented analytics events (spec §9): day, name, typed parameters, a visitor value drawn daily by the device. Nothing about a person.';
alter table public.analytics_events enable row level security;
create policy "admins read analytics events" on public.analytics_events
  for select to authenticated
  using ((select public.is_admin()));
revoke all on public.analytics_events from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_events to service_role;
grant select on public.analytics_events to authenticated;
revoke all on sequence public.analytics_events_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.analytics_events_id_seq to service_role;

-- The running counts (rows only the collector writes, as the owner).
create table public.analytics_daily (
  day date not null,
  name text not null,
  events integer not null default 0,
  primary key (day, name)
);
comment on table public.analytics_daily is 'Events per day and name, counted as the collector stores them (the admin summary reads these).';
alter table public.analytics_daily enable row level security;
create policy "admins read analytics counts per day" on public.analytics_daily
  for select to authenticated
  using ((select public.is_admin()));
revoke all on public.analytics_daily from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_daily to service_role;
grant select on public.analytics_daily to authenticated;

create table public.analytics_visitors (
  day date not null,
  visitor text not null,
  primary key (day, visitor)
);
comment on table public.analytics_visitors is 'The distinct daily visitor values of each day (random per device and day; active people = their count).';
alter table public.analytics_visitors enable row level security;
create policy "admins read analytics visitor values" on public.analytics_visitors
  for select to authenticated
  using ((select public.is_admin()));
revoke all on public.analytics_visitors from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_visitors to service_role;
grant select on public.analytics_visitors to authenticated;

create table public.analytics_days (
  day date primary key,
  active integer not null default 0
);
comment on table public.analytics_days is 'Active people per day: the count of analytics_visitors of that day, kept as they arrive.';
alter table public.analytics_days enable row level security;
create policy "admins read active people per day" on public.analytics_days
  for select to authenticated
  using ((select public.is_admin()));
revoke all on public.analytics_days from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_days to service_role;
grant select on public.analytics_days to authenticated;

-- Stores one checked batch (sync-server/analytics readBatch: p_events = [{day, name, props}]) and
-- keeps the counts in the same statement. Only the owner runs it (the collector).
create or replace function private.analytics_store(p_events jsonb, p_visitor text)
returns integer
language sql
security definer
set search_path = ''
as $$
  with input as (
    select (e->>'day')::date as day, e->>'name' as name, coalesce(e->'props', '{}'::jsonb) as props
    from jsonb_array_elements(p_events) e
  ), stored as (
    insert into public.analytics_events (day, name, props, visitor)
    select day, name, props, p_visitor from input
    returning day, name
  ), counted as (
    insert into public.analytics_daily as d (day, name, events)
    select day, name, count(*) from stored group by day, name
    on conflict (day, name) do update set events = d.events + excluded.events
    returning 1
  ), seen as (
    insert into public.analytics_visitors (day, visitor)
    select distinct day, p_visitor from stored where p_visitor is not null
    on conflict do nothing
    returning day
  ), active as (
    insert into public.analytics_days as a (day, active)
    select day, count(*) from seen group by day
    on conflict (day) do update set active = a.active + excluded.active
    returning 1
  )
  -- (every data-modifying part of a WITH runs to completion, read or not)
  select count(*)::integer from stored;
$$;
revoke all on function private.analytics_store(jsonb, text) from public, anon, authenticated, service_role;

-- The retention: deletes the events (and their counts) of days before (today - p_keep_days);
-- answers how many events went.
create or replace function private.analytics_purge(p_keep_days integer default 400)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  first_kept date := (now() at time zone 'UTC')::date - greatest(coalesce(p_keep_days, 400), 1);
  removed integer;
begin
  delete from public.analytics_events where day < first_kept;
  get diagnostics removed = row_count;
  delete from public.analytics_daily where day < first_kept;
  delete from public.analytics_visitors where day < first_kept;
  delete from public.analytics_days where day < first_kept;
  return removed;
end;
$$;
revoke all on function private.analytics_purge(integer) from public, anon, authenticated, service_role;

-- The admin view's numbers: one row per day (UTC, as the collector dates events) of the period
-- (days without events too), oldest first, from the running counts.
create or replace function public.admin_analytics_summary(p_days integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  span integer := least(greatest(coalesce(p_days, 30), 1), 366);
  first_day date := (now() at time zone 'UTC')::date - (least(greatest(coalesce(p_days, 30), 1), 366) - 1);
  result jsonb;
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins read analytics.', hint = 'not_allowed';
  end if;
  with per_day as (
    select d.day,
           sum(d.events) as events,
           coalesce(sum(d.events) filter (where d.name = 'notebook_created'), 0) as notebooks,
           coalesce(sum(d.events) filter (where d.name = 'answer_submitted'), 0) as answers,
           coalesce(sum(d.events) filter (where d.name = 'sign_up'), 0) as sign_ups
    from public.analytics_daily d
    where d.day between first_day and (now() at time zone 'UTC')::date
    group by d.day
  ), days as (
    select g::date as day from generate_series(first_day, (now() at time zone 'UTC')::date, interval '1 day') g
  ), joined as (
    select days.day, coalesce(p.events, 0) as events, coalesce(p.notebooks, 0) as notebooks,
           coalesce(p.answers, 0) as answers, coalesce(p.sign_ups, 0) as sign_ups, coalesce(a.active, 0) as active
    from days
    left join per_day p on p.day = days.day
    left join public.analytics_days a on a.day = days.day
  )
  select jsonb_build_object(
    'from', first_day,
    'to', (now() at time zone 'UTC')::date,
    'days', coalesce(jsonb_agg(jsonb_build_object(
              'day', j.day, 'events', j.events, 'notebooks', j.notebooks, 'answers', j.answers,
              'sign_ups', j.sign_ups, 'active', j.active) order by j.day), '[]'::jsonb),
    'totals', jsonb_build_object(
              'events', coalesce(sum(j.events), 0),
              'notebooks', coalesce(sum(j.notebooks), 0),
              'answers', coalesce(sum(j.answers), 0),
              'sign_ups', coalesce(sum(j.sign_ups), 0),
              'active_per_day', round(coalesce(sum(j.active), 0)::numeric / span, 1)))
  into result
  from joined j;
  return result;
end;
$$;
revoke all on function public.admin_analytics_summary(integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_analytics_summary(integer) to authenticated;
