-- notebook_role about someone else: a caller without a user id answers only for the service role
-- (and for internal calls with no request role at all). Before, a visitor (role anon, no user id)
-- could ask who belongs to any notebook — found by tests/role-matrix.test.ts.
create or replace function public.notebook_role(p_notebook_id uuid, p_user_id uuid default auth.uid())
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_user_id is not distinct from auth.uid()
      then private.notebook_membership(p_notebook_id, p_user_id)
    when auth.uid() is null and coalesce(auth.role(), 'service_role') = 'service_role'
      then private.notebook_membership(p_notebook_id, p_user_id)
    when auth.uid() is not null
         and private.notebook_membership(p_notebook_id, auth.uid()) in ('owner', 'editor', 'collaborator', 'admin')
      then private.notebook_membership(p_notebook_id, p_user_id)
    else 'none'
  end
$$;
