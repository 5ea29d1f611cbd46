-- Reports replicate (issue 33): the collection `reports` (scope user on reporter_id) — a device pushes
-- a new report (offline too) and pulls its own reports back with their state and decision.
-- Replaces nothing. The current form: schemas/reports.sql.
set check_function_bodies = off;

-- ---------------------------------------------------------------------------------------------
-- Replication: the collection `reports` (scope user: the reporter's own rows)
-- ---------------------------------------------------------------------------------------------

-- The device pushes a new report (offline too, queued like any write) and pulls its own reports
-- back with their state and decision; it changes none (no updatable column, no deletion). A
-- replayed push meets the row already there and gets it back as a conflict (S9). The document is
-- the row: the target's id, never its author (S5).
create index reports_replication on public.reports (reporter_id, replication_xid, id);

create or replace function private.replication_doc_reports(r public.reports, p_me uuid, p_level text)
returns jsonb language sql stable as $$
  select case when r.reporter_id = p_me then to_jsonb(r) - 'replication_xid' || '{"_deleted": false}'::jsonb end
$$;

create trigger "95 the replication revision moves" before insert or update on public.reports
  for each row execute function private.bump_replication_revision();
create trigger "replicated rows leave tombstones and pulse their readers" after insert or update or delete on public.reports
  for each row execute function private.track_replicated_row('reports', 'user', 'reporter_id');

insert into private.replication_collections
  (name, table_name, scope, scope_column, doc_function, insertable, updatable, deletable, delete_wins, insert_refusal) values
  ('reports', 'reports', 'user', 'reporter_id', 'private.replication_doc_reports',
   '{id,reporter_id,kind,target_id,reason,details}', '{}', false, false, null);
