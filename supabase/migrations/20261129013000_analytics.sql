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
revoke all on public.analytics_events from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.analytics_events to service_role;
revoke all on sequence public.analytics_events_id_seq from public, anon, authenticated, service_role;
grant usage on sequence public.analytics_events_id_seq to service_role;

-- The retention: deletes the events of days before (today - p_keep_days); answers how many went.
create or replace function private.analytics_purge(p_keep_days integer default 400)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.analytics_events
  where day < current_date - greatest(coalesce(p_keep_days, 400), 1);
  get diagnostics removed = row_count;
  return removed;
end;
$$;
revoke all on function private.analytics_purge(integer) from public, anon, authenticated, service_role;

-- The admin view's numbers: one row per day of the period (days without events too), oldest first.
create or replace function public.admin_analytics_summary(p_days integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  span integer := least(greatest(coalesce(p_days, 30), 1), 366);
  first_day date := current_date - (least(greatest(coalesce(p_days, 30), 1), 366) - 1);
  result jsonb;
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins read analytics.', hint = 'not_allowed';
  end if;
  with per_day as (
    select e.day,
           count(*) as events,
           count(*) filter (where e.name = 'notebook_created') as notebooks,
           count(*) filter (where e.name = 'answer_submitted') as answers,
           count(*) filter (where e.name = 'sign_up') as sign_ups,
           count(distinct e.visitor) as active
    from public.analytics_events e
    where e.day between first_day and current_date
    group by e.day
  ), days as (
    select d::date as day from generate_series(first_day, current_date, interval '1 day') d
  )
  select jsonb_build_object(
    'from', first_day,
    'to', current_date,
    'days', coalesce(jsonb_agg(jsonb_build_object(
              'day', days.day,
              'events', coalesce(p.events, 0),
              'notebooks', coalesce(p.notebooks, 0),
              'answers', coalesce(p.answers, 0),
              'sign_ups', coalesce(p.sign_ups, 0),
              'active', coalesce(p.active, 0)) order by days.day), '[]'::jsonb),
    'totals', jsonb_build_object(
              'events', coalesce(sum(p.events), 0),
              'notebooks', coalesce(sum(p.notebooks), 0),
              'answers', coalesce(sum(p.answers), 0),
              'sign_ups', coalesce(sum(p.sign_ups), 0),
              'active_per_day', round(coalesce(sum(p.active), 0)::numeric / span, 1)))
  into result
  from days left join per_day p on p.day = days.day;
  return result;
end;
$$;
revoke all on function public.admin_analytics_summary(integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_analytics_summary(integer) to authenticated;
