import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { StartupError } from '../startup-checks.ts';
import { openDatabase } from './index.ts';
import { applyMigrations } from './migrations.ts';

/**
 * Migrations only move forward (issue 19): a database set up by another set of migration files —
 * the ones before the fold, on a Postgres server given by DATABASE_URL — is refused in one
 * sentence that says how to start over, instead of failing halfway through "already exists".
 */

const folders: string[] = [];
function migrationsFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadernos-migrations-'));
  folders.push(dir);
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('applies each file once, and refuses a database that has migrations the folder does not', async () => {
  const before = migrationsFolder({
    '20261122000100_accounts.sql': 'create table public.people (id int);',
    '20261122000600_speed.sql': 'create index people_id on public.people (id);',
  });
  const folded = migrationsFolder({ '20261124100000_accounts.sql': 'create table public.people (id int);' });
  const db = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined });
  try {
    expect(await applyMigrations(db, before)).toEqual(['20261122000100', '20261122000600']);
    expect(await applyMigrations(db, before)).toEqual([]);

    const refusal = await applyMigrations(db, folded).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(StartupError);
    expect((refusal as Error).message).toBe(
      `The database was set up by another version of Cadernos (it has migrations 20261122000100, 20261122000600, which ${folded} does not): ` +
        'start over with a new, empty database (another DATABASE_URL, or move the data folder away), or run the version that made it',
    );
    const { rows } = await db.query(`select version from supabase_migrations.schema_migrations order by 1`);
    expect(rows).toEqual([{ version: '20261122000100' }, { version: '20261122000600' }]);
  } finally {
    await db.close();
  }
});
