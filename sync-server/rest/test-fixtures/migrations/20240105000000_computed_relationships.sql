-- Computed relationships (issue 37): functions of a table's row that return rows of a table,
-- embedded by their name as PostgREST does. Each runs as the caller: RLS and grants hold inside.

-- to-many: a notebook's questions, in their order
create function public.notebook_questions(n public.notebooks) returns setof public.questions
language sql stable as $$ select * from public.questions q where q.notebook_id = n.id order by q.position $$;

-- to-one by `rows 1`
create function public.first_question(n public.notebooks) returns setof public.questions rows 1
language sql stable as $$ select * from public.questions q where q.notebook_id = n.id order by q.position limit 1 $$;

-- to-one by returning no set
create function public.notebook_owner(n public.notebooks) returns public.profiles
language sql stable as $$ select * from public.profiles p where p.id = n.owner_id $$;

-- readable parent, rows behind RLS: a stranger sees the profile but none of its notebooks
create function public.profile_notebooks(p public.profiles) returns setof public.notebooks
language sql stable as $$ select * from public.notebooks n where n.owner_id = p.id order by n.id $$;

-- a visitor may not call it: the embed is refused, as calling it
create function public.members_questions(n public.notebooks) returns setof public.questions
language sql stable as $$ select * from public.questions q where q.notebook_id = n.id $$;
revoke execute on function public.members_questions(public.notebooks) from public, anon;
grant execute on function public.members_questions(public.notebooks) to authenticated, service_role;
