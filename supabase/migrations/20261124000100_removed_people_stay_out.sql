-- Removing someone keeps them out (issue 16). Before, an owner removed a person's access and
-- that person opened the same /n/{code} link and was straight back in: redeem_invite gives a
-- share to anyone who has a valid code.
--
-- Now a removal by someone else is remembered, and a person who was removed cannot give
-- themselves a share again — through redeem_invite (an invite code or the public link), or any
-- other path that inserts a share in their own name. The refusal carries the code
-- `access_removed`. The owner sharing with them again, or the owner or an editor inviting them to
-- collaborate, forgets the removal. Leaving (or declining an invitation) by oneself closes nothing.
--
-- Realtime and the replication need nothing more: they show a person only what notebook_role
-- lets them see, and a removed person has no role until someone lets them back in.

-- (notebook, person) removed by someone else. Read and written only by the SECURITY DEFINER
-- triggers below; no API role sees it.
create table private.notebook_removals (
  notebook_id uuid not null references public.notebooks (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  removed_by uuid references public.profiles (id) on delete set null,
  removed_at timestamptz not null default now(),
  primary key (notebook_id, user_id)
);
alter table private.notebook_removals enable row level security;
revoke all on private.notebook_removals from public, anon, authenticated;

-- "a removal is remembered": a share or a collaboration deleted by someone other than its person.
create or replace function private.remember_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid;
begin
  if tg_table_name = 'notebook_shares' then
    person := old.shared_with;
  else
    person := old.user_id;
  end if;
  -- Leaving by oneself closes nothing. Without a caller (the service role, or a notebook or
  -- an account being deleted, which takes its shares along) there is nothing to remember either.
  if auth.uid() is null or auth.uid() = person
     or not exists (select 1 from public.notebooks n where n.id = old.notebook_id)
     or not exists (select 1 from public.profiles p where p.id = person) then
    return null;
  end if;
  insert into private.notebook_removals as r (notebook_id, user_id, removed_by)
  values (old.notebook_id, person, auth.uid())
  on conflict (notebook_id, user_id) do update set removed_by = excluded.removed_by, removed_at = now();
  return null;
end
$$;
revoke all on function private.remember_removal() from public, anon, authenticated;

create trigger "a removal is remembered" after delete on public.notebook_shares
  for each row execute function private.remember_removal();
create trigger "a removal is remembered" after delete on public.notebook_collaborators
  for each row execute function private.remember_removal();

-- "someone who runs the notebook letting a person in forgets their removal": a share given by
-- the owner (RLS lets only the owner insert one for someone else) or a collaboration invite by
-- the owner or an editor. A share a person gives themselves (redeem_invite) forgets nothing.
create or replace function private.forget_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid;
begin
  if tg_table_name = 'notebook_shares' then
    person := new.shared_with;
  else
    person := new.user_id;
  end if;
  if auth.uid() is distinct from person then
    delete from private.notebook_removals r where r.notebook_id = new.notebook_id and r.user_id = person;
  end if;
  return null;
end
$$;
revoke all on function private.forget_removal() from public, anon, authenticated;

create trigger "letting someone in forgets their removal" after insert on public.notebook_shares
  for each row execute function private.forget_removal();
create trigger "letting someone in forgets their removal" after insert on public.notebook_collaborators
  for each row execute function private.forget_removal();

-- "06 a removed person cannot let themselves back in": a share in one's own name (what
-- redeem_invite inserts for a code or the public link) is refused while a removal stands. Only
-- the person's own removal is told, and only to them. After the "05" permission check of
-- 20261124000310 (no membership oracle): over REST a person may not add shares at all and hears
-- only that; inside redeem_invite, where no policy applies, this is what keeps them out.
create or replace function private.refuse_removed_person()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() = new.shared_with
     and exists (select 1 from private.notebook_removals r where r.notebook_id = new.notebook_id and r.user_id = new.shared_with) then
    raise exception using errcode = '42501', message = 'The owner removed your access to this notebook.', hint = 'access_removed';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_removed_person() from public, anon, authenticated;

create trigger "06 a removed person cannot let themselves back in" before insert on public.notebook_shares
  for each row execute function private.refuse_removed_person();
