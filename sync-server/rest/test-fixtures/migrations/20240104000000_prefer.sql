-- Prefer: max-affected on RPC (issue 37): a function that writes and returns the rows it wrote.
create function public.retitle_my_notebooks(prefix text) returns setof public.notebooks
language sql volatile as $$
  update public.notebooks set title = prefix || title where owner_id = auth.uid() returning *
$$;
