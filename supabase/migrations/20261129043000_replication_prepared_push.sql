-- Issue 34: the push plans nothing anew. replication_master's two dynamic queries become one
-- (the row's presence and its document for the caller), and it and the push's insert and update
-- run as prepared statements of the session named by the statement's digest, as replication_page
-- does for pulls. Same rules: the master is still read by the definer and shaped by the
-- collection's document function for the caller's level; the writes still run with the caller's
-- privileges under RLS.

-- The statement of replication_master for one collection (the row's presence and its document
-- for the caller, in one query) through a prepared statement of the session named by the query's
-- digest, as replication_page does (issue 34): EXECUTE of dynamic SQL planned its two queries anew
-- on every push. Called by replication_master (SECURITY DEFINER) only; runs any SQL it is given:
-- no API role may call it.
create or replace function private.replication_master_row(p_sql text, p_id uuid, p_me uuid,
  out present boolean, out doc jsonb)
language plpgsql
volatile
set search_path = ''
as $$
declare
  stmt text := 'replication_master_' || md5(p_sql);
  call text := format('execute %I(%L, %L)', stmt, p_id, p_me);
begin
  begin
    execute call into present, doc;
  exception when invalid_sql_statement_name then
    execute format('prepare %I(uuid, uuid) as %s', stmt, p_sql);
    execute call into present, doc;
  end;
end
$$;
revoke all on function private.replication_master_row(text, uuid, uuid) from public, anon, authenticated, service_role;

-- The current master state of a row for the caller: {state: visible|invisible|deleted|absent, doc}.
-- The caller's level is the row's scope's (a notebook's role, an admin's counting as none; the
-- owner of a person's row; everyone for global rows), and the collection's document function
-- decides what of the row that level sees.
create or replace function private.replication_master(p_collection text, p_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c private.replication_collections;
  me uuid := auth.uid();
  present boolean;
  doc jsonb;
  tomb private.replication_tombstones;
begin
  c := private.replication_collection(p_collection);
  select m.present, m.doc into present, doc
    from private.replication_master_row(
      format('select true, %s(r, $2, case lv.level when ''admin'' then ''none'' else lv.level end) '
             'from public.%I r cross join lateral (select %s as level) lv where r.id = $1',
             c.doc_function, c.table_name,
             case c.scope
               when 'notebook' then format('public.notebook_role(r.%I)', c.scope_column)
               when 'user' then format('case when r.%I = $2 then ''owner'' else ''none'' end', c.scope_column)
               when 'profile' then 'case when r.id = $2 then ''owner'' else ''none'' end'
               else '''viewer''' end),
      p_id, me) m;
  if present is null then
    select * into tomb from private.replication_tombstones t where t.collection = p_collection and t.id = p_id;
    if found then
      return jsonb_build_object('state', 'deleted', 'doc', private.deletion_doc(tomb.id, tomb.notebook_id, tomb.keys));
    end if;
    return jsonb_build_object('state', 'absent');
  end if;
  if doc is null then
    return jsonb_build_object('state', 'invisible');
  end if;
  return jsonb_build_object('state', 'visible', 'doc', doc);
end
$$;
grant execute on function private.replication_master(text, uuid) to authenticated, service_role;

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
  write_sql text;
  stmt text;
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
          -- S6: a person's answer id comes from their secret, a guest's from the guest's (an
          -- answer whose guest is not on the server yet is refused as guest_not_synced: a retry)
          if p_collection = 'answers' and row_id is distinct from
             private.new_answer_id((new_doc ->> 'question_id')::uuid, (new_doc ->> 'guest_id')::uuid) then
            raise exception using errcode = '22023',
              message = 'An answer''s id must be derived from its question and the answer secret of its author (or guest).', hint = 'invalid_id';
          end if;
          cols := array(select k from unnest(c.insertable) k where new_doc ? k);
          write_sql := format('insert into public.%1$I (%2$s) select %2$s from jsonb_populate_record(null::public.%1$I, $1)',
                              c.table_name, (select string_agg(format('%I', k), ', ') from unnest(cols) k));
          -- a prepared statement of the session, named by the statement's digest (as
          -- replication_page): dynamic SQL would be planned anew on every push
          stmt := 'replication_push_' || md5(write_sql);
          begin
            execute format('execute %I(%L)', stmt, new_doc);
          exception when invalid_sql_statement_name then
            execute format('prepare %I(jsonb) as %s', stmt, write_sql);
            execute format('execute %I(%L)', stmt, new_doc);
          end;
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
          -- prepared as the insert above; counted by the statement itself (EXECUTE of a prepared
          -- statement reports no row count)
          write_sql := format('with changed as (update public.%1$I t set %2$s from jsonb_populate_record(null::public.%1$I, $1) s '
                              'where t.id = $2 and t.server_rev = $3 returning 1) select count(*)::integer from changed',
                              c.table_name, (select string_agg(format('%1$I = s.%1$I', k), ', ') from unnest(cols) k));
          stmt := 'replication_push_' || md5(write_sql);
          begin
            execute format('execute %I(%L, %L, %L)', stmt, new_doc, row_id, (assumed ->> 'server_rev')::integer) into affected;
          exception when invalid_sql_statement_name then
            execute format('prepare %I(jsonb, uuid, integer) as %s', stmt, write_sql);
            execute format('execute %I(%L, %L, %L)', stmt, new_doc, row_id, (assumed ->> 'server_rev')::integer) into affected;
          end;
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
revoke all on function public.replication_push(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.replication_push(text, jsonb) to anon, authenticated;
