import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new empty database on a Postgres server (tests, benchmarks), named `<prefix>_<random>`.
 * Returns its URL and a function that drops it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'cadernos_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withClient(serverUrl: string, fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
