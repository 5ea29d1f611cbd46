/**
 * The schema a migrations folder makes, as `pg_dump --schema-only` prints it: a scratch database on
 * a Postgres server, the sync-server's bootstrap (what a Supabase project has before migrations),
 * the folder's migrations, then the dump of every schema they touch (grants included).
 *
 *   npx tsx scripts/dump-migrated-schema.ts <migrations folder> <output file> [server url]
 *
 * Folding migrations (issue 19) must not change the schema: dump the folder before and after and
 * diff the two files. The server url defaults to TEST_DATABASE_URL, else the local PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { bootstrapSupabase } from '../sync-server/db/bootstrap.ts';
import { openDatabase } from '../sync-server/db/index.ts';
import { applyMigrations } from '../sync-server/db/migrations.ts';
import { createScratchDatabase } from '../sync-server/db/scratch.ts';
import type { Database } from '../sync-server/db/types.ts';

const [migrationsDir, outFile, serverArg] = process.argv.slice(2);
if (!migrationsDir || !outFile) {
  console.error('usage: npx tsx scripts/dump-migrated-schema.ts <migrations folder> <output file> [server url]');
  process.exit(2);
}
const serverUrl = serverArg ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const scratch = await createScratchDatabase(serverUrl, 'cadernos_schema');
try {
  const db = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch.url });
  let rows = '';
  try {
    await bootstrapSupabase(db);
    await applyMigrations(db, migrationsDir);
    rows = await referenceRows(db);
  } finally {
    await db.close();
  }
  // The migration bookkeeping (supabase_migrations) names the files: left out on purpose.
  const schemas = ['public', 'private', 'auth', 'storage', 'realtime', 'extensions'];
  const dump = spawnSync('pg_dump', ['--schema-only', ...schemas.flatMap((s) => ['--schema', s]), scratch.url], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  // pg_dump's \restrict key is random on every run.
  const schema = dump.stdout.replace(/^\\(un)?restrict .*$/gm, '');
  fs.writeFileSync(outFile, `${schema}\n-- rows the migrations write (minus ids, clocks and times)\n${rows}`);
  console.log(`${outFile}: ${dump.stdout.split('\n').length} lines`);
} finally {
  await scratch.drop();
}

/** Every row of public and private, one JSON line each, without what differs on every run. */
async function referenceRows(db: Database): Promise<string> {
  const volatile = ['id', 'created_at', 'updated_at', 'replication_xid', 'xid', 'txid', 'changed_at', 'deleted_at', 'purged_at', 'last_run_at'];
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'private') order by schemaname, tablename`,
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
