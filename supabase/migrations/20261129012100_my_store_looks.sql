-- The looks a person owns, for the notebook editor (issue 35): public.my_store_looks (schemas/store.sql).
set check_function_bodies = off;

-- The looks the person owns (issue 35), for the notebook editor's pickers: the category and the id
-- each owned item unlocks — also after its season ended (the items table shows only what is on
-- sale). About the caller alone; the device keeps a copy for offline editing.
create or replace function public.my_store_looks()
returns table (category text, grants_ref text)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct i.category, i.grants_ref
    from public.store_entitlements e
    join public.seasonal_items i on i.id = e.item_id
   where e.user_id = auth.uid() and i.grants_ref is not null
   order by 1, 2
$$;
revoke all on function public.my_store_looks() from public, anon, authenticated, service_role;
grant execute on function public.my_store_looks() to authenticated;
