-- Refusals carry codes, not sentences (issue 19, item 1).
--
-- The client shows a person its own words for each refusal, chosen by code; it never shows the
-- server's message nor reads data back out of it. So:
--
--   - the three validation sentences in Portuguese get their own reason codes instead of the
--     generic 'validation': title_too_short, question_too_short, answer_empty (SQLSTATE 23514
--     kept; the messages stay, as developer text);
--   - replication_push's per-row rejections carry `details`: the error's detail when it is JSON,
--     which for forbidden_words is the array of the words (private.assert_no_forbidden_words).
--     Before, the client pulled them out of "O texto contém palavras proibidas: a, b".
--
-- The rest of each function is as in its latest definition: validate_notebook, validate_question
-- and validate_answer from 20261122000200_notebooks.sql, replication_push from
-- 20261124000600_nothing_taken_gets_the_server_row.sql.

create or replace function private.validate_notebook()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  is_new boolean := tg_op = 'INSERT';
begin
  if char_length(btrim(coalesce(new.title, ''))) < 3 then
    raise exception using errcode = '23514', message = 'O título deve ter pelo menos 3 caracteres.', hint = 'title_too_short';
  end if;
  if new.author is null or btrim(new.author) = '' then
    new.author := 'Usuário';
  end if;
  perform private.assert_no_forbidden_words(
    case when is_new or new.title is distinct from old.title then new.title end,
    case when is_new or new.description is distinct from old.description then new.description end,
    case when is_new or new.author is distinct from old.author then new.author end,
    case when is_new or new.cover is distinct from old.cover then new.cover ->> 'title' end,
    case when is_new or new.cover is distinct from old.cover then new.cover ->> 'subtitle' end);
  return new;
end
$$;

create or replace function private.validate_question()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if char_length(btrim(coalesce(new.text, ''))) < 3 then
    raise exception using errcode = '23514', message = 'A pergunta deve ter pelo menos 3 caracteres.', hint = 'question_too_short';
  end if;
  if tg_op = 'INSERT' or new.text is distinct from old.text then
    perform private.assert_no_forbidden_words(new.text);
  end if;
  return new;
end
$$;

create or replace function private.validate_answer()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if btrim(coalesce(new.text, '')) = '' then
    raise exception using errcode = '23514', message = 'A resposta não pode ficar vazia.', hint = 'answer_empty';
  end if;
  if tg_op = 'INSERT' or new.text is distinct from old.text or new.responder_name is distinct from old.responder_name then
    perform private.assert_no_forbidden_words(new.text, new.responder_name);
  end if;
  return new;
end
$$;

-- The parameters of a refusal: an error's detail when it is a JSON array or object (the forbidden
-- words), else null (a detail in words is for developers, like the message).
create or replace function private.rejection_details(p_detail text)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  parsed jsonb;
begin
  if p_detail is null or p_detail !~ '^\s*[\[{]' then
    return null;
  end if;
  parsed := p_detail::jsonb;
  return parsed;
exception when others then
  return null;
end
$$;
-- Called by replication_push, which runs with the caller's privileges (see 20261122000700_grants.sql).
revoke all on function private.rejection_details(text) from public, anon;
grant execute on function private.rejection_details(text) to authenticated, service_role;

