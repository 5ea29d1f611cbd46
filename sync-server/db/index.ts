import type { ServerConfig } from '../config.ts';
import type { Database, Queryable } from './types.ts';

export type { Database, Queryable, QueryResult } from './types.ts';

/** PGlite in config.dataDir by default; a Postgres server when config.databaseUrl is set. */
export async function openDatabase(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(config.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return withPriorityLane(await openPglite(config.dataDir));
}

/** A database that also has a lane for work that must never wait behind requests. */
export interface WithPriorityLane {
  /** Single statements outside any transaction, never queued behind requests (see priorityLane). */
  readonly priorityLane: Queryable;
}

/**
 * The database's priority lane, for the background work that has to keep up whatever the load —
 * Realtime's delivery (its RLS checks): on Postgres a small pool of its own, beside the requests'
 * pool (postgres.ts); on PGlite, one connection for everything, its statements go first among
 * those waiting (withPriorityLane). A database without one (a test's wrapper) answers with itself.
 */
export function priorityLane(db: Database): Queryable {
  return (db as Database & Partial<WithPriorityLane>).priorityLane ?? db;
}

/**
 * PGlite runs one thing at a time — a statement, or a whole transaction with the JavaScript between
 * its statements — in the order asked (its own queue, first come first served). Under a class's
 * burst of pushes, a realtime check asked now would start after every request already waiting.
 * This puts one queue in front with two levels: what the priority lane asks runs as soon as the
 * statement or transaction under way ends, before the requests that were waiting. Nothing runs
 * beside anything else, as before (PGlite could not), so this costs no throughput.
 */
export function withPriorityLane(db: Database): Database & WithPriorityLane {
  const urgent: (() => void)[] = [];
  const normal: (() => void)[] = [];
  let busy = false;
  const next = () => {
    const start = urgent.shift() ?? normal.shift();
    busy = start !== undefined;
    start?.();
  };
  const run = <T>(job: () => Promise<T>, first: boolean): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      (first ? urgent : normal).push(() => {
        job()
          .then(resolve, reject)
          .finally(next);
      });
      if (!busy) next();
    });
  return {
    kind: db.kind,
    query: <Row>(sql: string, params?: unknown[]) => run(() => db.query<Row>(sql, params), false),
    exec: (sql) => run(() => db.exec(sql), false),
    transaction: (fn) => run(() => db.transaction(fn), false),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
    priorityLane: {
      query: <Row>(sql: string, params?: unknown[]) => run(() => db.query<Row>(sql, params), true),
      exec: (sql) => run(() => db.exec(sql), true),
    },
  };
}
