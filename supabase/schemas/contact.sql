set check_function_bodies = off;

-- The contact form (issue 33; spec §5, §8): anyone — a visitor, a signed-in person, a banned
-- person told by 'Conta banida' to write to support — sends a message; only admins read it and
-- set its state.
--
--   contact_messages              name, e-mail, category, subject, message (all required, trimmed,
--                                 bounded), the sender's account when signed in, state new →
--                                 answered / closed (and back). No API role writes the table:
--                                 send_contact_message inserts, admin_set_contact_status updates;
--                                 admins read it (policy) and through admin_contact_messages. Nobody
--                                 deletes a message through the API, admins neither: 'closed' ends
--                                 one, and the inbox stays the record of what was asked and answered
--                                 (a removed auth.users row takes its messages' user_id to null).
--   send_contact_message          anon and authenticated; hints name_required, name_too_long,
--                                 email_invalid, category_invalid, subject_required,
--                                 subject_too_long, message_required, message_too_long (22023,
--                                 HTTP 400), too_many_messages (PT429 = HTTP 429, detail = seconds
--                                 to wait)
--   admin_contact_messages        admins: newest first, keyset (created_at, id), 20 by default,
--                                 1–50, filtered by state; the count of each state
--   admin_set_contact_status      admins: new / answered / closed, recorded in the audit log
--                                 (private.record_admin_action, admin.sql)
--
-- The limit (supabase/README.md "Sending contact messages"): the database counts the messages of
-- each e-mail address, and of each account when signed in — 3 in any 10 minutes and 10 in a day —
-- which holds on hosted Supabase too; the sync-server adds its per-client-address token bucket
-- (sync-server/auth/rate-limit.ts, the auth endpoints' mechanism).

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  category text not null
    constraint contact_messages_category check (category in ('support', 'bug', 'suggestion', 'partnership', 'other')),
  subject text not null,
  message text not null,
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'new'
    constraint contact_messages_status check (status in ('new', 'answered', 'closed')),
  created_at timestamptz not null default now(),
  -- the last change of state (null while new and never touched)
  status_changed_at timestamptz,
  -- the limits the form counts (src/data/online/contact.ts CONTACT_LIMITS)
  constraint contact_messages_name_length check (char_length(name) between 1 and 100),
  constraint contact_messages_email_length check (char_length(email) between 3 and 254),
  constraint contact_messages_subject_length check (char_length(subject) between 1 and 150),
  constraint contact_messages_message_length check (char_length(message) between 1 and 4000)
);
create index contact_messages_inbox on public.contact_messages (created_at desc, id desc);
create index contact_messages_inbox_by_status on public.contact_messages (status, created_at desc, id desc);
create index contact_messages_by_address on public.contact_messages (lower(email), created_at desc);
create index contact_messages_by_account on public.contact_messages (user_id, created_at desc) where user_id is not null;
comment on table public.contact_messages is
  'The contact form''s messages (spec §5). Anyone sends (send_contact_message); only admins read them and set their state.';
alter table public.contact_messages enable row level security;
create policy "admins read contact messages" on public.contact_messages
  for select to authenticated
  using ((select public.is_admin()));
revoke all on public.contact_messages from public, anon, authenticated, service_role;
grant select on public.contact_messages to authenticated;
grant select, insert, update, delete on public.contact_messages to service_role;

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

-- The admins' inbox: one page, newest first (keyset on created_at, id: a message arriving between
-- two pages neither repeats nor skips one), of one state or all (p_status null), and the count of
-- each state. The sender's username when the message names an account.
create or replace function public.admin_contact_messages(p_status text, p_limit integer,
                                                         p_after_created_at timestamptz, p_after_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  page_size integer := least(greatest(coalesce(p_limit, 20), 1), 50);
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins read contact messages.', hint = 'not_allowed';
  end if;
  if p_status is not null and p_status not in ('new', 'answered', 'closed') then
    raise exception using errcode = '22023', message = 'The state is new, answered or closed.', hint = 'validation';
  end if;
  return jsonb_build_object(
    'counts', (select jsonb_build_object(
                 'new', count(*) filter (where c.status = 'new'),
                 'answered', count(*) filter (where c.status = 'answered'),
                 'closed', count(*) filter (where c.status = 'closed'))
                 from public.contact_messages c),
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', m.id, 'name', m.name, 'email', m.email, 'category', m.category, 'subject', m.subject,
               'message', m.message, 'user_id', m.user_id, 'username', p.username, 'status', m.status,
               'created_at', m.created_at, 'status_changed_at', m.status_changed_at)
             order by m.created_at desc, m.id desc)
        from (select c.* from public.contact_messages c
               where (p_status is null or c.status = p_status)
                 and (p_after_created_at is null or (c.created_at, c.id) < (p_after_created_at, p_after_id))
               order by c.created_at desc, c.id desc
               limit page_size) m
        left join public.profiles p on p.id = m.user_id), '[]'::jsonb)
  );
end
$$;
revoke all on function public.admin_contact_messages(text, integer, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_contact_messages(text, integer, timestamptz, uuid) to authenticated;

-- An admin sets a message's state (new, answered, closed); each change is in the audit log
-- (action contact_new / contact_answered / contact_closed, target contact_message). Setting the
-- state it already has changes and records nothing.
create or replace function public.admin_set_contact_status(p_id uuid, p_status text)
returns public.contact_messages
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  msg public.contact_messages;
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'Only admins set the state of contact messages.', hint = 'not_allowed';
  end if;
  if p_status is null or p_status not in ('new', 'answered', 'closed') then
    raise exception using errcode = '22023', message = 'The state is new, answered or closed.', hint = 'validation';
  end if;
  select * into msg from public.contact_messages c where c.id = p_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'No such contact message.', hint = 'not_found';
  end if;
  if msg.status = p_status then
    return msg;
  end if;
  update public.contact_messages c set status = p_status, status_changed_at = now()
   where c.id = p_id
   returning * into msg;
  perform private.record_admin_action('contact_' || p_status, 'contact_message', p_id, msg.user_id, null, null);
  return msg;
end
$$;
revoke all on function public.admin_set_contact_status(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_contact_status(uuid, text) to authenticated;
