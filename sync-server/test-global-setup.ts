import { openDatabase } from './db/index.ts';
import { createSupabaseRoles } from './db/bootstrap.ts';

/**
 * Before any server test file runs: create the Supabase roles once on the real Postgres server.
 * Roles belong to the whole server, and test files bootstrap their own databases in parallel;
 * doing it here first means they find the roles already there instead of racing to create them.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const db = await openDatabase({ dataDir: 'memory://', databaseUrl: url });
  try {
    await createSupabaseRoles(db);
  } finally {
    await db.close();
  }
}
