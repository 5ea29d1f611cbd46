import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types.ts';
import type { WithPriorityLane } from './index.ts';
import { parseValue } from './type-parsers.ts';

/** node-postgres with the same value parsing as PGlite (see type-parsers.ts). */
const types = { getTypeParser: (oid: number) => (text: string) => parseValue(text, oid) };

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await client.query({ text: sql, values: params, types } as pg.QueryConfig);
      return {
        rows: r.rows as Row[],
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.rowCount ?? 0,
      };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

/**
 * A pool of connections to a Postgres server (DATABASE_URL) for requests; beside it, connections
 * the requests never take: each LISTEN has its own, and the priority lane (Realtime's delivery, see
 * index.ts) a pool of `laneSize`, opened on first use — a change's RLS check must not wait for a
 * connection that 40 phones' pushes and pulls keep busy.
 */
export async function openPostgres(connectionString: string, poolSize = 10, laneSize = 2): Promise<Database & WithPriorityLane> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection can be cut by the server (restart, `drop database … with (force)` right after
  // close); without a listener the pool re-emits that as an uncaught 'error' and ends the process.
  pool.on('error', (error) => console.warn('[db] idle connection lost:', error.message));
  // Fail fast with a clear error when the server is not there.
  await pool.query('select 1');
  const base = wrap(pool);
  const listeners = new Set<pg.Client>();
  let lanePool: pg.Pool | undefined;
  const lane = () => {
    if (!lanePool) {
      // Kept open while idle (no reconnecting when the next change comes after a quiet spell).
      lanePool = new pg.Pool({ connectionString, max: laneSize, idleTimeoutMillis: 0 });
      lanePool.on('error', (error) => console.warn('[db] idle priority-lane connection lost:', error.message));
    }
    return wrap(lanePool);
  };
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    priorityLane: {
      query: (sql, params) => lane().query(sql, params),
      exec: (sql) => lane().exec(sql),
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      listeners.add(client);
      // This connection is the listener's own; if the server cuts it, forget it instead of crashing
      // (an 'error' without a listener would end the process). Realtime notices and listens again.
      let lost = false;
      client.on('error', (error) => {
        console.warn('[db] listening connection lost:', error.message);
        lost = true;
        listeners.delete(client);
      });
      const handler = (msg: pg.Notification) => {
        if (msg.channel === channel) onPayload(msg.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        client.off('notification', handler);
        if (!lost) await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
        if (listeners.delete(client) || lost) await client.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      listeners.clear();
      await Promise.all([pool.end(), lanePool?.end()]);
    },
  };
}
