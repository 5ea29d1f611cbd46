import fs from 'node:fs/promises';
import type { Database } from './types.ts';

/** Creates what a Supabase project provides before migrations (see bootstrap.sql). Idempotent. */
export async function bootstrapSupabase(db: Database): Promise<void> {
  const sql = await fs.readFile(new URL('./bootstrap.sql', import.meta.url), 'utf8');
  await db.exec(sql);
}
