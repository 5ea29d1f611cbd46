-- A view Postgres cannot write (a join with an aggregate, no INSTEAD OF trigger): reads only.
create view public.notebook_question_counts with (security_invoker = true) as
  select n.id, n.title, count(q.id)::int as questions
    from public.notebooks n left join public.questions q on q.notebook_id = n.id
   group by n.id, n.title;
-- Read by signed-in people (a new Supabase project grants nothing by default).
grant select on public.notebook_question_counts to anon, authenticated, service_role;
