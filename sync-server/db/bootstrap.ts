import fs from 'node:fs/promises';
import type { Database } from './types.ts';

/**
 * The internal tables of each protocol module, applied after bootstrap.sql in this order.
 * Each module owns its own schema.sql (auth.sessions, storage.objects, realtime triggers …).
 */
const MODULE_SCHEMAS = ['auth', 'storage', 'realtime'] as const;

/** Creates the API roles (anon, authenticated, service_role …) if missing. Server-wide, idempotent. */
export async function createSupabaseRoles(db: Database): Promise<void> {
  await db.exec(await fs.readFile(new URL('./roles.sql', import.meta.url), 'utf8'));
}

/** Creates what a Supabase project provides before migrations (see bootstrap.sql). Idempotent. */
export async function bootstrapSupabase(db: Database): Promise<void> {
  await createSupabaseRoles(db);
  await db.exec(await fs.readFile(new URL('./bootstrap.sql', import.meta.url), 'utf8'));
  for (const module of MODULE_SCHEMAS) {
    const sql = await fs.readFile(new URL(`../${module}/schema.sql`, import.meta.url), 'utf8').catch(() => undefined);
    if (sql) await db.exec(sql);
  }
}
