-- Demo data for a machine of one's own: two people with notebooks, questions and answers, so a
-- new user sees something at once. Idempotent: does nothing when the demo people already exist.
--
-- Their password is public, so this file must never reach a hosted project. It is not a seed of
-- config.toml (which `supabase db push --include-seed` would send), and it refuses to run unless
-- the session opts in with the setting cadernos.allow_demo_data = on:
--   npm start -- --demo                                   (the sync-server sets it)
--   PGOPTIONS='-c cadernos.allow_demo_data=on' psql "$LOCAL_DB_URL" -f supabase/seed-demo.sql
--
--   ana@demo.cadernos.app   / Demo1234   username ana_demo    owns "Caderno da turma 8ºB"
--   bruno@demo.cadernos.app / Demo1234   username bruno_demo  owns "Perguntas do Bruno" (pre-moderation on)
-- Each notebook is shared with the other person; Bruno answered Ana's (one answer anonymous);
-- Ana's answer to Bruno's waits for moderation.

do $$
declare
  ana constant uuid := 'a0a0a0a0-0000-4000-8000-00000000a0a0';
  bruno constant uuid := 'b0b0b0b0-0000-4000-8000-00000000b0b0';
  ana_notebook constant uuid := 'a0a0a0a0-0000-4000-8000-0000000000a1';
  bruno_notebook constant uuid := 'b0b0b0b0-0000-4000-8000-0000000000b1';
  q uuid;
  texts text[];
  i integer;
begin
  if coalesce(current_setting('cadernos.allow_demo_data', true), '') <> 'on' then
    raise exception using errcode = '42501',
      message = 'seed-demo.sql loads demo accounts with a public password: local machines only',
      hint = 'Run it with the setting cadernos.allow_demo_data = on (npm start -- --demo does).';
  end if;
  if exists (select 1 from auth.users where id in (ana, bruno)) then
    return;
  end if;
  -- pgcrypto lives in `extensions` on Supabase and in `public` on the sync-server
  perform set_config('search_path', 'public, extensions, pg_catalog', true);

  -- The token columns are written as '' as GoTrue writes them: GoTrue reads them as plain
  -- strings, and a NULL there makes every sign-in of the account fail with a 500.
  -- age_checked_by = 'admin': the demo people are adults without a date of birth (a new account
  -- needs one or this word of a privileged path; migration 20261124120000_birth_date_required).
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                          raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                          confirmation_token, recovery_token, email_change_token_new, email_change)
  values
    ('00000000-0000-0000-0000-000000000000', ana, 'authenticated', 'authenticated', 'ana@demo.cadernos.app',
     crypt('Demo1234', gen_salt('bf')), now(), '{"provider":"email","providers":["email"],"age_checked_by":"admin"}',
     '{"username":"ana_demo","display_name":"Ana (demo)"}', now() - interval '40 days', now(), '', '', '', ''),
    ('00000000-0000-0000-0000-000000000000', bruno, 'authenticated', 'authenticated', 'bruno@demo.cadernos.app',
     crypt('Demo1234', gen_salt('bf')), now(), '{"provider":"email","providers":["email"],"age_checked_by":"admin"}',
     '{"username":"bruno_demo","display_name":"Bruno (demo)"}', now() - interval '35 days', now(), '', '', '', '');
  insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
  values
    (ana::text, ana, jsonb_build_object('sub', ana::text, 'email', 'ana@demo.cadernos.app', 'email_verified', true), 'email', now(), now(), now()),
    (bruno::text, bruno, jsonb_build_object('sub', bruno::text, 'email', 'bruno@demo.cadernos.app', 'email_verified', true), 'email', now(), now(), now());

  update public.profiles set bio = 'Colecionadora de cadernos de perguntas desde 2003.', status_message = 'Respondam meu caderno!'
   where id = ana;

  insert into public.notebooks (id, user_id, title, description, author, theme, paper_style, cover)
  values (ana_notebook, ana, 'Caderno da turma 8ºB', 'Aquele caderno que passava de mão em mão no recreio.', 'Ana',
          'pink', 'lined-blue', '{"title":"Caderno da turma","subtitle":"8ºB — 2003","color":"#f9a8d4","stickers":[]}');
  texts := array[
    'Qual é o seu nome completo?', 'Quando é o seu aniversário?', 'Qual é a sua cor favorita?',
    'Qual é a sua comida favorita?', 'Qual música não sai da sua cabeça?', 'O que você quer ser quando crescer?',
    'Qual foi o momento mais engraçado da nossa turma?', 'Deixe um recado para mim!'];
  for i in 1..array_length(texts, 1) loop
    insert into public.questions (notebook_id, user_id, text) values (ana_notebook, ana, texts[i]);
  end loop;

  insert into public.notebooks (id, user_id, title, description, author, theme, paper_style, pre_moderation_enabled)
  values (bruno_notebook, bruno, 'Perguntas do Bruno', 'Responda com sinceridade (eu leio tudo antes de publicar).', 'Bruno',
          'blue', 'grid', true);
  texts := array['Qual é o seu filme favorito?', 'Se você pudesse viajar para qualquer lugar, para onde iria?', 'Qual é o seu maior sonho?'];
  for i in 1..array_length(texts, 1) loop
    insert into public.questions (notebook_id, user_id, text) values (bruno_notebook, bruno, texts[i]);
  end loop;

  insert into public.notebook_shares (notebook_id, shared_with) values (ana_notebook, bruno), (bruno_notebook, ana);

  for q, i in select x.id, x.order_index from public.questions x where x.notebook_id = ana_notebook order by x.order_index loop
    if i < 6 then
      insert into public.answers (question_id, user_id, text, is_anonymous, responder_name)
      values (q, bruno,
              (array['Bruno Henrique da Silva', '14 de março', 'Verde-limão', 'Pastel de feira',
                     'Aquela do recreio que todo mundo cantava', 'Astronauta (ou jogador de futebol)'])[i + 1],
              i = 2, case when i = 2 then null else 'Bruno' end);
    end if;
  end loop;

  select x.id into q from public.questions x where x.notebook_id = bruno_notebook order by x.order_index limit 1;
  insert into public.answers (question_id, user_id, text, responder_name) values (q, ana, 'De volta para o futuro!', 'Ana');
end
$$;
