-- Two speed-ups measured by supabase/tests/bench-replication.ts.
--
-- 1. Forbidden-word matching normalises the checked text once, not once per listed word (with
--    the seeded lists, every answer insert ran ~270 regular expressions instead of 2).
-- 2. The replication documents, made inlinable.
--
-- A SQL function with a SET clause (search_path) is never inlined: Postgres calls it per row,
-- saving and restoring the setting each time — about a third of a millisecond per document in
-- the pull. These functions are SECURITY INVOKER, touch no table and call only built-ins
-- (qualified where it matters), so they need no pinned search_path; without it the planner
-- inlines them into the pull's page query. Same bodies as in 20261122000400_replication.sql.

create or replace function private.replication_doc_notebooks(r public.notebooks, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level in ('owner', 'editor', 'collaborator', 'viewer', 'invited')
    then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_questions(r public.questions, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level in ('owner', 'editor', 'collaborator') or (p_level = 'viewer' and not r.blocked)
    then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

-- Answers: managers see all; sharees see approved ones and their own; the author's identity of
-- an anonymous answer goes only to the owner and the author.
create or replace function private.replication_doc_answers(r public.answers, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case
    when p_level in ('owner', 'editor', 'collaborator')
      or (p_level = 'viewer' and (r.user_id = p_me or r.moderation_status = 'approved'))
    then case
      when not r.is_anonymous or r.user_id = p_me or p_level = 'owner'
        then to_jsonb(r) - 'replication_xid'
      else to_jsonb(r) - 'replication_xid' || '{"user_id": null, "responder_name": null}'::jsonb
    end || '{"_deleted": false}'::jsonb
  end
$$;

create or replace function private.replication_doc_notebook_shares(r public.notebook_shares, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level in ('owner', 'editor') or (p_level <> 'none' and r.shared_with = p_me)
    then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_notebook_collaborators(r public.notebook_collaborators, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level in ('owner', 'editor', 'collaborator') or (p_level <> 'none' and r.user_id = p_me)
    then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_invite_links(r public.invite_links, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level = 'owner' then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_profiles(r public.profiles, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when p_level <> 'none' then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_user_settings(r public.user_settings, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.user_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_notifications(r public.notifications, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.recipient_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_favorites(r public.favorites, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.user_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create or replace function private.replication_doc_forbidden_words(r public.forbidden_words, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select to_jsonb(r) - 'replication_xid' - 'normalized' - 'created_by' || '{"_deleted": false}'::jsonb
$$;

-- A deletion as RxDB receives it: the id, _deleted, and the keys a client indexes by.
create or replace function private.deletion_doc(p_id uuid, p_notebook_id uuid, p_keys jsonb)
returns jsonb language sql immutable as $$
  select jsonb_strip_nulls(jsonb_build_object('id', p_id, 'notebook_id', p_notebook_id)) || coalesce(p_keys, '{}'::jsonb)
         || '{"_deleted": true}'::jsonb
$$;

create or replace function public.find_forbidden_words(p_text text)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct fw.word order by fw.word), '{}'::text[])
    from (select ' ' || private.normalize_text(p_text) || ' ' as padded) n
    join public.forbidden_words fw
      on fw.normalized <> '' and position(' ' || fw.normalized || ' ' in n.padded) > 0
   where p_text is not null and btrim(p_text) <> ''
$$;
