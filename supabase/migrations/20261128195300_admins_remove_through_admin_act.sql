-- Admins remove content through admin_act alone (issue 33, security review F3): the delete
-- policies of notebooks, questions and answers had an admin branch, moderate_guestbook_message
-- let an admin delete any message, and the profiles update policy let an admin edit anyone's
-- profile — all without an audit entry, a settled report or a word to the author. The admin
-- branches go: admin_act (audited, reports settled, the author told) is an admin's one way to
-- remove content, and admin_set_banned / admin_act ('ban') the one way to change another
-- person's account_status (both recorded). Replaces the four policies (renamed: no "admins")
-- and public.moderate_guestbook_message.
set check_function_bodies = off;

drop policy "owners and admins can delete notebooks" on public.notebooks;
drop policy "owners, editors and admins remove questions, collaborators their own" on public.questions;
drop policy "answerers, owners and admins can delete answers" on public.answers;
drop policy "people update their own profile and admins update any" on public.profiles;

create policy "owners can delete notebooks" on public.notebooks
  for delete to authenticated
  using (public.notebook_role(id) = 'owner');
create policy "owners and editors remove questions, collaborators their own" on public.questions
  for delete to authenticated
  using (
    public.notebook_role(notebook_id) in ('owner', 'editor')
    or (user_id = auth.uid() and public.notebook_role(notebook_id) = 'collaborator')
  );
create policy "answerers and owners can delete answers" on public.answers
  for delete to authenticated
  using (user_id = auth.uid() or public.notebook_role(notebook_id) = 'owner');
create policy "people update their own profile" on public.profiles
  for update to authenticated
  using (id = auth.uid())
  with check (id = auth.uid());

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
