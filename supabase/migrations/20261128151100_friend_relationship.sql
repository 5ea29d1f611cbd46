set check_function_bodies = off;

-- What I am to someone (issue 31): public.friend_relationship(user), the profile's friend button's
-- one read — friends, a pending request either way, or none with may_ask (whether a request would
-- be taken now), so a profile never offers "Adicionar amigo" to a minor's adult stranger, to a
-- person taking no requests or across a block. As in schemas/friends.sql. Replaces nothing.

-- What the caller is to p_user_id, for the friend button on a profile: { state: 'self' | 'friends'
-- | 'sent' | 'received' | 'none', request_id (sent, received), may_ask (none: whether a request
-- would be taken now — private.friend_request_refusal, the rule send_friend_request applies) }.
-- So a profile never offers "Adicionar amigo" where the answer would be no: a minor to an adult
-- stranger, a person taking no requests, a block either way.
create or replace function public.friend_relationship(p_user_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  req public.friend_requests;
begin
  if p_user_id is null then
    raise exception using errcode = 'PT400', message = 'Whom to ask about is missing.', hint = 'validation';
  end if;
  if p_user_id = me then
    return jsonb_build_object('state', 'self');
  end if;
  if private.are_friends(me, p_user_id) then
    return jsonb_build_object('state', 'friends');
  end if;
  select * into req from public.friend_requests r
   where r.status = 'pending'
     and ((r.sender_id = me and r.recipient_id = p_user_id) or (r.sender_id = p_user_id and r.recipient_id = me));
  if found then
    return jsonb_build_object('state', case when req.sender_id = me then 'sent' else 'received' end, 'request_id', req.id);
  end if;
  return jsonb_build_object('state', 'none', 'may_ask', private.friend_request_refusal(me, p_user_id) is null);
end
$$;
revoke all on function public.friend_relationship(uuid) from public, anon, authenticated, service_role;
grant execute on function public.friend_relationship(uuid) to authenticated;
