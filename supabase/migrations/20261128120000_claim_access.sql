-- A claim grants no more than the host could grant (issue 28, item 4).
--
-- A round's guests (their ids and claim codes) are made on the host's device, and anyone with
-- answer access may host a round, viewers included. claim_guest used to give every claimer
-- without access a viewer share: a viewer could invent a code, hand it to a stranger, and the
-- stranger became a viewer of the notebook without the owner acting — while only the owner
-- shares (spec §5, private.may_share). Now:
--
--   * the claim gives a viewer share only when the host may share the notebook now
--     (private.may_share asked about the host: today, the owner);
--   * otherwise the guest's answers still become the claimer's (moved to their account, as
--     before) but no access comes with them: the owner can share the notebook with them, as
--     with anyone;
--   * a person the owner removed or blocked hears access_removed either way, and nothing moves
--     (as before: a claim is no way back in, nor a way to put answers where they may not answer);
--   * the answer says what happened, as a code: {notebook_id, moved, kept, access} with access
--     'granted' (this claim made the viewer share), 'existing' (the claimer already had access)
--     or 'not_granted' (the answers are theirs, the notebook is not).
--
-- Replaces private.may_share(uuid) (now asks the two-argument rule about the caller: one rule)
-- and public.claim_guest(text) (now private.claim_guest: public.claim_guest is its entry, which
-- the code-guessing limit of 20261128120100 wraps).

-- Who may add people to a notebook by sharing it, asked about anyone (internal code only): the
-- one home of the rule; private.may_share(notebook) asks it about the caller.
create or replace function private.may_share(p_notebook_id uuid, p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.notebook_membership(p_notebook_id, p_user_id) = 'owner'
$$;
revoke all on function private.may_share(uuid, uuid) from public, anon, authenticated;

-- As in the notebooks migration (the insert policy of shares and trigger "05" call it), through
-- the rule above.
create or replace function private.may_share(p_notebook_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.may_share(p_notebook_id, auth.uid())
$$;
grant execute on function private.may_share(uuid) to anon, authenticated, service_role;

-- The claim itself (guests migration), with the access rule above. Refusals as before:
-- claim_invalid, claim_already_claimed, claim_host, access_removed; not_authenticated and
-- account_banned / account_deleted from require_user.
create or replace function private.claim_guest(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  code text := upper(regexp_replace(coalesce(p_code, ''), '[[:space:]-]', '', 'g'));
  g public.guests;
  a public.answers;
  moved integer := 0;
  kept integer := 0;
  access text;
  result jsonb;
begin
  if code !~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$' then
    raise exception using errcode = 'P0001', message = 'Invalid claim code.', hint = 'claim_invalid';
  end if;
  select * into g from public.guests where claim_hash = encode(sha256(convert_to(code, 'UTF8')), 'hex') for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'Invalid claim code.', hint = 'claim_invalid';
  end if;
  if g.claimed_by = me then
    select c.result into result from private.guest_claims c where c.guest_id = g.id;
    return result;
  elsif g.claimed_by is not null then
    raise exception using errcode = 'P0001', message = 'Someone else already claimed these answers.', hint = 'claim_already_claimed';
  elsif g.host_id = me then
    raise exception using errcode = 'P0001', message = 'The person who ran the round cannot claim its guests.', hint = 'claim_host';
  end if;

  if public.notebook_role(g.notebook_id) in ('owner', 'editor', 'collaborator', 'viewer') then
    access := 'existing';
  elsif exists (select 1 from private.notebook_removals r where r.notebook_id = g.notebook_id and r.user_id = me)
        or private.is_blocked_between((select n.user_id from public.notebooks n where n.id = g.notebook_id), me) then
    -- what "06 a removed person cannot let themselves back in" and "07 no share or collaboration
    -- across a block" answer the person joining by themselves
    raise exception using errcode = '42501', message = 'The owner removed your access to this notebook.', hint = 'access_removed';
  elsif private.may_share(g.notebook_id, g.host_id) then
    insert into public.notebook_shares (notebook_id, shared_with) values (g.notebook_id, me);
    access := 'granted';
  else
    access := 'not_granted';
  end if;

  perform set_config('cadernos.claiming_guest', 'on', true);
  for a in select * from public.answers x where x.guest_id = g.id order by x.question_id for update loop
    if exists (select 1 from public.answers x where x.question_id = a.question_id and x.user_id = me) then
      kept := kept + 1;
    else
      delete from public.answers x where x.id = a.id;
      insert into public.answers (question_id, notebook_id, user_id, text, is_anonymous, responder_name,
                                  moderation_status, moderated_by, moderated_at, moderation_notes, created_at, client_clock)
      values (a.question_id, a.notebook_id, me, a.text, a.is_anonymous, a.responder_name,
              a.moderation_status, a.moderated_by, a.moderated_at, a.moderation_notes, a.created_at, a.client_clock);
      moved := moved + 1;
    end if;
  end loop;
  perform set_config('cadernos.claiming_guest', '', true);

  update public.guests set claimed_by = me, claimed_at = now() where id = g.id;
  result := jsonb_build_object('notebook_id', g.notebook_id, 'moved', moved, 'kept', kept, 'access', access);
  insert into private.guest_claims (guest_id, result) values (g.id, result);
  return result;
end
$$;
revoke all on function private.claim_guest(text) from public, anon, authenticated;

-- The RPC (guests migration): the claim above.
create or replace function public.claim_guest(p_code text)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select private.claim_guest(p_code)
$$;
revoke all on function public.claim_guest(text) from public, anon, authenticated, service_role;
grant execute on function public.claim_guest(text) to authenticated;
