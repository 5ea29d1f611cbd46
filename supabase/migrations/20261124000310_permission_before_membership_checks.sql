-- No membership oracle (issue 17): who may add people to a notebook is checked before anything
-- about the people named.
--
-- Postgres runs BEFORE triggers ahead of the policies' WITH CHECK, so "10 a share is validated"
-- answered 'already_has_access' (409) to anyone — signed out too — who named a member, and the
-- policy's refusal (401/403) to anyone who named someone else. A "05" trigger now refuses people
-- the policy would refuse, with the policy's own error, before the validation runs. The rule itself
-- has one home, used by the policy and by that trigger: private.may_share and
-- private.may_invite_collaborators.

create or replace function private.may_share(p_notebook_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select public.notebook_role(p_notebook_id) = 'owner'
$$;
grant execute on function private.may_share(uuid) to anon, authenticated, service_role;

create or replace function private.may_invite_collaborators(p_notebook_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select public.notebook_role(p_notebook_id) in ('owner', 'editor')
$$;
grant execute on function private.may_invite_collaborators(uuid) to anon, authenticated, service_role;

alter policy "owners can share their notebooks" on public.notebook_shares
  with check (private.may_share(notebook_id));
alter policy "owners and editors can invite collaborators" on public.notebook_collaborators
  with check (private.may_invite_collaborators(notebook_id));

-- SECURITY INVOKER on purpose: row_security_active() then speaks of the caller. Inside SECURITY
-- DEFINER code (redeem_invite) and for the service role no policy applies, so neither does this.
create or replace function private.refuse_who_may_not_add_people()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not row_security_active(tg_relid::regclass) then
    return new;
  end if;
  if (tg_table_name = 'notebook_shares' and not private.may_share(new.notebook_id))
     or (tg_table_name = 'notebook_collaborators' and not private.may_invite_collaborators(new.notebook_id)) then
    raise exception using errcode = '42501',
      message = format('new row violates row-level security policy for table "%s"', tg_table_name);
  end if;
  return new;
end
$$;
grant execute on function private.refuse_who_may_not_add_people() to anon, authenticated, service_role;

create trigger "05 only people who may add someone reach the checks" before insert on public.notebook_shares
  for each row execute function private.refuse_who_may_not_add_people();
create trigger "05 only people who may add someone reach the checks" before insert on public.notebook_collaborators
  for each row execute function private.refuse_who_may_not_add_people();
