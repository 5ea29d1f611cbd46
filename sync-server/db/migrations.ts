import fs from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '../startup-checks.ts';
import type { Database } from './types.ts';

/**
 * Applies every `*.sql` file of the migrations folder in file-name order, each once, each in its
 * own transaction, recording what it applied in supabase_migrations.schema_migrations (the table
 * the Supabase CLI uses). Returns the versions applied now. A database holding a version the
 * folder does not have was made by another set of migrations: refused, in one sentence.
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
  const known = new Set(files.map(versionOf));
  const unknown = [...done].filter((version) => !known.has(version)).sort();
  if (unknown.length > 0) {
    // Made by another version of the migrations (before the fold of issue 19, or a newer release):
    // applying this folder on top would fail halfway with "already exists", or worse, half-succeed.
    const listed = unknown.length > 3 ? `${unknown.slice(0, 3).join(', ')} and ${unknown.length - 3} more` : unknown.join(', ');
    throw new StartupError(
      `The database was set up by another version of Cadernos (it has migrations ${listed}, which ${migrationsDir} does not): ` +
        `start over with a new, empty database (another DATABASE_URL, or move the data folder away), or run the version that made it`,
    );
  }
  const applied: string[] = [];
  for (const file of files) {
    const version = versionOf(file);
    const nameParts = file.replace(/\.sql$/, '').split('_').slice(1);
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

/** `20261124100000` of `20261124100000_accounts.sql`: the key schema_migrations keeps. */
function versionOf(file: string): string {
  return file.replace(/\.sql$/, '').split('_')[0];
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
