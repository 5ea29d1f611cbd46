-- Functions PostgREST resolves by argument names and by a single unnamed parameter (issue 37),
-- after postgrest-js's own test schema.

-- a single unnamed parameter: the whole body is the argument
create function public.unnamed_json(json) returns json language sql immutable as $$ select $1 $$;
create function public.unnamed_jsonb(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function public.unnamed_text(text) returns text language sql immutable as $$ select $1 $$;
create function public.unnamed_xml(xml) returns text language sql immutable as $$ select $1::text $$;
create function public.unnamed_bytea(bytea) returns text language sql immutable as $$ select encode($1, 'hex') $$;
-- not callable through the API (PostgREST: only json, jsonb, text, xml, bytea may be unnamed)
create function public.unnamed_integer(integer) returns integer language sql immutable as $$ select $1 $$;

-- overloads one name cannot tell apart
create function public.unresolvable() returns void language sql immutable as $$ select $$;
create function public.unresolvable(a integer) returns text language sql immutable as $$ select 'integer' $$;
create function public.unresolvable(a text) returns text language sql immutable as $$ select 'text' $$;

-- overloads chosen by the argument's name
create function public.resolvable() returns void language sql immutable as $$ select $$;
create function public.resolvable(a text) returns integer language sql immutable as $$ select 1 $$;
create function public.resolvable(b integer) returns text language sql immutable as $$ select 'foo' $$;
create function public.resolvable(first_name text, last_name text default 'x') returns text language sql immutable
  as $$ select first_name || ' ' || last_name $$;

-- no parameters, or a single unnamed one (with or without a default)
create function public.no_params_or_unnamed() returns integer language sql immutable as $$ select 1 $$;
create function public.no_params_or_unnamed(text) returns text language sql immutable as $$ select 'foo' $$;
create function public.unnamed_default() returns integer language sql immutable as $$ select 1 $$;
create function public.unnamed_default(text default 'default') returns text language sql immutable as $$ select $1 $$;

-- an unnamed json fallback beside a named overload
create function public.named_or_json(x integer) returns text language sql immutable as $$ select 'named ' || x $$;
create function public.named_or_json(json) returns text language sql immutable as $$ select 'json ' || ($1->>'y') $$;

-- a function a visitor may not call: every path keeps the grants
create function public.members_only(json) returns text language sql immutable as $$ select 'secret' $$;
revoke execute on function public.members_only(json) from public, anon;
grant execute on function public.members_only(json) to authenticated;
