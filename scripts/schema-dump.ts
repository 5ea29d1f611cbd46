/**
 * What a database's schema is, as text two databases can be compared by: `pg_dump --schema-only`
 * of every schema the migrations touch (grants included), then the rows they write (reference data,
 * replication settings, storage buckets) one JSON line each, without what differs on every run.
 * Used by scripts/dump-migrated-schema.ts and supabase/tests/schemas.test.ts.
 */
import { spawnSync } from 'node:child_process';
import type { Database } from '../sync-server/db/types.ts';

/** The schemas dumped. The migration bookkeeping (supabase_migrations) names the files: left out on purpose. */
export const DUMPED_SCHEMAS = ['public', 'private', 'auth', 'storage', 'realtime', 'extensions'];

/** `pg_dump --schema-only` of the database at `url` (Debian's pg_dump on PATH). */
export function dumpSchema(url: string): string {
  const dump = spawnSync('pg_dump', ['--schema-only', ...DUMPED_SCHEMAS.flatMap((s) => ['--schema', s]), url], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (dump.error) throw new Error(`pg_dump could not run: ${dump.error.message}`);
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  // pg_dump's \restrict key is random on every run.
  return dump.stdout.replace(/^\\(un)?restrict .*$/gm, '');
}

/** Every row of public and private (and the storage buckets), one JSON line each, without what differs on every run. */
export async function referenceRows(db: Database): Promise<string> {
  // collections: what a pulse names depends on the server that wrote it (the seed's forbidden words
  // pulse everyone naming no collection before migration 20261129036000, naming theirs after it).
  const volatile = ['id', 'created_at', 'updated_at', 'replication_xid', 'xid', 'txid', 'changed_at', 'deleted_at', 'purged_at', 'last_run_at', 'collections'];
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'private') or (schemaname, tablename) = ('storage', 'buckets')
      order by schemaname, tablename`,
  );
  const lines: string[] = [];
  for (const { name } of tables) {
    const { rows } = await db.query<{ line: string }>(
      `select (to_jsonb(t) - $1::text[])::text as line from ${name} t order by 1`,
      [volatile],
    );
    for (const { line } of rows) lines.push(`${name} ${line}`);
  }
  return `${lines.join('\n')}\n`;
}
