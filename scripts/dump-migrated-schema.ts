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
import fs from 'node:fs';
import { bootstrapSupabase } from '../sync-server/db/bootstrap.ts';
import { openDatabase } from '../sync-server/db/index.ts';
import { applyMigrations } from '../sync-server/db/migrations.ts';
import { createScratchDatabase } from '../sync-server/db/scratch.ts';
import { dumpSchema, referenceRows } from './schema-dump.ts';

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
  const schema = dumpSchema(scratch.url);
  fs.writeFileSync(outFile, `${schema}\n-- rows the migrations write (minus ids, clocks and times)\n${rows}`);
  console.log(`${outFile}: ${schema.split('\n').length} lines`);
} finally {
  await scratch.drop();
}
