-- The roles a Supabase project has. Roles belong to the whole Postgres server, not to one
-- database: this part is idempotent and writes only what is missing. Runs before bootstrap.sql.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Supabase's per-role statement timeouts (enforced on a Postgres server; PGlite ignores them).
-- Roles are shared by every database of a server: only write when needed, so that several
-- databases bootstrapping at once (tests) do not update the same catalog row concurrently.
do $$
begin
  if not exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
                 where r.rolname = 'anon' and s.setdatabase = 0 and 'statement_timeout=3s' = any (s.setconfig)) then
    alter role anon set statement_timeout = '3s';
  end if;
  if not exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
                 where r.rolname = 'authenticated' and s.setdatabase = 0 and 'statement_timeout=8s' = any (s.setconfig)) then
    alter role authenticated set statement_timeout = '8s';
  end if;
end
$$;
grant anon, authenticated, service_role to current_user;