create or replace function public.replication_push(p_collection text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  me uuid := private.require_user();
  c private.replication_collections;
  item jsonb;
  new_doc jsonb;
  assumed jsonb;
  master jsonb;
  state text;
  row_id uuid;
  cols text[];
  moderation_cols text[];
  answer_cols text[];
  affected integer;
  conflicts jsonb := '[]'::jsonb;
  rejected jsonb := '[]'::jsonb;
  err_state text;
  err_message text;
  err_hint text;
  err_detail text;
  account text := private.account_status(me);
begin
  c := private.replication_collection(p_collection);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) > 500 then
    raise exception using errcode = '22023', message = 'rows must be an array of at most 500 items', hint = 'validation';
  end if;

  for item in select value from jsonb_array_elements(p_rows) loop
    new_doc := item -> 'newDocumentState';
    assumed := nullif(item -> 'assumedMasterState', 'null'::jsonb);
    row_id := (new_doc ->> 'id')::uuid;
    master := null;
    begin
      if account <> 'active' then
        perform private.require_user(true);
      end if;
      master := private.replication_master(p_collection, row_id);
      state := master ->> 'state';
      master := master -> 'doc';

      if assumed is null or coalesce((assumed ->> '_deleted')::boolean, false) and state <> 'visible' then
        -- a new row (or one recreated after a deletion the client knows of)
        if state = 'visible' then
          conflicts := conflicts || master;
        elsif state = 'invisible' then
          raise exception using errcode = '42501', message = 'This row belongs to someone else.', hint = 'not_allowed';
        elsif coalesce((new_doc ->> '_deleted')::boolean, false) then
          null; -- created and deleted offline: nothing to do
        elsif c.insert_refusal is not null then
          raise exception using errcode = '42501', message = 'This kind of row is created online only.', hint = c.insert_refusal;
        else
          if p_collection = 'answers' and row_id is distinct from public.my_answer_id((new_doc ->> 'question_id')::uuid) then
            raise exception using errcode = '22023',
              message = 'An answer''s id must be derived from its question and your answer secret.', hint = 'invalid_id';
          end if;
          cols := array(select k from unnest(c.insertable) k where new_doc ? k);
          execute format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                         c.table_name, (select string_agg(format('%I', k), ', ') from unnest(cols) k))
            using new_doc;
        end if;

      elsif state in ('deleted', 'absent') then
        if not coalesce((new_doc ->> '_deleted')::boolean, false) then
          -- edited offline, deleted meanwhile: the deletion wins
          conflicts := conflicts || coalesce(master, private.deletion_doc(row_id, null, null));
        end if;

      elsif state = 'invisible' then
        raise exception using errcode = '42501', message = 'You no longer have access to this row.', hint = 'not_allowed';

      elsif coalesce((new_doc ->> '_deleted')::boolean, false) then
        if not c.deletable then
          raise exception using errcode = '42501', message = 'This kind of row cannot be deleted here.', hint = 'read_only';
        end if;
        if (master ->> 'server_rev') is distinct from (assumed ->> 'server_rev') and not c.delete_wins then
          conflicts := conflicts || master;
        else
          execute format('delete from public.%I where id = $1', c.table_name) using row_id;
          get diagnostics affected = row_count;
          if affected = 0 then
            raise exception using errcode = '42501', message = 'You may not delete this row.', hint = 'not_allowed';
          end if;
        end if;

      elsif (master ->> 'server_rev') is distinct from (assumed ->> 'server_rev') then
        conflicts := conflicts || master;

      else
        -- compare-and-swap: apply only the fields this device changed
        cols := array(select k from unnest(c.updatable) k
                       where (new_doc -> k) is distinct from (assumed -> k) and new_doc ? k);
        moderation_cols := '{}';
        if p_collection = 'answers' then
          if public.notebook_role((master ->> 'notebook_id')::uuid) not in ('owner', 'editor', 'collaborator') then
            -- an answerer's copy of the moderation fields is not theirs to set: the server decides
            cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes'));
          end if;
          moderation_cols := array(select k from unnest(cols) k where k in ('moderation_status', 'moderation_notes'));
          answer_cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes', 'client_clock'));
          if cardinality(answer_cols) > 0
             and coalesce((new_doc ->> 'client_clock')::bigint, 0) <= coalesce((master ->> 'client_clock')::bigint, 0) then
            -- an edit older than the one the server has: the later edit wins (S7)
            conflicts := conflicts || master;
            continue;
          end if;
          if cardinality(answer_cols) = 0 then
            -- the same words with another clock: the clock stays the server's (it marks edits
            -- of the words)
            cols := array(select k from unnest(cols) k where k <> 'client_clock');
          end if;
          if cardinality(moderation_cols) > 0 then
            if not private.moderate_answer_cas(row_id,
                     coalesce(new_doc ->> 'moderation_status', master ->> 'moderation_status'),
                     case when new_doc ? 'moderation_notes' then new_doc ->> 'moderation_notes' else master ->> 'moderation_notes' end,
                     (assumed ->> 'server_rev')::integer) then
              conflicts := conflicts || (private.replication_master(p_collection, row_id) -> 'doc');
              continue;
            end if;
            cols := array(select k from unnest(cols) k where k not in ('moderation_status', 'moderation_notes'));
            if cardinality(cols) > 0 then
              assumed := jsonb_set(assumed, '{server_rev}', to_jsonb((assumed ->> 'server_rev')::integer + 1));
            end if;
          end if;
        end if;
        if cardinality(cols) = 0 and cardinality(moderation_cols) = 0 then
          -- nothing to write: what this device changed is not its to set (the server's fields,
          -- the moderation of an answerer's copy, a clock alone). A copy that differs from the
          -- server's row gets it back, or the device would keep its own values for good.
          if exists (select 1 from jsonb_each(new_doc) d
                      where d.value is distinct from coalesce(master -> d.key, 'null'::jsonb)) then
            conflicts := conflicts || master;
          end if;
          continue;
        end if;
        if cardinality(cols) > 0 then
          execute format('update public.%1$I t set %2$s from jsonb_populate_record(null::public.%1$I, $1) s where t.id = $2 and t.server_rev = $3',
                         c.table_name, (select string_agg(format('%1$I = s.%1$I', k), ', ') from unnest(cols) k))
            using new_doc, row_id, (assumed ->> 'server_rev')::integer;
          get diagnostics affected = row_count;
          if affected = 0 then
            master := private.replication_master(p_collection, row_id);
            if master ->> 'state' = 'visible' and (master -> 'doc' ->> 'server_rev') is distinct from (assumed ->> 'server_rev') then
              conflicts := conflicts || (master -> 'doc');
            else
              raise exception using errcode = '42501', message = 'You may not change this row.', hint = 'not_allowed';
            end if;
          end if;
        end if;
      end if;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text, err_hint = pg_exception_hint,
                              err_detail = pg_exception_detail;
      rejected := rejected || jsonb_build_object(
        'id', new_doc ->> 'id',
        'reason', private.rejection_reason(err_state, err_hint),
        'code', err_state,
        'message', err_message,
        'details', private.rejection_details(err_detail),
        'document', case when master is not null and jsonb_typeof(master) = 'object' and master ? 'id' then master end);
    end;
  end loop;
  return jsonb_build_object('conflicts', conflicts, 'rejected', rejected);
end
$$;
comment on function public.replication_push(text, jsonb) is
  'RxDB push handler: rows [{newDocumentState, assumedMasterState}] → conflicts (master states) and per-row rejections with reason codes and their details, e.g. the forbidden words (S6–S9).';
