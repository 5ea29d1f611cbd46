-- S10: a pull from scratch that needs more than one page reaches its end after a purge.
--
-- The bug. replication_purge raises the horizon to the newest purged tombstone (or revoked
-- access), and a checkpoint at or below the horizon is answered {resync: true}. A pass from
-- scratch hands out page checkpoints at the keys of the rows it sends — old rows, below the
-- horizon — so its second page was answered "resync", the device started over from null, and
-- never finished (tests/replication-first-sync.test.ts).
--
-- The fix, within the checkpoint clients already carry ({xid, id}, passed back unchanged):
-- below the horizon there is nothing a device starting from scratch can miss — every purged
-- tombstone and revocation committed before the pass began, so the rows they concern were
-- already gone or invisible when it read. So a pass from scratch reads in two phases:
--
--   1. every row whose key is below the pass floor (horizon + 1), by id, each at key = floor;
--      its checkpoints are (floor, id): above the horizon, so never stale;
--   2. the rest as before, by (key, id), from (floor, last id of phase 1).
--
-- The page order is (greatest(key, floor), id): one total order, so paging stays exact. S3 still
-- holds: phase 1 runs only while the floor is below the snapshot's xmin, so no row with a key
-- below the floor can commit later; phase 2 is the old query. A pull that is not from scratch
-- (checkpoint above the floor) runs exactly the old query; a checkpoint at or below the horizon
-- still gets {resync: true}. If a purge raises the horizon during a pass, that pass's phase-1
-- checkpoint falls below it and the device resyncs once (a purge runs hourly; a pass takes
-- seconds).
--
-- Parameters of the page SQL ($1–$7 as before): $1 me, $2 the key to read after, $3 the id to
-- read after, $4 snapshot xmin, $5 limit, $6 from scratch (no tombstones needed), $7 global
-- scope, $8 the pass floor ('0' when not in phase 1), $9 in phase 1.

create or replace function private.replication_pull_sql(c private.replication_collections)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  page_sql text;
  tail text := $q$
    select jsonb_agg(coalesce(case when p.live then %4$s(r, $1, p.level) end,
                              private.deletion_doc(p.id, p.notebook_id, t.keys))
                     order by p.key, p.id),
           (array_agg(p.key order by p.key desc, p.id desc))[1],
           (array_agg(p.id order by p.key desc, p.id desc))[1],
           count(*)::int
      from page p
      left join public.%1$I r on p.live and r.id = p.id
      left join private.replication_tombstones t on not p.live and t.collection = %3$L and t.id = p.id
  $q$;
