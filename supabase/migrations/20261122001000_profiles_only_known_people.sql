-- S5 for profiles, deletions included. A profile document — even a deletion, which RxDB keeps
-- in IndexedDB — names a person; so the profiles pull only ever mentions people the device may
-- have known: everyone, for someone who was once owner or editor of a shared notebook; the
-- owner, editors and collaborators, for everyone else. The access log remembers those two facts
-- (they only ever turn on). Before, a sharee received deletions naming every other sharee —
-- found by tests/replication-anonymity.test.ts once its device scan included deletions.

alter table private.replication_access
  add column ever_manager boolean not null default false,
  add column ever_staff boolean not null default false;
update private.replication_access
   set ever_manager = level in ('owner', 'editor'), ever_staff = level in ('owner', 'editor', 'collaborator');

create or replace function private.refresh_access(p_notebook_id uuid, p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  level text := private.notebook_membership(p_notebook_id, p_user_id);
begin
  if p_user_id is null or p_notebook_id is null then
    return;
  end if;
  if level = 'admin' then
    level := 'none'; -- admins read through the API, they do not replicate other people's notebooks
  end if;
  insert into private.replication_access as a (user_id, notebook_id, level, ever_manager, ever_staff)
  select p_user_id, p_notebook_id, level, level in ('owner', 'editor'), level in ('owner', 'editor', 'collaborator')
   where level <> 'none'
      or exists (select 1 from private.replication_access x where x.user_id = p_user_id and x.notebook_id = p_notebook_id)
  on conflict (user_id, notebook_id) do update
     set level = excluded.level, xid = pg_current_xact_id(), changed_at = now(),
         ever_manager = a.ever_manager or excluded.ever_manager,
         ever_staff = a.ever_staff or excluded.ever_staff
   where a.level is distinct from excluded.level;
  if found then
    perform private.pulse_users(array[p_user_id]);
  end if;
end
$$;

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
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  else
    -- profile: me, and the people of my notebooks I may know: owners and editors know everyone
    -- in their notebooks; everyone knows the owner, editors and collaborators. Sharees never
    -- receive each other's profiles, so no sharee's device holds the id of an anonymous answerer.
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
        select pr.id, greatest(pr.replication_xid, p.pair_key) as key, true as live,
               case when p.together then 'viewer' else 'none' end as level, null::uuid as notebook_id
          from pairs p join public.profiles pr on pr.id = p.other
         where greatest(pr.replication_xid, p.pair_key) < $4
           and (greatest(pr.replication_xid, p.pair_key), pr.id) > ($2, $3)
        union all
        select t.id, greatest(t.xid, p.pair_key), false, 'none', null::uuid
          from pairs p join private.replication_tombstones t on t.collection = %3$L and t.id = p.other
         where not $6 and greatest(t.xid, p.pair_key) < $4 and (greatest(t.xid, p.pair_key), t.id) > ($2, $3)
      ),
      page as (select * from cand order by key, id limit $5)
    $q$;
  end if;
  return format(page_sql || tail, c.table_name, c.scope_column, c.name, c.doc_function);
end
$$;
