-- Analytics: admins read the events and their counts (issue 36): every public table has a read
-- policy (tests/security-structure.test.ts); only admins match it, and nothing in these tables
-- is about a person. Writes stay the collector's alone (no API role writes them).

create policy "admins read analytics events" on public.analytics_events
  for select to authenticated
  using ((select public.is_admin()));
grant select on public.analytics_events to authenticated;

create policy "admins read analytics counts per day" on public.analytics_daily
  for select to authenticated
  using ((select public.is_admin()));
grant select on public.analytics_daily to authenticated;

create policy "admins read analytics visitor values" on public.analytics_visitors
  for select to authenticated
  using ((select public.is_admin()));
grant select on public.analytics_visitors to authenticated;

create policy "admins read active people per day" on public.analytics_days
  for select to authenticated
  using ((select public.is_admin()));
grant select on public.analytics_days to authenticated;
