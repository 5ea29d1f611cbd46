import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './types.ts';

/**
 * Applies every `*.sql` file of the migrations folder in file-name order, each once, each in its
 * own transaction, recording what it applied in supabase_migrations.schema_migrations (the table
 * the Supabase CLI uses). Returns the versions applied now.
 */
export async function applyMigrations(db: Database, migrationsDir: string): Promise<string[]> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      name text,
      statements text[],
      applied_at timestamptz not null default now()
    );`);
  const files = (await fs.readdir(migrationsDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...nameParts] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        nameParts.join('_'),
      ]);
    });
    applied.push(version);
  }
  return applied;
}

/** True when no migration has ever been applied: a brand-new database. */
export async function isFreshDatabase(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ fresh: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is null as fresh`,
  );
  if (rows[0].fresh) return true;
  const applied = await db.query('select 1 from supabase_migrations.schema_migrations limit 1');
  return applied.rows.length === 0;
}

/**
 * Runs a seed file (idempotent SQL) if it exists, in one transaction with the given session
 * settings (set_config(…, true): they end with it); returns whether it ran.
 */
export async function applySeed(db: Database, file: string, settings: Record<string, string> = {}): Promise<boolean> {
  const sql = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (sql === undefined) return false;
  try {
    await db.transaction(async (tx) => {
      for (const [name, value] of Object.entries(settings)) await tx.query('select set_config($1, $2, true)', [name, value]);
      await tx.exec(sql);
    });
  } catch (error) {
    throw new Error(`seed ${path.basename(file)} failed: ${(error as Error).message}`, { cause: error });
  }
  return true;
}
