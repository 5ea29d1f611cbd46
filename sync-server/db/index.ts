import type { ServerConfig } from '../config.ts';
import type { Database } from './types.ts';

export type { Database, Queryable, QueryResult } from './types.ts';

/** PGlite in config.dataDir by default; a Postgres server when config.databaseUrl is set. */
export async function openDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(config.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(config.dataDir);
}
