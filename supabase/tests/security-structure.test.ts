/**
 * ARCHITECTURE §4 as structure: RLS on every table of the exposed schema, policies named as
 * sentences (one per operation), no SECURITY DEFINER function without a fixed search_path, and
 * the membership helper being the one place roles are computed.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from './harness.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => t?.close());

test('every table in the exposed schema (public) has row level security enabled', async () => {
  const tables = await t.sql<{ name: string; rls: boolean }>(
    `select c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`,
  );
  expect(tables.length).toBeGreaterThanOrEqual(15);
  expect(tables.filter((r) => !r.rls).map((r) => r.name)).toEqual([]);
});

test('every public table has at least a read policy, and policies are sentences (one per operation)', async () => {
  const policies = await t.sql<{ table: string; name: string; cmd: string }>(
    `select tablename as table, policyname as name, cmd from pg_policies where schemaname = 'public' order by 1, 3`,
  );
  const tables = await t.sql<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`,
  );
  for (const { name } of tables) {
    expect(policies.some((p) => p.table === name && p.cmd === 'SELECT'), `${name} has a select policy`).toBe(true);
  }
  for (const p of policies) {
    expect(p.cmd, `${p.table}: "${p.name}" is for one operation`).not.toBe('ALL');
    expect(p.name.split(' ').length, `${p.table}: "${p.name}" reads as a sentence`).toBeGreaterThanOrEqual(3);
  }
  const perOperation = new Map<string, number>();
  for (const p of policies) perOperation.set(`${p.table}/${p.cmd}`, (perOperation.get(`${p.table}/${p.cmd}`) ?? 0) + 1);
  expect([...perOperation].filter(([, n]) => n > 1)).toEqual([]);
});

test('every SECURITY DEFINER function of ours pins its search_path', async () => {
  const loose = await t.sql<{ name: string }>(
    `select n.nspname || '.' || p.proname as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prosecdef
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
  );
  expect(loose).toEqual([]);
});

test('the policies compute notebook roles only through notebook_role', async () => {
  const policies = await t.sql<{ qual: string | null; with_check: string | null; name: string }>(
    `select policyname as name, qual, with_check from pg_policies where schemaname = 'public'`,
  );
  for (const p of policies) {
    const text = `${p.qual ?? ''} ${p.with_check ?? ''}`;
    expect(text, p.name).not.toMatch(/notebook_collaborators|notebook_shares/);
  }
});

test('the replication document functions stay inlinable (no SET clause, not SECURITY DEFINER)', async () => {
  const docs = await t.sql<{ name: string; config: string | null; definer: boolean }>(
    `select p.proname as name, array_to_string(p.proconfig, ',') as config, p.prosecdef as definer
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'private' and (p.proname like 'replication_doc_%' or p.proname = 'deletion_doc')`,
  );
  // one per replicated collection (13: reports, issue 33, the last) and deletion_doc
  expect(docs).toHaveLength(14);
  expect(docs.filter((d) => d.config !== null || d.definer)).toEqual([]);
});
