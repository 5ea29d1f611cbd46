-- Several pulls in one request (issue 34): schemas/replication.sql, public.replication_pull_many.
set check_function_bodies = off;

-- Several pulls in one request (issue 34): a round — a pulse, a reconnection, a first sync — asks
-- every collection at once, and thirteen requests cost the server thirteen times its per-request
-- work (token, transaction, HTTP) for mostly empty answers. Each element is exactly one
-- replication_pull call ({collection, checkpoint, limit}), made by the caller (security invoker:
-- the same rules, nothing more), one after the other in one transaction — each answer is what
-- that pull alone would give, with its own checkpoint — in the order asked. At most 20 (the
-- client never sends more than the collections it has).
create or replace function public.replication_pull_many(p_pulls jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  pull jsonb;
  answers jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_pulls) is distinct from 'array' or jsonb_array_length(p_pulls) not between 1 and 20 then
    raise exception using errcode = '22023', message = 'p_pulls must be an array of 1 to 20 pulls', hint = 'validation';
  end if;
  for pull in select value from jsonb_array_elements(p_pulls) loop
    if jsonb_typeof(pull) is distinct from 'object' or jsonb_typeof(pull -> 'collection') is distinct from 'string' then
      raise exception using errcode = '22023', message = 'each pull is {collection, checkpoint, limit}', hint = 'validation';
    end if;
    answers := answers || jsonb_build_array(public.replication_pull(
      pull ->> 'collection',
      nullif(pull -> 'checkpoint', 'null'::jsonb),
      case when jsonb_typeof(pull -> 'limit') = 'number' then (pull ->> 'limit')::numeric::integer else 100 end));
  end loop;
  return answers;
end
$$;
comment on function public.replication_pull_many(jsonb) is
  'Several replication_pull calls in one request: [{collection, checkpoint, limit}] → [{documents, checkpoint, resync?}] in the same order.';
revoke all on function public.replication_pull_many(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.replication_pull_many(jsonb) to anon, authenticated;
