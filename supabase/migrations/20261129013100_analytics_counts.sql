-- Analytics: running counts for the admin summary (issue 36; schemas/analytics.sql). The summary
-- counted the events themselves: 100,000 events took 530 ms of CPU for 90 days on PGlite (budget
-- 200 ms). The collector now stores through private.analytics_store, which keeps per day the
-- events of each name, the distinct visitor values and their count in the same statement; the
-- summary reads those. Events stored before are counted here once.

-- The running counts (rows only the collector writes, as the owner).
create table public.analytics_daily (
  day date not null,
  name text not null,
  events integer not null default 0,
  primary key (day, name)
);
comment on table public.analytics_daily is 'Events per day and name, counted as the collector stores them (the admin summary reads these).';
alter table public.analytics_daily enable row level security;
revoke all on public.analytics_daily from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_daily to service_role;

create table public.analytics_visitors (
  day date not null,
  visitor text not null,
  primary key (day, visitor)
);
comment on table public.analytics_visitors is 'The distinct daily visitor values of each day (random per device and day; active people = their count).';
alter table public.analytics_visitors enable row level security;
revoke all on public.analytics_visitors from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_visitors to service_role;

create table public.analytics_days (
  day date primary key,
  active integer not null default 0
);
comment on table public.analytics_days is 'Active people per day: the count of analytics_visitors of that day, kept as they arrive.';
alter table public.analytics_days enable row level security;
revoke all on public.analytics_days from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_days to service_role;

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

insert into public.analytics_daily (day, name, events)
  select day, name, count(*) from public.analytics_events group by day, name;
insert into public.analytics_visitors (day, visitor)
  select distinct day, visitor from public.analytics_events where visitor is not null;
insert into public.analytics_days (day, active)
  select day, count(*) from public.analytics_visitors group by day;
