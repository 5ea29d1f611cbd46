-- The paper styles are one catalogue (issue 35): the app offered 'lined-red', which paper_styles
-- lacked, so a notebook on it could not be saved (notebooks.paper_style refers to the table).
-- The row is added (ids already stored on devices keep working); the app's list is the table's ids
-- (src/styles/paper-styles.ts, checked by supabase/tests/paper-styles.test.ts).
insert into public.paper_styles (id, name, is_premium, sort_order) values
  ('lined-red', 'Pautado vermelho', false, 9)
on conflict (id) do update
  set name = excluded.name, is_premium = excluded.is_premium, sort_order = excluded.sort_order;