begin
  if c.scope = 'notebook' then
    page_sql := $q$
      with access as (
        select a.notebook_id, a.level, a.xid
          from private.replication_access a
         where a.user_id = $1 and a.xid < $4 and (a.level <> 'none' or a.xid >= $2)
      ),
      cand as (
        select c.* from access a cross join lateral (
          -- the notebook's access changed after the checkpoint: every row written before, key = access xid
          (select r.id, a.xid as key, true as live, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid <= a.xid
              and (a.xid > $2 or (a.xid = $2 and r.id > $3))
            order by r.id limit $5)
          union all
          -- rows written after the access change and after the checkpoint, key = row xid
          (select r.id, r.replication_xid, true, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid > a.xid and r.replication_xid < $4
              and (r.replication_xid, r.id) > ($2, $3)
            order by r.replication_xid, r.id limit $5)
          union all
          (select t.id, a.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid <= a.xid and (a.xid > $2 or (a.xid = $2 and t.id > $3))
            order by t.id limit $5)
          union all
          (select t.id, t.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid > a.xid and t.xid < $4 and (t.xid, t.id) > ($2, $3)
            order by t.xid, t.id limit $5)
          union all
          -- phase 1 of a pass from scratch after a purge: rows whose key (greatest of row and
          -- access xid) is below the floor, by id, at key = floor
          (select r.id, $8, true, a.level, a.notebook_id
             from public.%1$I r
            where $9 and a.xid < $8 and r.%2$I = a.notebook_id and r.replication_xid < $8 and r.id > $3
            order by r.id limit $5)
          union all
          (select t.id, $8, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where $9 and not $6 and a.xid < $8 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid < $8 and t.id > $3
            order by t.id limit $5)
        ) c
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  elsif c.scope in ('user', 'global') then
    page_sql := $q$
      with cand as (
        (select r.id, r.replication_xid as key, true as live, 'owner'::text as level, null::uuid as notebook_id
           from public.%1$I r
          where ($7 or r.%2$I = $1) and r.replication_xid < $4 and (r.replication_xid, r.id) > ($2, $3)
          order by r.replication_xid, r.id limit $5)
        union all
        (select t.id, t.xid, false, 'owner', null::uuid
           from private.replication_tombstones t
          where not $6 and t.collection = %3$L and ($7 or t.owner_id = $1)
            and t.xid < $4 and (t.xid, t.id) > ($2, $3)
          order by t.xid, t.id limit $5)
        union all
        -- phase 1 of a pass from scratch after a purge (see above)
        (select r.id, $8, true, 'owner', null::uuid
           from public.%1$I r
          where $9 and ($7 or r.%2$I = $1) and r.replication_xid < $8 and r.id > $3
          order by r.id limit $5)
        union all
        (select t.id, $8, false, 'owner', null::uuid
           from private.replication_tombstones t
          where $9 and not $6 and t.collection = %3$L and ($7 or t.owner_id = $1) and t.xid < $8 and t.id > $3
          order by t.id limit $5)
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  else
    -- profile: me, and the people of my notebooks I may know: owners and editors know everyone
    -- in their notebooks; everyone knows the owner, editors and collaborators. Sharees never
    -- receive each other's profiles, so no sharee's device holds the id of an anonymous answerer.
    -- Keys are raised to the floor ($8, '0' outside phase 1): the whole order is computed here.
    page_sql := $q$
      with mine as (
        select a.notebook_id, a.level, a.xid, a.ever_manager from private.replication_access a where a.user_id = $1
      ),
      pairs as (
        select o.user_id as other,
               max(greatest(m.xid, o.xid)) as pair_key,
               bool_or(m.level <> 'none' and o.level <> 'none'
                       and (m.level in ('owner', 'editor') or o.level in ('owner', 'editor', 'collaborator'))) as together
          from mine m join private.replication_access o on o.notebook_id = m.notebook_id
         where o.user_id <> $1
           -- only people I may have known (a manager knows everyone; everyone knows the staff):
           -- not even a deletion names anyone else
           and (m.ever_manager or o.ever_staff)
         group by o.user_id
        union all
        select $1, '0'::xid8, true
      ),
      cand as (
        select pr.id, greatest(pr.replication_xid, p.pair_key, $8) as key, true as live,
               case when p.together then 'viewer' else 'none' end as level, null::uuid as notebook_id
          from pairs p join public.profiles pr on pr.id = p.other
         where greatest(pr.replication_xid, p.pair_key, $8) < $4
           and (greatest(pr.replication_xid, p.pair_key, $8), pr.id) > ($2, $3)
        union all
        select t.id, greatest(t.xid, p.pair_key, $8), false, 'none', null::uuid
          from pairs p join private.replication_tombstones t on t.collection = %3$L and t.id = p.other
         where not $6 and greatest(t.xid, p.pair_key, $8) < $4 and (greatest(t.xid, p.pair_key, $8), t.id) > ($2, $3)
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  end if;
  return format(page_sql || tail, c.table_name, c.scope_column, c.name, c.doc_function);
end
$$;

create or replace function public.replication_pull(p_collection text, p_checkpoint jsonb default null, p_limit integer default 100)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user(true);
  c private.replication_collections;
  lim integer := least(greatest(coalesce(p_limit, 100), 1), 1000);
  snapshot_xmin xid8 := pg_snapshot_xmin(pg_current_snapshot());
  fresh boolean := p_checkpoint is null or jsonb_typeof(p_checkpoint) <> 'object' or p_checkpoint ->> 'xid' is null;
  no_id constant uuid := '00000000-0000-0000-0000-000000000000';
  cp_xid xid8 := case when fresh then '0'::xid8 else (p_checkpoint ->> 'xid')::xid8 end;
  cp_id uuid := case when fresh then no_id else coalesce((p_checkpoint ->> 'id')::uuid, no_id) end;
  horizon xid8;
  pass_floor xid8;
  below_floor boolean;
  after_xid xid8;
  docs jsonb;
  last_key xid8;
  last_id uuid;
  n integer;
begin
  c := private.replication_collection(p_collection);
  select h.purged_xid into horizon from private.replication_horizon h;
  if not fresh and cp_xid <= horizon then
    return jsonb_build_object('documents', '[]'::jsonb, 'checkpoint', null, 'resync', true);
  end if;

  -- Phase 1 of a pass from scratch after a purge: from null, or from a phase-1 checkpoint
  -- (floor, the id of a row). An end-of-pass checkpoint (xmin, no id) never is one.
  pass_floor := (horizon::text::numeric + 1)::text::xid8;
  below_floor := horizon > '0'::xid8 and (fresh or (cp_xid = pass_floor and cp_id <> no_id));
  if below_floor and pass_floor >= snapshot_xmin then
    -- A transaction older than the purged history is still running (possible only with a
    -- retention shorter than a transaction): nothing below the floor may be handed out yet.
    return jsonb_build_object('documents', '[]'::jsonb, 'checkpoint', case when fresh then null
                              else jsonb_build_object('xid', cp_xid::text, 'id', cp_id) end);
  end if;
  after_xid := case when below_floor then pass_floor else cp_xid end;

  execute private.replication_pull_sql(c)
     into docs, last_key, last_id, n
    using me, after_xid, cp_id, snapshot_xmin, lim, fresh, c.scope = 'global',
          case when below_floor then pass_floor else '0'::xid8 end, below_floor;

  if n >= lim then
    return jsonb_build_object('documents', docs, 'checkpoint', jsonb_build_object('xid', last_key::text, 'id', last_id));
  end if;
  -- Everything below the snapshot's xmin has been delivered: move the checkpoint up to it, so
  -- that a quiet collection does not fall behind the purge horizon.
  return jsonb_build_object(
    'documents', coalesce(docs, '[]'::jsonb),
    'checkpoint', case
      when snapshot_xmin > after_xid then jsonb_build_object('xid', snapshot_xmin::text, 'id', no_id)
      when fresh then null
      else jsonb_build_object('xid', cp_xid::text, 'id', cp_id) end);
end
$$;
comment on function public.replication_pull(text, jsonb, integer) is
  'RxDB pull handler: documents after the checkpoint {xid, id} that the caller may see, deletions for those they may not (S3, S4, S5, S10).';
