-- Forbidden words behind the usual disguises (issue 33; the forbidden-word filter let
-- "i.d.i.o.t.a", "1d10t@" and "idiooota" through): private.forbidden_word_forms, and
-- public.find_forbidden_words searching those forms. Every check calls it — answers, titles,
-- questions, profile fields, polls, guestbook, usernames — so all of them see through the same
-- disguises; the device's content-rules.ts takes the same steps. schemas/accounts.sql.
set check_function_bodies = off;

-- The forms a text is searched in for forbidden words, behind the usual disguises (the device's
-- searchForms in src/data/content-rules.ts takes the same steps; src/data/forbidden-word-cases.ts
-- is the table both answer alike): the text as written; with symbols and digits read as the
-- letters they stand for ("1d10t@": digits only inside a word that has letters, so "2020" stays a
-- number); each run of three or more single letters joined ("i.d.i.o.t.a"). Joined by ' | ',
-- which no listed form contains, so a phrase never matches across two forms. `stretched`: the
-- forms with each word that holds a letter three times squeezed ("idiooota"; two is spelling:
-- "fodder", "burro"), to compare with listed forms squeezed; null when nothing is stretched.
create or replace function private.forbidden_word_forms(p_text text, out forms text, out stretched text)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  read text[];
  token text;
  run text := '';
  spelled text[] := '{}';
begin
  read := string_to_array(private.normalize_text(translate(coalesce(p_text, ''), '!@$', 'ias')), ' ');
  for i in 1 .. coalesce(array_length(read, 1), 0) loop
    if read[i] ~ '[a-z]' and read[i] ~ '[0-9]' then
      read[i] := translate(read[i], '013457', 'oieast');
    end if;
  end loop;
  foreach token in array read || array['']::text[] loop
    if length(token) = 1 then
      run := run || token;
    else
      if length(run) >= 3 then
        spelled := spelled || case when run ~ '[a-z]' and run ~ '[0-9]' then translate(run, '013457', 'oieast') else run end;
      end if;
      run := '';
    end if;
  end loop;
  forms := array_to_string(array_remove(array[private.normalize_text(p_text), array_to_string(read, ' ')] || spelled, ''), ' | ');
  if forms ~ '([a-z])\1\1' then
    stretched := array_to_string(array(
      select case when word ~ '([a-z])\1\1' then regexp_replace(word, '([a-z])\1+', '\1', 'g') else word end
        from unnest(string_to_array(forms, ' ')) with ordinality as t(word, n)
       order by n), ' ');
  end if;
end
$$;
-- Only find_forbidden_words (security definer) calls it.
revoke all on function private.forbidden_word_forms(text) from public, anon, authenticated, service_role;

-- The forbidden words found in a text, as written in the list, whole words only, case- and
-- accent-insensitive, also behind disguises (private.forbidden_word_forms). Empty array when the
-- text is clean. plpgsql so that the checked text is turned into its forms exactly once: as SQL,
-- the planner pulled the one-row subquery into the join and ran private.normalize_text once per
-- listed word (68 regular expressions per check with the seeded lists, 0.7 ms of every answer
-- insert; supabase/tests/bench-replication.ts). A listed form is squeezed only for a text with a
-- stretched letter.
create or replace function public.find_forbidden_words(p_text text)
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  padded text;
  squeezed text;
begin
  if p_text is null or btrim(p_text) = '' then
    return '{}'::text[];
  end if;
  select ' ' || f.forms || ' ', ' ' || f.stretched || ' ' into padded, squeezed from private.forbidden_word_forms(p_text) f;
  return coalesce(
    (select array_agg(distinct fw.word order by fw.word)
       from public.forbidden_words fw
      where fw.normalized <> ''
        and (position(' ' || fw.normalized || ' ' in padded) > 0
             or (squeezed is not null
                 and position(' ' || regexp_replace(fw.normalized, '([a-z])\1+', '\1', 'g') || ' ' in squeezed) > 0))),
    '{}'::text[]);
end
$$;
