-- The owner always knows who wrote an answer in their notebook (spec §1: "An anonymous answer
-- reveals the answerer's identity only to the notebook owner"), also after the writer left it.
--
-- A person's answers stay in a notebook when their access ends (removed by the owner, or by a
-- block, which deletes their share: safety migration). The profiles pull named only the people a
-- device shares a notebook with NOW, so the owner's device received the writer's profile as a
-- deletion and showed their answers as "Participante" / "Anônimo" — for good, since unblocking
-- gives no access back (the share stays deleted) and changes no row the pull keys on.
--
-- Now the profiles pull also names the writers of the answers of the notebooks I run, as far as
-- the answers already name them to me (private.replication_doc_answers): an owner receives the
-- writer of every answer, an editor the writer of a signed one (an anonymous answer's writer
-- reaches no device but the owner's and the writer's: S5). Not a writer who blocked me: a person
-- the profile's owner blocked sees nothing of it (private.profile_reach). A block or an unblock
-- changes no row the pull keys on, so private.block_changes gives each pair the transaction of
-- its last block or unblock, and the person it concerns is pulsed: their device receives the
-- profile (or its deletion) then, not only on a pass from scratch.
--
-- Replaces (supabase/tests/migrations-fold.test.ts REPLACED_LATER): private.replication_pull_sql
-- (guests migration); only its profile branch changed.

-- The last block or unblock between two people (one row per pair and direction).
create table private.block_changes (
  blocker_id uuid not null,
  blocked_id uuid not null,
  xid xid8 not null default pg_current_xact_id(),
  primary key (blocked_id, blocker_id)
);
alter table private.block_changes enable row level security;
revoke all on private.block_changes from public, anon, authenticated, service_role;

create or replace function private.note_block_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.blocks := case when tg_op = 'DELETE' then old else new end;
begin
  insert into private.block_changes as c (blocker_id, blocked_id) values (b.blocker_id, b.blocked_id)
  on conflict (blocked_id, blocker_id) do update set xid = pg_current_xact_id();
  perform private.pulse_users(array[b.blocked_id]);
  return null;
end
$$;
revoke all on function private.note_block_change() from public, anon, authenticated, service_role;

create trigger "a block or unblock moves the profiles pull" after insert or delete on public.blocks
  for each row execute function private.note_block_change();

-- The blocks made before this migration: their pairs start with this transaction.
insert into private.block_changes (blocker_id, blocked_id)
select b.blocker_id, b.blocked_id from public.blocks b
on conflict do nothing;

-- The pull's page SQL (replaces the guests migration's): the profile branch adds the writers of
-- the answers of the notebooks I run (see above); every other branch is as it was.
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
        select a.notebook_id, a.level, a.xid, a.ever_manager
          from private.replication_access a
         where a.user_id = $1 and a.xid < $4 and (a.level <> 'none' or a.xid >= $2)
      ),
      cand as (
        select c.* from access a cross join lateral (
          -- the notebook's access changed after the checkpoint: every row written before, key = access xid
          (select r.id, a.xid as key, true as live, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid <= a.xid
              and (a.xid > $2 or (a.xid = $2 and r.id > $3)) and (%5$s)
            order by r.id limit $5)
          union all
          -- rows written after the access change and after the checkpoint, key = row xid
          (select r.id, r.replication_xid, true, a.level, a.notebook_id
             from public.%1$I r
            where r.%2$I = a.notebook_id and r.replication_xid > a.xid and r.replication_xid < $4
              and (r.replication_xid, r.id) > ($2, $3) and (%5$s)
            order by r.replication_xid, r.id limit $5)
          union all
          (select t.id, a.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid <= a.xid and (a.xid > $2 or (a.xid = $2 and t.id > $3)) and (%6$s)
            order by t.id limit $5)
          union all
          (select t.id, t.xid, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where not $6 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid > a.xid and t.xid < $4 and (t.xid, t.id) > ($2, $3) and (%6$s)
            order by t.xid, t.id limit $5)
          union all
          -- phase 1 of a pass from scratch after a purge: rows whose key (greatest of row and
          -- access xid) is below the floor, by id, at key = floor
          (select r.id, $8, true, a.level, a.notebook_id
             from public.%1$I r
            where $9 and a.xid < $8 and r.%2$I = a.notebook_id and r.replication_xid < $8 and r.id > $3 and (%5$s)
            order by r.id limit $5)
          union all
          (select t.id, $8, false, a.level, a.notebook_id
             from private.replication_tombstones t
            where $9 and not $6 and a.xid < $8 and t.collection = %3$L and t.notebook_id = a.notebook_id
              and t.xid < $8 and t.id > $3 and (%6$s)
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
    -- The writers of the answers of a notebook I run stay known after their access ends, as far
    -- as the answers name them to me (the owner: every answer; an editor: signed ones), unless
    -- they blocked me. A pair's key is the latest change that may have turned it: an access, the
    -- first such answer, a block or unblock by the writer.
    -- Keys are raised to the floor ($8, '0' outside phase 1): the whole order is computed here.
    page_sql := $q$
      with mine as (
        select a.notebook_id, a.level, a.xid, a.ever_manager from private.replication_access a where a.user_id = $1
      ),
      writers as (
        select r.user_id as other,
               greatest(m.xid, min(r.replication_xid), coalesce(max(bc.xid), '0'::xid8)) as pair_key,
               not private.has_blocked(r.user_id, $1) as together
          from mine m
          join public.answers r on r.notebook_id = m.notebook_id
          left join private.block_changes bc on bc.blocker_id = r.user_id and bc.blocked_id = $1
         where r.user_id is not null and r.user_id <> $1
           and (m.level = 'owner' or (m.level = 'editor' and not r.is_anonymous))
         group by r.user_id, m.notebook_id, m.xid
      ),
      pairs as (
        select k.other, max(k.pair_key) as pair_key, bool_or(k.together) as together
          from (
            select o.user_id as other,
                   greatest(m.xid, o.xid) as pair_key,
                   m.level <> 'none' and o.level <> 'none'
                     and (m.level in ('owner', 'editor') or o.level in ('owner', 'editor', 'collaborator')) as together
              from mine m join private.replication_access o on o.notebook_id = m.notebook_id
             where o.user_id <> $1
               -- only people I may have known (a manager knows everyone; everyone knows the staff):
               -- not even a deletion names anyone else
               and (m.ever_manager or o.ever_staff)
            union all
            select w.other, w.pair_key, w.together from writers w
          ) k
         group by k.other
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
  return format(page_sql || tail, c.table_name, c.scope_column, c.name, c.doc_function,
                coalesce(c.row_readers, 'true'), coalesce(c.tombstone_readers, 'true'));
end
$$;
