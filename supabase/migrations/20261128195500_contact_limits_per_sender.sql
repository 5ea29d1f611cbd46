-- Nobody locks another person out of the contact form, and blank fields are empty (issue 33,
-- security review F5): private.contact_wait counted the messages of an address OR an account, so
-- an anonymous sender writing with someone's address used up that person's allowance. Now a
-- signed-in sender is counted by their account alone, an anonymous sender by the address among
-- anonymous messages alone (the advisory lock likewise). Fields are trimmed by
-- private.trim_blanks (every space character, U+00A0, U+200B, U+FEFF …): btrim took spaces alone,
-- so a name of a tab or a no-break space was sent. Replaces private.contact_wait and
-- public.send_contact_message.
set check_function_bodies = off;

-- Seconds until this sender may send again (0: now): a signed-in sender is counted by their
-- account alone, an anonymous one by the address among anonymous messages alone — counting an
-- address across both let anyone use up a person's allowance by writing with their address
-- (issue 33 security review). The 3rd newest message of the last 10 minutes must be 10 minutes
-- old, the 10th newest of the last day a day old (private.code_attempts_wait's shape, counted on
-- the messages themselves).
create or replace function private.contact_wait(p_email text, p_user_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    select m.created_at from public.contact_messages m
     where m.created_at > now() - interval '1 day'
       and case when p_user_id is not null then m.user_id = p_user_id
                else m.user_id is null and lower(m.email) = lower(p_email) end
  )
  select greatest(0,
    ceil(extract(epoch from (
      select created_at + interval '10 minutes' from mine
       where created_at > now() - interval '10 minutes' order by created_at desc offset 2 limit 1) - now())),
    ceil(extract(epoch from (
      select created_at + interval '1 day' from mine order by created_at desc offset 9 limit 1) - now()))
  )::integer
$$;
revoke all on function private.contact_wait(text, uuid) from public, anon, authenticated, service_role;

-- A field without the blanks around it: every space character (tabs, line breaks, no-break
-- space U+00A0, zero-width space U+200B, U+FEFF, U+2000–U+200A, U+3000) — btrim took spaces
-- alone, so a field of a tab or a no-break space was not empty.
create or replace function private.trim_blanks(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(coalesce(p_text, ''),
    '^[[:space:]\u00a0\u200b\ufeff\u2000-\u200a\u3000]+|[[:space:]\u00a0\u200b\ufeff\u2000-\u200a\u3000]+$', '', 'g')
$$;
revoke all on function private.trim_blanks(text) from public, anon, authenticated, service_role;

-- Sends a message to the team. Each field trimmed (private.trim_blanks) and required; the e-mail a
-- valid address. Signed in: the message names the account (user_id), whatever e-mail it gives.
-- Returns the message's id.
create or replace function public.send_contact_message(p_name text, p_email text, p_category text,
                                                       p_subject text, p_message text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text := private.trim_blanks(p_name);
  v_email text := private.trim_blanks(p_email);
  v_category text := private.trim_blanks(p_category);
  v_subject text := private.trim_blanks(p_subject);
  v_message text := private.trim_blanks(p_message);
  me uuid := auth.uid();
  wait integer;
  new_id uuid;
begin
  if v_name = '' then
    raise exception using errcode = '22023', message = 'The name is required.', hint = 'name_required';
  end if;
  if char_length(v_name) > 100 then
    raise exception using errcode = '22023', message = 'The name is at most 100 characters.', hint = 'name_too_long';
  end if;
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(v_email) > 254 then
    raise exception using errcode = '22023', message = 'The e-mail is not a valid address.', hint = 'email_invalid';
  end if;
  if v_category not in ('support', 'bug', 'suggestion', 'partnership', 'other') then
    raise exception using errcode = '22023', message = 'The category is support, bug, suggestion, partnership or other.',
      hint = 'category_invalid';
  end if;
  if v_subject = '' then
    raise exception using errcode = '22023', message = 'The subject is required.', hint = 'subject_required';
  end if;
  if char_length(v_subject) > 150 then
    raise exception using errcode = '22023', message = 'The subject is at most 150 characters.', hint = 'subject_too_long';
  end if;
  if v_message = '' then
    raise exception using errcode = '22023', message = 'The message is required.', hint = 'message_required';
  end if;
  if char_length(v_message) > 4000 then
    raise exception using errcode = '22023', message = 'The message is at most 4000 characters.', hint = 'message_too_long';
  end if;
  -- one sender at a time per account, or per address for anonymous senders: a burst sent at once
  -- cannot slip past the count
  if me is not null then
    perform pg_advisory_xact_lock(hashtextextended('cadernos.contact:' || me::text, 0));
  else
    perform pg_advisory_xact_lock(hashtextextended('cadernos.contact:' || lower(v_email), 0));
  end if;
  wait := private.contact_wait(v_email, me);
  if wait > 0 then
    raise exception using errcode = 'PT429', message = 'Too many messages. Try again later.',
      detail = wait::text, hint = 'too_many_messages';
  end if;
  insert into public.contact_messages (name, email, category, subject, message, user_id)
  values (v_name, v_email, v_category, v_subject, v_message, me)
  returning id into new_id;
  return new_id;
end
$$;
revoke all on function public.send_contact_message(text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.send_contact_message(text, text, text, text, text) to anon, authenticated;
